import Foundation
import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

/// No policy beats the oracle (B-ORACLE-1): over every bundled gesture, a seeded set of varied
/// synthetic sessions and a generated session of each kind, at every latency the lab offers, each policy's blank time is at least the
/// oracle's at that policy's own concurrency, and the two achievable schedules are at or above it.
@Suite struct OracleGestureTests {
    static let latencies = [0.0, 0.08, 0.25, 1.0]

    /// Sessions of drags and flings of varied speed and direction, pauses and catches, from a fixed seed.
    static func syntheticSessions(count: Int, seed: UInt64) -> [[PointerEvent]] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in
            var events: [PointerEvent] = [], t = 0.0
            for _ in 0..<(3 + Int(next() * 4)) {
                let speed = 200 + next() * 3800, up = next() < 0.75
                let duration = 0.05 + next() * 0.25
                let y = up ? 400.0 : 100.0
                events += SyntheticGesture.drag(from: Point(x: 160, y: y), velocity: Point(x: 0, y: up ? -speed : speed),
                                                duration: duration, at: t, hold: next() < 0.2 ? 0.3 : 0)
                t = events.last!.time + 0.1 + next() * 1.5
            }
            return events
        }
    }

    static let cases: [String] = GridBenchGestureTests.gestures + (0..<6).map { "synthetic-\($0)" }
        + ["browse", "flings", "read"].map { "generated-\($0)" }

    static func events(_ name: String) throws -> [PointerEvent] {
        if name.hasPrefix("synthetic-") { return syntheticSessions(count: 6, seed: 27)[Int(name.dropFirst(10))!] }
        if name.hasPrefix("generated-"), let kind = BrowsingSessionGenerator.Kind(rawValue: String(name.dropFirst(10))) {
            // A session of the population generator (B-GEN-1), as `gestures generate` writes it.
            return BrowsingSessionGenerator(kind: kind, seed: 2027).session(0)
        }
        return try GridBenchGestureTests.events(name)
    }

    @Test(arguments: cases)
    func noPolicyBeatsTheOracle(gesture: String) throws {
        let events = try Self.events(gesture)
        for latency in Self.latencies {
            var config = GridSceneConfiguration()
            config.latency = latency
            let bench = GridBench(configuration: config)
            var oracles: [Int: BlankTimeOracle] = [:]
            for kind in LoadingPolicyKind.allCases {
                let limit = kind.makePolicy().maxConcurrentLoads ?? config.maxConcurrentLoads
                let oracle = oracles[limit] ?? bench.oracle(events, maxConcurrent: limit)
                oracles[limit] = oracle
                let blank = bench.run(events, policy: kind).metrics.blankTileSeconds
                #expect(blank >= oracle.blankTileSeconds - 1e-9,
                        "\(gesture) at \(latency) s: \(kind) \(blank) below the oracle \(oracle.blankTileSeconds)")
            }
            let lab = oracles[config.maxConcurrentLoads]!
            #expect(lab.aggressive.blankTileSeconds >= lab.blankTileSeconds - 1e-9, "\(gesture) at \(latency) s: aggressive")
            #expect(lab.conservative.blankTileSeconds >= lab.blankTileSeconds - 1e-9, "\(gesture) at \(latency) s: conservative")
            if latency > 0 { #expect(lab.blankTileSeconds > 0, "\(gesture): the first screen waits for its loads") }
        }
    }
}
