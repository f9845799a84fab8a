import Testing
@testable import LabKit

/// The invariant remainder gives `x % divisor` exactly: small, large and edge divisors, edge numerators and
/// a million seeded ones, counted as mismatches so one failure does not flood the log.
@Suite struct InvariantRemainderTests {
    static let divisors: [UInt64] = [1, 2, 3, 5, 7, 10, 12, 33, 100, 1000, 99_991, 100_000, 3_300_000, 65_535, 65_536, 65_537,
                                     (1 << 32) - 1, 1 << 32, (1 << 32) + 1, 1 << 63, (1 << 63) - 1, (1 << 63) + 1,
                                     UInt64.max - 1, UInt64.max, 0x9E37_79B9_7F4A_7C15]
    static let edges: [UInt64] = [0, 1, 2, (1 << 32) - 1, 1 << 32, 1 << 63, (1 << 63) - 1, UInt64.max - 1, UInt64.max]

    @Test(arguments: divisors)
    func agreesWithTheDivision(_ divisor: UInt64) {
        let remainder = InvariantRemainder(divisor)
        var rng = SplitMix64(seed: divisor)
        var mismatches = 0
        var numerators = Self.edges
        for k in [divisor &- 1, divisor, divisor &+ 1, divisor &* 2 &- 1, divisor &* 2, divisor &* 3 &+ 1] { numerators.append(k) }
        for _ in 0..<40_000 { numerators.append(rng.next()) }
        for x in numerators where remainder(x) != x % divisor { mismatches += 1 }
        #expect(mismatches == 0, "\(mismatches) of \(numerators.count) numerators differ for \(divisor)")
    }

    /// Every power of two and its neighbours: where l = ⌈log₂ divisor⌉ and the shifts change.
    @Test func agreesAroundEveryPowerOfTwo() {
        var rng = SplitMix64(seed: 4)
        var mismatches = 0
        for k in 0..<64 {
            let power: UInt64 = 1 << UInt64(k)
            for divisor in [power &- 1, power, power &+ 1] where divisor > 0 {
                let remainder = InvariantRemainder(divisor)
                for x in Self.edges + [divisor &- 1, divisor, divisor &+ 1] + (0..<200).map({ _ in rng.next() })
                where remainder(x) != x % divisor {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func agreesOnSeededDivisorsToo() {
        var rng = SplitMix64(seed: 58)
        var mismatches = 0
        for _ in 0..<2_000 {
            let divisor = Swift.max(1, rng.next() >> (rng.next() % 64))
            let remainder = InvariantRemainder(divisor)
            for _ in 0..<500 {
                let x = rng.next()
                if remainder(x) != x % divisor { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
