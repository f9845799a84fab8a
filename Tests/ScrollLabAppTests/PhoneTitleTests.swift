import Foundation
import LabKit
import Testing
@testable import ScrollLabApp

/// The figures line over each phone in compare mode.
@MainActor @Suite struct PhoneTitleTests {
    /// `figures` writes its numbers as `String(format:)` did: halfway values (0.005, 0.125, 99.5%) and values
    /// just either side of them, with and without a network.
    @Test func figuresAreTheFormattersLine() {
        var m = LoadMetrics()
        var checked = 0
        for loads in [0, 7, 1234] {
            for bytes in [0, 499, 500, 1500, 2500, 265_499, 265_500, 10_000_000] {
                for blank in [0, 0.005, 0.015, 0.125, 0.63, 1.005, 2.675, 12.345, 99.995, 0.004999999] {
                    for ready in [0, 0.005, 0.125, 0.5, 0.925, 0.995, 0.985, 1] {
                        for network in [false, true] {
                            m.loadsIssued = loads
                            m.networkBytes = bytes
                            m.blankTileSeconds = blank
                            m.readyOnAppearShare = ready
                            var parts = ["\(loads) loads"]
                            if network { parts.append(String(format: "%.0f kB", Double(bytes) / 1000)) }
                            parts.append(String(format: "blank %.2f", blank))
                            parts.append(String(format: "ready %.0f%%", ready * 100))
                            #expect(PhoneTitle.figures(m, network: network) == parts.joined(separator: " · "))
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 8 * 10 * 8 * 2)
    }
}
