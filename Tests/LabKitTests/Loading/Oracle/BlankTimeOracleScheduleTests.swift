import Testing
@testable import LabKit

/// The oracle's schedules and screens against plain versions of their definitions (every key looked at,
/// every next use searched from the start, no early end) on seeded random sessions: the same loads and
/// blank time to the bit, and the same screens.
@Suite struct BlankTimeOracleScheduleTests {
    typealias F = BlankTimeOracle.Frame

    /// A session: a window of items that scrolls, stops and jumps back, at 60 frames a second.
    static func frames(_ random: inout SplitMix64) -> [F] {
        var frames: [F] = []
        var first = Int.random(in: 0..<40, using: &random), time = Double.random(in: 0..<1, using: &random)
        let count = Int.random(in: 2..<400, using: &random)
        for _ in 0..<count {
            let width = Int.random(in: 0..<10, using: &random)
            frames.append(F(time: time, visibleItems: Array(first..<(first + width))))
            switch Int.random(in: 0..<10, using: &random) {
            case 0: first = Swift.max(0, first - Int.random(in: 1..<30, using: &random))
            case 1...4: first += Int.random(in: 0..<3, using: &random)
            default: break
            }
            // Mostly a frame's length; sometimes a long rest or a repeated time (a frame that lasts nothing).
            time += [1.0 / 60, 1.0 / 60, 1.0 / 60, 0, 2][Int.random(in: 0..<5, using: &random)]
        }
        return frames
    }

    /// Each screen that lasts: its time and each key with its weight (tiles × seconds shown).
    static func screens(_ frames: [F], assets: Int) -> [(time: Double, keys: [(key: Int, weight: Double)])] {
        var out: [(Double, [(Int, Double)])] = []
        for i in frames.indices where i + 1 < frames.count {
            let dt = frames[i + 1].time - frames[i].time
            guard dt > 0, dt.isFinite, !frames[i].visibleItems.isEmpty else { continue }
            let keys = frames[i].visibleItems.map { (($0 % assets) + assets) % assets }
            out.append((frames[i].time, Set(keys).sorted().map { key in (key, Double(keys.filter { $0 == key }.count) * dt) }))
        }
        return out
    }

    /// Cao et al.'s aggressive schedule as defined: at each moment a slot is free, the missing key needed
    /// soonest, evicting the finished key needed furthest ahead only if that one is needed after it.
    static func aggressive(_ frames: [F], start: Double, duration: Double, slots: Int, capacity: Int, assets: Int)
        -> BlankTimeOracle.Schedule {
        let screens = screens(frames, assets: assets)
        var uses = Array(repeating: [(time: Double, weight: Double)](), count: assets)
        for (time, keys) in screens { for (key, weight) in keys { uses[key].append((time, weight)) } }
        var resident = Array(repeating: Double?.none, count: assets)
        var intervals = Array(repeating: [(finish: Double, evicted: Double)](), count: assets)
        var loads = 0
        var slotFree = Array(repeating: start, count: slots)
        var queue = screens.map(\.time).filter { $0 >= start }
        if queue.first != start { queue.insert(start, at: 0) }
        var index = 0
        while index < queue.count {
            let now = queue[index]
            index += 1
            while let s = slotFree.indices.first(where: { slotFree[$0] <= now }) {
                var best: (time: Double, key: Int)?
                for key in 0..<assets where resident[key] == nil {
                    guard let next = uses[key].first(where: { $0.time >= now }) else { continue }
                    if best == nil || (next.time, key) < best! { best = (next.time, key) }
                }
                guard let candidate = best else { break }
                if resident.filter({ $0 != nil }).count >= capacity {
                    var victim: (time: Double, key: Int)?
                    for key in 0..<assets {
                        guard let finish = resident[key], finish <= now else { continue }
                        let t = uses[key].first(where: { $0.time > now })?.time ?? .infinity
                        if victim == nil || (t, -key) > (victim!.time, -victim!.key) { victim = (t, key) }
                    }
                    guard let v = victim, v.time > candidate.time else { break }
                    resident[v.key] = nil
                    intervals[v.key][intervals[v.key].count - 1].evicted = now
                }
                let finish = now + duration
                resident[candidate.key] = finish
                intervals[candidate.key].append((finish, .infinity))
                loads += 1
                slotFree[s] = finish
                if !queue.contains(finish) {
                    queue.insert(finish, at: queue[index...].firstIndex { $0 > finish } ?? queue.count)
                }
            }
        }
        var blank = 0.0
        for key in 0..<assets {
            for use in uses[key] where !intervals[key].contains(where: { $0.finish <= use.time && use.time <= $0.evicted }) {
                blank += use.weight
            }
        }
        return .init(loads: loads, blankTileSeconds: blank)
    }

    @Test func theAggressiveScheduleAndTheScreensAreTheDefinitions() {
        var random = SplitMix64(seed: 58)
        var evictions = 0
        for _ in 0..<300 {
            let frames = Self.frames(&random)
            let assets = Int.random(in: 1...80, using: &random), capacity = Int.random(in: 1...30, using: &random)
            let slots = Int.random(in: 1...6, using: &random), duration = Double.random(in: 0.01...0.6, using: &random)
            let start = Bool.random(using: &random) ? frames[0].time : frames[0].time - 0.1
            let oracle = BlankTimeOracle(frames: frames, startTime: start, assetCount: assets, loadDuration: duration,
                                         maxConcurrent: slots, cacheCapacity: capacity)
            let expected = Self.aggressive(frames, start: start, duration: duration, slots: slots, capacity: capacity, assets: assets)
            #expect(oracle.aggressive == expected)
            if oracle.aggressive.loads > Set(frames.flatMap(\.visibleItems).map { $0 % assets }).count { evictions += 1 }
            let needs = BlankTimeOracle.Needs(frames: frames, assetCount: assets)
            let screens = Self.screens(frames, assets: assets)
            #expect(needs.screens.map(\.time) == screens.map(\.time))
            #expect(needs.screens.map(\.keys) == screens.map { $0.keys.map(\.key) })
        }
        // The sessions reach the cache's limit: reloads after evictions, not first loads alone.
        #expect(evictions > 30)
    }
}
