import Testing
import ScrollKit
@testable import LabKit

/// A modelled network whose profile changes at given times, as a phone's does when it moves from 3G to
/// EDGE to Wi-Fi: the policy is never told.
struct SwitchingNetwork: ImageSource {
    var base: NetworkImageSource
    /// From each time on, the profile.
    var switches: [(time: Double, profile: NetworkProfile)]

    mutating func apply(_ time: Double) {
        while let s = switches.first, s.time <= time {
            base.profile = s.profile
            switches.removeFirst()
        }
    }

    mutating func begin(_ ticket: LoadTicket, time: Double) {
        apply(time)
        base.begin(ticket, time: time)
    }

    mutating func cancel(_ ticket: LoadTicket) { base.cancel(ticket) }

    mutating func nextCompletion(upTo time: Double) -> LoadCompletion? {
        apply(time)
        return base.nextCompletion(upTo: time)
    }

    var traffic: SourceTraffic { base.traffic }
    func isStoredLocally(_ key: ImageKey) -> Bool { base.isStoredLocally(key) }
}

@Suite struct LoadDurationEstimateTests {
    @Test func thePriorGivesWayToTheFirstMeasurementThenAMovingAverage() {
        var e = LoadDurationEstimate()
        #expect(e.mean == 0.5 && e.samples == 0)
        e.record(0.086)
        #expect(e.mean == 0.086)
        e.record(1.086)
        #expect(abs(e.mean - (0.086 + 0.25 * 1.0)) < 1e-12)
        // A load running for 2 s raises the estimate before it ends; one younger than the mean does not.
        #expect(e.value(at: 10, oldestStart: 8) == 2)
        #expect(abs(e.value(at: 10, oldestStart: 9.9) - e.mean) < 1e-12)
        #expect(e.value(at: 10, oldestStart: nil) == e.mean)
    }

    /// The pipeline measures its own loads, begin to completion; disk-cache hits are not measures of the
    /// network and leave the estimate alone.
    @Test func thePipelineMeasuresNetworkLoadsButNotDiskHits() {
        let net = NetworkImageSource(profile: .threeG, defaultBytes: 25_000, decodeCost: 0.006, decodedBytes: 1000,
                                     connectionsPerHost: 6, diskByteLimit: 1 << 20, diskEntries: [3])
        var p = ImagePipeline(source: net, cacheByteLimit: 10_000)
        #expect(p.expectedLoadDuration == LoadDurationEstimate.defaultPrior)
        p.request(ImageKey(asset: 3), priority: 0, time: 0)
        #expect(p.loadsInFlight == 1)
        while p.completeNext(upTo: 10) != nil {}
        #expect(p.expectedLoadDuration == 0.5 && p.loadDurations.samples == 0)
        p.request(ImageKey(asset: 4), priority: 0, time: 10)
        // While it runs, its age raises the estimate.
        #expect(abs(p.expectedLoadDuration(at: 10.6) - 0.6) < 1e-9 && p.expectedLoadDuration(at: 10.2) == 0.5)
        let done = p.completeNext(upTo: 20)!
        #expect(p.loadDurations.samples == 1 && abs(p.expectedLoadDuration - (done.time - 10)) < 1e-12)
        #expect(p.expectedLoadDuration > 0.5 && p.expectedLoadDuration < 1.5)
    }

    /// One session of generated browsing while the network goes from 3G to EDGE to Wi-Fi: Adaptive reads
    /// only what its loads measured, and follows. On EDGE the load duration its rules read (`loadDuration`:
    /// a load sharing the link with the pipeline's others, while the link limits its loads at once) passes
    /// `lookAheadLimit` and it stops loading look-ahead (no drag-ahead row, no passed tiles); on Wi-Fi the
    /// estimate falls to tens of milliseconds within a few loads and the look-ahead comes back.
    @Test func adaptiveFollowsTheNetworkAsItChanges() throws {
        let events = Array(BrowsingSessionGenerator(kind: .browse, seed: 4).session(0))
        let end = events.last!.time
        let t1 = end / 3, t2 = 2 * end / 3
        var config = GridSceneConfiguration()
        config.policy = .adaptive
        let net = NetworkImageSource(profile: .threeG, defaultBytes: 25_000, decodeCost: config.decodeCost,
                                     decodedBytes: config.bytesPerImage, connectionsPerHost: 6, diskByteLimit: 100 << 20)
        let scene = GridScene(configuration: config, source: SwitchingNetwork(base: net, switches: [(t1, .edge), (t2, .wifi)]))
        var estimates: [(time: Double, value: Double, duration: Double, lookingAhead: Bool)] = []
        var lookAheadByPhase = [0, 0, 0]
        var lastPlan: Set<Int> = []
        _ = HeadlessReplay().run(events, on: scene) { time in
            let context = scene.context(time: time)
            let adaptive = scene.policy as! AdaptivePolicy
            estimates.append((time, context.expectedLoadDuration, adaptive.loadDuration(context), adaptive.isLookingAhead(context)))
            let phase = time < t1 ? 0 : (time < t2 ? 1 : 2)
            lookAheadByPhase[phase] += adaptive.plan.subtracting(lastPlan).count
            lastPlan = adaptive.plan
        }
        func last(before t: Double) -> (time: Double, value: Double, duration: Double, lookingAhead: Bool) {
            estimates.last { $0.time < t }!
        }
        let g3 = last(before: t1), edge = last(before: t2), wifi = estimates.last!
        // 3G: one 25 kB image over 780 kbit/s shared by the loads in flight: about a second, under the limit.
        #expect(g3.value > 0.3 && g3.value < 3, "3G estimate \(g3.value)")
        // EDGE: several seconds; no look-ahead at the end of the phase, and none requested in its second half.
        // Its loads at once limited to the link's (3 or 4), each measured load is shorter (about 2.5 s) than
        // one sharing the link with 6; the rules read the latter (time to first byte + 6 image transfers).
        #expect(edge.value > 1.5, "EDGE estimate \(edge.value)")
        #expect(edge.duration > 3 && edge.duration >= edge.value, "EDGE load duration \(edge.duration)")
        #expect(!edge.lookingAhead)
        // Wi-Fi: a few milliseconds of round trip and a decode.
        #expect(wifi.value < 0.05 && wifi.lookingAhead, "Wi-Fi estimate \(wifi.value)")
        #expect(lookAheadByPhase[0] > 0 && lookAheadByPhase[2] > 0, "look-ahead by phase \(lookAheadByPhase)")
        let secondHalfOfEdge = estimates.filter { $0.time > (t1 + t2) / 2 && $0.time < t2 }
        #expect(secondHalfOfEdge.allSatisfy { !$0.lookingAhead })
    }
}
