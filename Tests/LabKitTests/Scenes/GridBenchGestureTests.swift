import Foundation
import Testing
@testable import ScrollKit
import LabKit

/// The bench over the bundled gestures (Assets/Gestures): relations that hold whatever the physics
/// constants, checked for every gesture and every policy.
@Suite struct GridBenchGestureTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Gestures")

    /// The grid gestures bundled with the lab (pager gestures are not grid gestures).
    static let gestures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix("pager-") }.map { String($0.dropLast(6)) }.sorted()
    }()

    static func events(_ gesture: String) throws -> [PointerEvent] {
        try GestureFile.parse(String(contentsOf: directory.appendingPathComponent(gesture + ".jsonl"), encoding: .utf8))
    }

    @Test func theFiveBundledGridGesturesAreFound() {
        #expect(Self.gestures == ["fling-stop-reverse", "long-browse", "rapid-flings", "single-fling", "slow-drag"])
    }

    /// B-POL-1: no policy issues fewer-or-equal loads with less-or-equal blank time than Adaptive and
    /// is strictly better on one of them; and none ties it on both unless the tie is at the bound
    /// (the first screen's unavoidable wait, where every sensible policy is equal). On fling-stop-reverse
    /// Prefetch, which asks for its window below the first screen as the view opens (as UIKit does), ties
    /// Adaptive at the oracle's 0.533 tile·s for the same 24 loads (pinned, so a change shows).
    @Test(arguments: gestures)
    func adaptiveIsNotDominated(gesture: String) throws {
        let rows = GridBench().rows(try Self.events(gesture))
        let m = Dictionary(uniqueKeysWithValues: rows.map { ($0.policy, $0.metrics) })
        let adaptive = m["adaptive"]!, oracle = m["bound-oracle"]!
        for kind in LoadingPolicyKind.allCases where kind != .adaptive {
            let o = m[kind.rawValue]!
            let noMoreLoads = o.loadsIssued <= adaptive.loadsIssued
            let noMoreBlank = o.blankTileSeconds <= adaptive.blankTileSeconds + 1e-9
            let strictly = o.loadsIssued < adaptive.loadsIssued || o.blankTileSeconds < adaptive.blankTileSeconds - 1e-9
            if gesture == "fling-stop-reverse" && kind == .prefetch {
                #expect(o.loadsIssued == 24 && abs(o.blankTileSeconds - 16.0 / 30) < 1e-6)
                #expect(adaptive.loadsIssued == 24 && abs(adaptive.blankTileSeconds - 16.0 / 30) < 1e-6)
            }
            #expect(!(noMoreLoads && noMoreBlank && strictly),
                    "\(gesture): \(kind) \(o.loadsIssued) loads \(o.blankTileSeconds) tile·s vs adaptive \(adaptive.loadsIssued) \(adaptive.blankTileSeconds)")
            if noMoreLoads && noMoreBlank {
                // An exact tie: only where Adaptive already meets the oracle.
                #expect(abs(adaptive.blankTileSeconds - oracle.blankTileSeconds) < 1e-9, "\(gesture): \(kind) ties adaptive above the bound")
            }
        }
    }

    /// The oracle row bounds every policy: they all run on the shared pipeline it is computed for
    /// (B-PIPE-1, B-ORACLE-2; the `@shipped` variants against their own in `OracleGestureTests`).
    @Test(arguments: gestures)
    func oracleBoundsThePolicies(gesture: String) throws {
        let bench = GridBench()
        let rows = bench.rows(try Self.events(gesture))
        let m = Dictionary(uniqueKeysWithValues: rows.map { ($0.policy, $0.metrics) })
        let bound = m["bound-oracle"]!
        #expect(bound.blankTileSeconds > 0)   // the first screen has to wait for one load
        for kind in LoadingPolicyKind.allCases {
            #expect(m[kind.rawValue]!.blankTileSeconds >= bound.blankTileSeconds - 1e-9, "\(gesture): \(kind) below the bound")
        }
        for row in rows { #expect(row.metrics.staleFrames == 0 && row.metrics.cacheHitFades == 0, "\(gesture): \(row.policy)") }
    }

    /// With loads that are their 6 ms decode alone (0 ms), Adaptive's look-ahead is the plan's lead time, not
    /// the fling's two-row window (`flingWindowMinimum`): no image it loads is evicted before its tile shows,
    /// and the only blank is the first screen's 4 tiles for one frame (long-browse wasted 4 loads and
    /// fling-stop-reverse 2 while the window ran at every load time).
    @Test(arguments: gestures)
    func adaptiveAtZeroLatencyWastesNoLoad(gesture: String) throws {
        var config = GridSceneConfiguration()
        config.latency = 0
        let metrics = GridBench(configuration: config).run(try Self.events(gesture), policy: .adaptive).metrics
        #expect(metrics.loadsWasted == 0, "\(gesture): \(metrics.loadsWasted) wasted")
        #expect(abs(metrics.blankTileSeconds - 4.0 / 60) < 1e-6, "\(gesture): \(metrics.blankTileSeconds) tile·s")
    }
}
