#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SplitMix64 (Steele, Lea and Flood, OOPSLA 2014): a small, fast, seedable generator. The same seed gives
/// the same numbers on every platform, so a generated population is reproducible byte for byte.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator started from `seed`.
    public init(seed: UInt64) { state = seed }

    /// A generator for item `index` of a stream seeded `seed`: items are independent of each other and
    /// of how many there are.
    public init(seed: UInt64, index: Int) {
        var mixer = SplitMix64(seed: seed ^ (UInt64(bitPattern: Int64(index)) &* 0xD6E8_FEB8_6659_FD93))
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= Self.gamma
        return Self.finalize(state)
    }

    /// The step the state takes per draw: the k-th draw from `seed` is `finalize(seed &+ k &* gamma)`, so
    /// a draw far into the stream is had without the ones before it.
    static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The output function: a state's draw.
    @inline(__always)
    static func finalize(_ state: UInt64) -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in [a, b).
    public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    /// Standard normal (Box–Muller; one of the pair is used, so each call takes two draws).
    public mutating func normal() -> Double {
        let u = Swift.max(unit(), 1e-300), v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// Log-normal with median `median` and log-space standard deviation `sigma`.
    public mutating func logNormal(median: Double, sigma: Double) -> Double { median * exp(sigma * normal()) }

    /// Exponential with mean `mean`.
    public mutating func exponential(mean: Double) -> Double { -mean * log(Swift.max(1 - unit(), 1e-300)) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// An element of `weighted` picked with probability proportional to its weight.
    public mutating func pick<T>(_ weighted: [(T, Double)]) -> T {
        let total = weighted.reduce(0) { $0 + $1.1 }
        var x = unit() * total
        for (value, weight) in weighted {
            if x < weight { return value }
            x -= weight
        }
        return weighted[weighted.count - 1].0
    }
}
