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
        let none = SweepRun(plan: plan, gestures: ["g"]).inputs
        #expect(none == SweepInputs(feed: nil, assetByteSizes: [], assetCount: nil))
        var mine = DeviceProfile.iphoneSE
        mine.name = "my-phone"
        plan.phone = PhoneCost(device: mine)
        let first = SweepRun(plan: plan, gestures: ["g"]).inputs
        #expect(first != none)
        #expect(first == SweepRun(plan: plan, gestures: ["g"]).inputs)
        for edit: (inout DeviceProfile) -> Void in [{ $0.decodeMsPerMegapixel += 1 }, { $0.frameMs = 15 }, { $0.memoryLimitBytes = nil },
                                                  { $0.completionMs += 0.5 }, { $0.downsampleMsPerImage += 1 }] {
            var edited = mine
            edit(&edited)
            plan.phone = PhoneCost(device: edited)
            #expect(SweepRun(plan: plan, gestures: ["g"]).inputs != first)
        }
        var cited = mine
        cited.source = "another citation"
        plan.phone = PhoneCost(device: cited)
        #expect(SweepRun(plan: plan, gestures: ["g"]).inputs == first)
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
        #expect(pairs[2].1 == .string(sweep.inputs.line(gesture: SweepInputs.digest(SyntheticFling.events))))
    }
}
