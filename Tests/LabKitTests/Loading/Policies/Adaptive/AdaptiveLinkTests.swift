import Foundation
import Testing
@testable import ScrollKit
@testable import LabKit

/// Adaptive's network loads at once (`linkLoads`): as many as keep the measured link busy, and one more;
/// none of its own where the link has no bandwidth to share.
@Suite struct AdaptiveLinkTests {
    /// A context at rest on a pipeline of 6 loads at once, with the link measured as given.
    func context(ttfb: Double?, transfer: Double?, expected: Double = 0.5, velocity: Double = 0, tracking: Bool = false) -> LoadingContext {
        var c = LoadingContext(time: 1, velocity: Point(x: 0, y: velocity), isTracking: tracking, isDragging: tracking,
                               userDragging: tracking, expectedLoadDuration: expected, measuredLoads: 3, maxConcurrentLoads: 6)
        c.timeToFirstByte = ttfb
        c.imageTransferTime = transfer
        return c
    }

    /// Link figures as the modelled profiles measure them: EDGE (840 ms round trip, 240 kbit/s), 3G
    /// (200 ms, 780 kbit/s), LTE (115 ms, 50 Mbit/s), 25 kB images.
    let edge = (ttfb: 0.87, transfer: 0.837), threeG = (ttfb: 0.205, transfer: 0.2576), lte = (ttfb: 0.12, transfer: 0.004)

    @Test func noLimitBeforeTheLinkIsMeasured() {
        let p = AdaptivePolicy()
        #expect(p.linkLoads(context(ttfb: nil, transfer: nil)) == nil)
        #expect(p.linkLoads(context(ttfb: 0.87, transfer: nil)) == nil)
        #expect(p.linkLoads(context(ttfb: nil, transfer: 0.837)) == nil)
        // A link too fast to measure (0 s per image): nothing to share.
        #expect(p.linkLoads(context(ttfb: 0.87, transfer: 0)) == nil)
    }

    /// 1 + ttfb / transfer loads keep the link busy, rounded up, and one spare: EDGE 1 + 0.87/0.837 = 2.04 → 3 + 1;
    /// 3G 1 + 0.205/0.2576 = 1.80 → 2 + 1. On LTE 31 loads would be needed, more than the pipeline's 6: no limit.
    @Test func theLoadsThatKeepTheLinkBusyAndOneMore() {
        let p = AdaptivePolicy()
        #expect(p.linkLoads(context(ttfb: edge.ttfb, transfer: edge.transfer)) == 4)
        #expect(p.linkLoads(context(ttfb: threeG.ttfb, transfer: threeG.transfer)) == 3)
        #expect(p.linkLoads(context(ttfb: lte.ttfb, transfer: lte.transfer)) == nil)
        // Busy exactly the pipeline's 6 is no limit either; 4 busy is 5 loads.
        #expect(p.linkLoads(context(ttfb: 5, transfer: 1)) == nil)
        #expect(p.linkLoads(context(ttfb: 3, transfer: 1)) == 5)
        // The spare is a setting.
        var none = AdaptivePolicy()
        none.tuning.linkLoadsSpare = 0
        #expect(none.linkLoads(context(ttfb: edge.ttfb, transfer: edge.transfer)) == 3)
    }

    @Test func noLimitWhenTheLinkIsNotFollowed() {
        var p = AdaptivePolicy()
        p.tuning.limitsLinkLoads = false
        #expect(p.linkLoads(context(ttfb: edge.ttfb, transfer: edge.transfer)) == nil)
        #expect(p.loadDuration(context(ttfb: edge.ttfb, transfer: edge.transfer)) == 0.5)
    }

    /// While limited, the rules read at least what a load takes with the pipeline's 6 sharing the link:
    /// EDGE 0.87 + 6 × 0.837 = 5.892 s. Unlimited (LTE, not measured), the measured duration.
    @Test func theLoadDurationIsRaisedOnlyWhileLimited() {
        let p = AdaptivePolicy()
        let shared = edge.ttfb + 6 * edge.transfer
        #expect(p.loadDuration(context(ttfb: edge.ttfb, transfer: edge.transfer)) == shared)
        #expect(abs(shared - 5.892) < 1e-12)
        #expect(p.loadDuration(context(ttfb: edge.ttfb, transfer: edge.transfer, expected: 7)) == 7)
        #expect(p.loadDuration(context(ttfb: threeG.ttfb, transfer: threeG.transfer)) == threeG.ttfb + 6 * threeG.transfer)
        #expect(p.loadDuration(context(ttfb: lte.ttfb, transfer: lte.transfer)) == 0.5)
        #expect(p.loadDuration(context(ttfb: nil, transfer: nil)) == 0.5)
        // The rules follow it: 2 s measured loads look ahead, unless the link is EDGE's and limited.
        #expect(p.isLookingAhead(context(ttfb: nil, transfer: nil, expected: 2)))
        #expect(!p.isLookingAhead(context(ttfb: edge.ttfb, transfer: edge.transfer, expected: 2)))
        // 3G's shared load (1.75 s) is no longer quick, nor in the prefetch window's regime.
        var disk = context(ttfb: threeG.ttfb, transfer: threeG.transfer, expected: 0.15)
        disk.diskCache = MemoryCache<ImageKey>(byteLimit: 1 << 20)
        #expect(!p.isQuick(disk) && !p.usesWindow(disk))
        disk.timeToFirstByte = nil
        #expect(p.isQuick(disk) && p.usesWindow(disk))
    }

    /// Every decision sets `networkLoadsAtOnce` to the link's loads at that moment.
    @Test func theDecisionCarriesTheLimit() {
        var p = AdaptivePolicy()
        #expect(p.networkLoadsAtOnce == nil)
        _ = p.decide(.frame, in: context(ttfb: edge.ttfb, transfer: edge.transfer))
        #expect(p.networkLoadsAtOnce == 4)
        _ = p.decide(.frame, in: context(ttfb: threeG.ttfb, transfer: threeG.transfer))
        #expect(p.networkLoadsAtOnce == 3)
        _ = p.decide(.appear([0, 1]), in: context(ttfb: lte.ttfb, transfer: lte.transfer))
        #expect(p.networkLoadsAtOnce == nil)
        _ = p.decide(.didEndDecelerating, in: context(ttfb: edge.ttfb, transfer: edge.transfer))
        #expect(p.networkLoadsAtOnce == 4)
        // The other policies run the pipeline's loads at once.
        var eager = EagerPolicy()
        _ = eager.decide(.frame, in: context(ttfb: edge.ttfb, transfer: edge.transfer))
        #expect(eager.networkLoadsAtOnce == nil)
    }

    // MARK: - A whole session

    static let long = try! GestureFile.parse(String(contentsOf: GridBenchGestureTests.directory.appendingPathComponent("long-browse.jsonl"),
                                                    encoding: .utf8))

    /// Replays the 60 s long-browse under Adaptive over `network`; after every frame, the pipeline's limit
    /// is the policy's, and no network load started past it. Loads start within a frame under the last
    /// frame's limit or the one a decision of this frame set, and a lowered limit lets the running ones
    /// finish; so while more run than the limit, either none was added since the last frame, or they are
    /// within the last frame's limit. (The frame that measures the first responses starts loads before
    /// any limit: it is skipped.) Returns the limits seen.
    func session(network: NetworkProfile?, latency: Double = 0.080) -> [Int?] {
        var config = GridSceneConfiguration()
        config.network = network
        config.latency = latency
        var limits: [Int?] = []
        var before: Set<Int> = []
        var lastLimit: Int?
        _ = GridBench(configuration: config).run(Self.long, policy: .adaptive) { scene, time in
            let limit = scene.pipeline.networkLimit
            #expect(limit == scene.policy.networkLoadsAtOnce, "\(network?.name ?? "latency") at \(time)")
            let running = Set(scene.pipeline.running.filter { !$0.isLocal }.map(\.ticket.id))
            if let limit, let lastLimit, running.count > limit, !running.isSubset(of: before) {
                #expect(running.count <= lastLimit,
                        "\(network?.name ?? "latency") at \(time): \(running.count) network loads, limit \(lastLimit) then \(limit)")
            }
            before = running
            lastLimit = limit
            limits.append(limit)
        }
        return limits
    }

    @Test(arguments: [NetworkProfile.edge, .threeG])
    func onASlowLinkTheNetworkLoadsFollowTheLink(_ profile: NetworkProfile) {
        let limits = session(network: profile)
        // Nil until the first responses are measured, then a limit for the rest of the session.
        let first = limits.firstIndex { $0 != nil }
        #expect(first != nil && first! > 0)
        if let first { #expect(limits[first...].allSatisfy { $0 != nil }) }
        #expect(limits.compactMap { $0 }.allSatisfy { $0 >= 2 })
    }

    @Test func aConstantLatencyOrLTEHasNoLimit() {
        #expect(session(network: nil).allSatisfy { $0 == nil })
        #expect(session(network: .lte).allSatisfy { $0 == nil })
    }
}
