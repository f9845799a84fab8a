import Foundation
import LabKit
import Testing
@testable import ScrollLabCore

/// The HUD's numbers: its own fixed-point writer against printf's `%.Nf`.
@Suite struct HUDFormatTests {
    /// What the HUD wrote through `String(format:)`, a negative zero without its sign.
    static func printf(_ value: Double, _ decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }

    @Test func halfwayCasesRoundAsPrintfDoes() {
        // Exactly halfway in binary: to even. Just under or over in binary (1.005, 2.675): by the exact value.
        for (value, decimals) in [(0.125, 2), (0.375, 2), (2.5, 0), (3.5, 0), (-2.5, 0), (1.005, 2), (2.675, 2),
                                  (0.045, 2), (1.0e-7, 3), (-0.0004, 3), (-0.0, 1), (999.95, 1), (0.5, 0), (-0.5, 0)] {
            #expect(HUDFormat.number(value, decimals: decimals) == Self.printf(value, decimals), "\(value) at \(decimals)")
        }
        #expect(HUDFormat.number(0.125, decimals: 2) == "0.12")
        #expect(HUDFormat.number(2.675, decimals: 2) == "2.67")          // 2.67499999999999982236431605997495353221893310546875
        #expect(HUDFormat.number(-0.0004, decimals: 3) == "0.000")
    }

    @Test func seededValuesOfEveryMagnitudeMatchPrintf() {
        var rng = SplitMix64(seed: 58)
        for _ in 0..<200_000 {
            let magnitude = Double(rng.next() % 40) - 20                       // 1e-20 … 1e19
            let value = (rng.unit() * 2 - 1) * pow(10, magnitude)
            let decimals = Int(rng.next() % 7)
            #expect(HUDFormat.number(value, decimals: decimals) == Self.printf(value, decimals), "\(value) at \(decimals)")
        }
        // Values on a grid of halves and near them, where rounding decides.
        for k in -20_000...20_000 {
            for decimals in 0...3 {
                var step = 1.0
                for _ in 0..<decimals { step /= 10 }
                let half = (Double(k) + 0.5) * step
                for value in [half, half.nextUp, half.nextDown] {
                    #expect(HUDFormat.number(value, decimals: decimals) == Self.printf(value, decimals), "\(value) at \(decimals)")
                }
            }
        }
    }

    @Test func outsideTheExactRangeItFallsBackToPrintf() {
        #expect(HUDFormat.fixed(1e17, decimals: 0) == nil)
        #expect(HUDFormat.fixed(1.5, decimals: 9) == nil)
        #expect(HUDFormat.number(1e17, decimals: 0) == "100000000000000000")
        #expect(HUDFormat.number(.infinity, decimals: 1) == "∞")
    }

    /// `printf` is `String(format: "%.Nf")` itself, a negative zero and negative values included.
    @Test func printfIsTheFormattersOwnText() {
        var rng = SplitMix64(seed: 58)
        for _ in 0..<50_000 {
            let magnitude = Double(rng.next() % 24) - 12
            let value = (rng.unit() * 2 - 1) * pow(10, magnitude)
            let decimals = Int(rng.next() % 4)
            #expect(HUDFormat.printf(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value) at \(decimals)")
        }
        for value in [0.0, -0.0, -0.3, 0.5, 1.5, 99.5, 49.99, 100.0, 123_456_789.5, 1e17, -1e17, .infinity, -.infinity, .nan] {
            for decimals in 0...2 {
                #expect(HUDFormat.printf(value, decimals: decimals) == String(format: "%.\(decimals)f", value), "\(value) at \(decimals)")
            }
        }
        #expect(HUDFormat.printf(-0.3, decimals: 0) == "-0")
    }

    @Test func aPolicyNameTakesItsProblemAsASuperscript() {
        #expect(HUDFormat.policyName("deferred · problem 2") == "deferred²")
        #expect(HUDFormat.policyName("eager · problem 1") == "eager¹")
        #expect(HUDFormat.policyName("eager · problem 4") == "eager · problem 4")
        #expect(HUDFormat.policyName("adaptive") == "adaptive")
        #expect(HUDFormat.policyName(" · problem ") == " · problem ")
    }
}
