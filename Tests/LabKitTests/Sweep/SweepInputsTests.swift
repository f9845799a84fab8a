import Dispatch
import Synchronization
import Testing
import ScrollKit
@testable import LabKit

/// A result's `inputs`: FNV-1a 64 over what it was made from, so a changed feed or gesture is never
/// resumed from old results (B-BATCH-1).
@Suite struct SweepInputsTests {
    @Test func theDigestIsFNV1a64() {
        #expect(SweepInputs.Digest().value == 0xCBF2_9CE4_8422_2325)
        var a = SweepInputs.Digest()
        a.add(UInt8(ascii: "a"))
        #expect(a.value == 0xAF63_DC4C_8601_EC8C)                  // FNV-1a 64 of "a", the published test vector
        #expect(SweepInputs.hex(0xAF63_DC4C_8601_EC8C) == "af63dc4c8601ec8c")
        #expect(SweepInputs.hex(0xAB) == "00000000000000ab")
    }

    @Test func equalInputsDigestEquallyAndEachInputChangesIt() {
        let feed = FeedGenerator(layout: .masonry, seed: 4).feed(count: 40)
        let base = SweepInputs(feed: feed, assetByteSizes: [], assetCount: nil)
        #expect(base == SweepInputs(feed: FeedGenerator(layout: .masonry, seed: 4).feed(count: 40), assetByteSizes: [], assetCount: nil))
        var other = feed
        other.images[7].bytes += 1
        #expect(SweepInputs(feed: other, assetByteSizes: [], assetCount: nil) != base)
        #expect(SweepInputs(feed: nil, assetByteSizes: [], assetCount: nil) != base)
        let grid = SweepInputs(feed: nil, assetByteSizes: [100, 200], assetCount: 2)
        #expect(grid != SweepInputs(feed: nil, assetByteSizes: [100, 201], assetCount: 2))
        #expect(grid != SweepInputs(feed: nil, assetByteSizes: [100, 200], assetCount: 2, diskEntries: [1]))
        #expect(grid != SweepInputs(feed: nil, assetByteSizes: [100, 200], assetCount: 2, diskCorrupt: [1]))
    }

    /// A device file's figures are in the digest: its name alone is in the condition (B-FEED-2).
    @Test func aPhonesFiguresChangeIt() {
        var plan = SweepPlan(policies: [.eager], sources: [.latency(80)])
        func inputs(_ plan: SweepPlan) -> SweepInputs { SweepRun(plan: plan, gestures: ["g"]).inputs(for: plan.configurations[0]) }
        let none = inputs(plan)
        #expect(none == SweepInputs(feed: nil, assetByteSizes: [], assetCount: nil))
        var mine = DeviceProfile.iphoneSE
        mine.name = "my-phone"
        plan.phone = PhoneCost(device: mine)
        let first = inputs(plan)
        #expect(first != none)
        #expect(first == inputs(plan))
        for edit: (inout DeviceProfile) -> Void in [{ $0.decodeMsPerMegapixel += 1 }, { $0.frameMs = 15 }, { $0.memoryLimitBytes = nil },
                                                  { $0.completionMs += 0.5 }, { $0.downsampleMsPerImage += 1 }] {
            var edited = mine
            edit(&edited)
            plan.phone = PhoneCost(device: edited)
            #expect(inputs(plan) != first)
        }
        var cited = mine
        cited.source = "another citation"
        plan.phone = PhoneCost(device: cited)
        #expect(inputs(plan) == first)
    }

    /// A line's inputs are what its own run read: a run at a latency reads neither the images' sizes nor
    /// the disk cache, so its lines are the same whether or not the sweep also ran a network.
    @Test func aLatencyLineDoesNotDependOnTheNetworksBesideIt() {
        let latency = SweepRun(plan: SweepPlan(policies: [.eager], sources: [.latency(80)]), gestures: ["g"])
        var mixed = SweepRun(plan: SweepPlan(policies: [.eager], sources: [.latency(80), .network(.lte)]), gestures: ["g"],
                             assetByteSizes: [100, 200], assetCount: 2)
        mixed.disk = SweepRun.Disk(isOn: true, entries: [1])
        let (atLatency, underLTE) = (mixed.plan.configurations[0], mixed.plan.configurations[1])
        #expect(atLatency.source.network == nil && underLTE.source.network != nil)
        #expect(mixed.inputs(for: atLatency) == SweepInputs(feed: nil, assetByteSizes: [], assetCount: 2))
        #expect(mixed.inputs(for: underLTE) == SweepInputs(feed: nil, assetByteSizes: [100, 200], assetCount: 2, diskEntries: [1]))
        #expect(latency.inputs(for: atLatency) == SweepInputs(feed: nil, assetByteSizes: [], assetCount: nil))
    }

    /// On a device a latency line reads the images' sizes (its decodes read the files): they are in its
    /// inputs, the disk cache is not; on the default phone they are not.
    @Test func aDeviceLineAtALatencyDependsOnTheImagesSizes() {
        var plan = SweepPlan(policies: [.eager], sources: [.latency(80)])
        plan.phone = PhoneCost(device: .iphoneSE)
        var run = SweepRun(plan: plan, gestures: ["g"], assetByteSizes: [100, 200], assetCount: 2)
        run.disk = SweepRun.Disk(isOn: true, entries: [1])
        #expect(run.inputs(for: plan.configurations[0])
                == SweepInputs(feed: nil, assetByteSizes: [100, 200], assetCount: 2, devices: [.iphoneSE]))
        // A file made from other sizes is not resumed; the same sizes are.
        let condition = plan.configurations[0], events = SyntheticFling.events
        run.gestureDigests = ["g": SweepInputs.digest(events)]
        var other = run
        other.assetByteSizes = [100, 201]
        let made = [SweepPlan.id(condition, gesture: "g"): other.inputs(for: condition).line(gesture: SweepInputs.digest(events))]
        #expect(run.firstMadeFromOtherInputs(made) == SweepPlan.id(condition, gesture: "g"))
        #expect(other.firstMadeFromOtherInputs(made) == nil)
        plan.phone = PhoneCost()
        #expect(SweepRun(plan: plan, gestures: ["g"], assetByteSizes: [100, 200], assetCount: 2).inputs(for: plan.configurations[0])
                == SweepInputs(feed: nil, assetByteSizes: [], assetCount: 2))
    }

    /// Resuming checks each line against its own run's inputs: a file a latency sweep wrote resumes under a
    /// sweep that adds a network; a changed gesture, or a network line made from other sizes, is named.
    @Test func aFileResumesUnderAPlanWithOtherFactorsButNotFromOtherInputs() {
        let lines = SweepRun(plan: SweepPlan(policies: [.eager], sources: [.latency(80)]), gestures: ["g"], assetCount: 2)
        let condition = lines.plan.configurations[0]
        let events = SyntheticFling.events
        let made = [SweepPlan.id(condition, gesture: "g"): lines.inputs(for: condition).line(gesture: SweepInputs.digest(events))]
        var sweep = SweepRun(plan: SweepPlan(policies: [.eager, .adaptive], sources: [.latency(80), .network(.lte)]), gestures: ["g"],
                             assetByteSizes: [100, 200], assetCount: 2)
        sweep.gestureDigests = ["g": SweepInputs.digest(events)]
        #expect(sweep.firstMadeFromOtherInputs(made) == nil)
        var edited = events
        edited[0].position.y += 1
        sweep.gestureDigests = ["g": SweepInputs.digest(edited)]
        #expect(sweep.firstMadeFromOtherInputs(made) == SweepPlan.id(condition, gesture: "g"))
        // A network line of a configuration this plan does not run (another cache size), from other sizes.
        sweep.gestureDigests = ["g": SweepInputs.digest(events)]
        var other = SweepRun(plan: SweepPlan(policies: [.eager], sources: [.network(.lte)], cacheImages: [30]), gestures: ["g"],
                             assetByteSizes: [100, 999], assetCount: 2)
        let elsewhere = other.plan.configurations[0]
        let networkLine = SweepPlan.id(elsewhere, gesture: "g")
        #expect(sweep.firstMadeFromOtherInputs([networkLine: other.inputs(for: elsewhere).line(gesture: SweepInputs.digest(events))]) == networkLine)
        other.assetByteSizes = [100, 200]
        #expect(sweep.firstMadeFromOtherInputs([networkLine: other.inputs(for: elsewhere).line(gesture: SweepInputs.digest(events))]) == nil)
        // A sweep that runs no network reads no sizes: a network line beside its lines is not checked.
        var atLatency = SweepRun(plan: SweepPlan(policies: [.adaptive], sources: [.latency(80)]), gestures: ["g"], assetCount: 2)
        atLatency.gestureDigests = sweep.gestureDigests
        #expect(atLatency.firstMadeFromOtherInputs([networkLine: "0000000000000000"]) == nil)
        #expect(atLatency.firstMadeFromOtherInputs(made) == nil)
        // A gesture this sweep does not read is not checked.
        #expect(sweep.firstMadeFromOtherInputs([SweepPlan.id(condition, gesture: "h"): "0000000000000000"]) == nil)
    }

    @Test func aGesturesDigestFollowsEveryEvent() {
        let events = SyntheticFling.events
        #expect(SweepInputs.digest(events) == SweepInputs.digest(SyntheticFling.events))
        var moved = events
        moved[moved.count - 1].position.x += 0.01
        #expect(SweepInputs.digest(moved) != SweepInputs.digest(events))
        let inputs = SweepInputs(feed: nil, assetByteSizes: [], assetCount: nil)
        #expect(inputs.line(gesture: 1) != inputs.line(gesture: 2) && inputs.line(gesture: 1).count == 16)
    }

    /// Every line a sweep writes carries its inputs third, after its id and gesture.
    @Test func aSweepLineCarriesItsInputs() {
        let sweep = SweepRun(plan: SweepPlan(policies: [.eager], sources: [.latency(80)]), gestures: ["g"])
        let line = sweep.line(sweep.plan.configurations[0], gesture: "g", events: SyntheticFling.events)
        guard case let .object(pairs) = line else { Issue.record("not an object"); return }
        #expect(pairs.prefix(3).map(\.0) == ["id", "gesture", "inputs"])
        #expect(pairs[2].1 == .string(sweep.inputs(for: sweep.plan.configurations[0]).line(gesture: SweepInputs.digest(SyntheticFling.events))))
    }
}
