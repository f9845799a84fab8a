import Testing
@testable import LabKit

/// The frame counts the appearances still waiting as it observes them (no second pass over the views):
/// after every frame of seeded tile sequences, the share it records is the one the full pass over the
/// appearances gives (`readyOnAppearShare`), bit for bit.
@Suite struct LoadMetricsRecorderReadyShareTests {
    @Test func recordedShareIsTheFullPassesAtEveryFrame() {
        var random = SplitMix64(seed: 58)
        var frames = 0, waitingFrames = 0
        for run in 0..<200 {
            var r = LoadMetricsRecorder(assetCount: 12)
            var time = Double(run)
            let views = Int(random.next() % 4) + 4
            var items = (0..<views).map { $0 }
            r.start(time: time, tiles: items.map { FrameTile(item: $0, isVisible: true, displayedKey: nil) })
            for _ in 0..<60 {
                time += [0.004, 1.0 / 60, 0.05][Int(random.next() % 3)]
                // Views rebind, leave the screen, show their image, the wrong one, or none.
                var tiles: [FrameTile] = []
                for v in items.indices {
                    if random.next() % 7 == 0 { items[v] += views }
                    let visible = random.next() % 5 != 0
                    let shown: ImageKey? = switch random.next() % 4 {
                    case 0: nil
                    case 1: ImageKey(asset: (items[v] + 1) % 12)
                    default: ImageKey(asset: items[v] % 12)
                    }
                    tiles.append(FrameTile(item: random.next() % 9 == 0 ? nil : items[v], isVisible: visible, displayedKey: shown,
                                           displayedBytes: 10, visibleArea: visible ? 100 : 0))
                }
                r.frame(time: time, tiles: tiles, isMoving: random.next() % 2 == 0, cacheBytes: 0, tileOnlyBytes: 0)
                #expect(r.metrics.readyOnAppearShare.bitPattern == r.readyOnAppearShare.bitPattern)
                frames += 1
                if r.readyOnAppearShare != 1 { waitingFrames += 1 }
            }
        }
        #expect(frames == 12_000)
        #expect(waitingFrames > 1_000)
    }
}
