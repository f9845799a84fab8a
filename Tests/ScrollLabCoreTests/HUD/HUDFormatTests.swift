import Foundation
import LabKit
import ScrollKit
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

    /// A pager's rewritten target keeps its three points in the events list's cell: the forms drop the
    /// velocity's unit, then its zero axis, never a point.
    @Test func aRewrittenTargetHasShorterFormsThatKeepEveryPoint() throws {
        let paged = ScrollEventRecord(time: 2, offset: Point(x: 79, y: 0),
                                      event: .willEndDragging(velocity: Point(x: 1.19, y: 0), target: Point(x: 660, y: 0),
                                                              proposedTarget: Point(x: 680, y: 0)))
        #expect(HUDFormat.argumentForms(of: paged) == ["v=(1.19, 0.00) pt/ms → (660, 0) was (680, 0)",
                                                       "v=(1.19, 0.00) → (660, 0) was (680, 0)",
                                                       "vx=1.19 → (660, 0) was (680, 0)"])
        let natural = ScrollEventRecord(time: 2, offset: .zero, event: .willEndDragging(
            velocity: Point(x: 0, y: 2.31), target: Point(x: 0, y: 5230), proposedTarget: Point(x: 0, y: 5230)))
        #expect(HUDFormat.argumentForms(of: natural) == ["v=(0.00, 2.31) pt/ms → (0, 5230)"])
        // In the window's events column (40 characters of 7 pt here), the first form that fits is drawn whole.
        var events = EventLog(capacity: 4)
        events.append(paged)
        let layout = HUDLayout(HUDLayoutPassTests.snapshot(policies: 0, wrapping: false, inner: false, tiles: 6), events: events,
                               status: HUDLayoutPassTests.status(network: false), metrics: HUDLayoutPassTests.monospaced,
                               size: HUDLayout.baseSize)
        let line = try #require(layout.boxes.first { $0.text.contains("→ (660, 0)") })
        #expect(!line.text.contains("…") && line.text.hasSuffix("was (680, 0)"))
    }
}
