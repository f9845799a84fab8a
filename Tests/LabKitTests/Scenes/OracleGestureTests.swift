import Foundation
import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

/// No row beats its oracle (B-ORACLE-1, B-ORACLE-2): over every bundled gesture, a seeded set of varied
/// synthetic sessions and a small generated population of each kind, at 0/80/250/1000 ms and under every
/// network profile, every policy — on the shared pipeline and as a `@shipped` variant on its system's —
/// shows at least the blank time of the oracle computed for its pipeline; under HTTP/2 and other
/// connection counts too; and the two achievable schedules are at or above the bound.
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

    /// Sessions of the population generator per kind (B-GEN-1), as `gestures generate` writes them; each
    /// cut after the first lift past `generatedSeconds` to keep the test quick.
    static let populationSize = 2
    static let generatedSeconds = 6.0

    static let cases: [String] = GridBenchGestureTests.gestures + (0..<1).map { "synthetic-\($0)" }
        + BrowsingSessionGenerator.Kind.allCases.flatMap { kind in (0..<populationSize).map { "generated-\(kind.rawValue)-\($0)" } }

    static func events(_ name: String) throws -> [PointerEvent] {
        if name.hasPrefix("synthetic-") { return syntheticSessions(count: 6, seed: 27)[Int(name.dropFirst(10))!] }
        if name.hasPrefix("generated-") {
            let parts = name.split(separator: "-")
            let kind = BrowsingSessionGenerator.Kind(rawValue: String(parts[1]))!
            let session = BrowsingSessionGenerator(kind: kind, seed: 2027).session(Int(parts[2])!)
            guard let t0 = session.first?.time,
                  let cut = session.firstIndex(where: { $0.phase == .up && $0.time - t0 > generatedSeconds }) else { return session }
            return Array(session[...cut])
        }
        return try GridBenchGestureTests.events(name)
    }

    /// The bundled images' stored sizes: the bytes a network moves.
    static let assetBytes: [Int] = {
        let directory = GridBenchGestureTests.directory.deletingLastPathComponent().appendingPathComponent("Images")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        return names.compactMap { name in
            (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path))?[.size] as? Int
        }
    }()

    /// The conditions: every latency, every network profile, HTTP/2, fewer connections and TLS on the lossy
    /// and a lossless profile, and a single connection.
    static let conditions: [GridSceneConfiguration] = {
        var out: [GridSceneConfiguration] = []
        for latency in latencies {
            var c = GridSceneConfiguration()
            c.latency = latency
            out.append(c)
        }
        for profile in NetworkProfile.all {
            var c = GridSceneConfiguration()
            c.network = profile
            c.assetByteSizes = assetBytes
            out.append(c)
        }
        for profile in [NetworkProfile.threeG, .veryBad] {
            for (connections, http, tls) in [(6, HTTPVersion.http2, false), (2, .http1_1, false), (6, .http1_1, true), (6, .http2, true)] {
                var c = GridSceneConfiguration()
                c.network = profile
                c.assetByteSizes = assetBytes
                c.connections = connections
                c.httpVersion = http
                c.tls = tls
                out.append(c)
            }
        }
        var few = GridSceneConfiguration()
        few.connections = 1
        out.append(few)
        return out
    }()

    @Test func theBundledImagesAreRead() {
        #expect(Self.assetBytes.count == 72 && Self.assetBytes.allSatisfy { $0 > 0 })
    }

    /// Each gesture under each of its conditions, one test case per pair so that the pairs run in parallel.
    /// The 60 s long-browse runs the latencies and the profiles; the pipeline variations run on the rest.
    static let runs: [(gesture: String, condition: Int)] = cases.flatMap { gesture in
        let count = gesture == "long-browse" ? latencies.count + NetworkProfile.all.count : conditions.count
        return (0..<count).map { (gesture, $0) }
    }

    @Test(arguments: runs)
    func noRowBeatsTheOracleOfItsPipeline(gesture: String, condition: Int) throws {
        let events = try Self.events(gesture)
        let config = Self.conditions[condition]
        let bench = GridBench(configuration: config)
        let what = "\(gesture) at \(config.network?.name ?? "\(config.latency) s") \(config.connections) conn \(config.httpVersion)\(config.tls ? " tls" : "")"
        let screens = bench.oracleScreens(events)
        let shared = bench.oracle(screens: screens)
        for variant in PolicyVariant.shared + PolicyVariant.shipped {
            let oracle = variant.isShipped ? bench.oracle(screens: screens, variant: variant) : shared
            let blank = bench.run(events, variant: variant).metrics.blankTileSeconds
            #expect(blank >= oracle.blankTileSeconds - 1e-9, "\(what): \(variant) \(blank) below its oracle \(oracle.blankTileSeconds)")
        }
        #expect(shared.aggressive.blankTileSeconds >= shared.blankTileSeconds - 1e-9, "\(what): aggressive")
        #expect(shared.conservative.blankTileSeconds >= shared.blankTileSeconds - 1e-9, "\(what): conservative")
        if config.network != nil || config.latency > 0 { #expect(shared.blankTileSeconds > 0, "\(what): the first screen waits for its loads") }
    }
}
