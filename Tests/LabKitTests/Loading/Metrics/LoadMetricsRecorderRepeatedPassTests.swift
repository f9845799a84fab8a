import Testing
@testable import LabKit

/// A frame whose tiles repeat the last pass's, with no load event since, repeats its counts rather than
/// walking the views again: over seeded sessions where most frames repeat (a settled or slowly moving grid)
/// and loads complete, fail and are evicted in between, the metrics and the items seen (at rest and at all)
/// equal, field for field, those of a recorder made to walk every frame (its item images set again,
/// to none as before, ahead of each frame).
@Suite struct LoadMetricsRecorderRepeatedPassTests {
    static let hash = Base64.decode("3BcSHQZod4t3CIeHiIh4d3iAgIcI")!

    @Test(arguments: PlaceholderKind.allCases)
    func repeatedFramesCountAsTheFullPass(placeholder: PlaceholderKind) {
        var random = SplitMix64(seed: 106)
        var repeated = 0, frames = 0
        for run in 0..<60 {
            let previews = ImagePreviews(hashes: [Self.hash, nil, [9, 9, 9], Self.hash, nil, nil, Self.hash, nil])
            var quick = LoadMetricsRecorder(assetCount: 8, placeholder: placeholder, previews: previews)
            var walking = quick
            let views = Int(random.next() % 4) + 4
            var items = Array(0..<views)
            var shown = [ImageKey?](repeating: nil, count: views)
            var visible = [Bool](repeating: true, count: views)
            var time = Double(run)
            var tiles = items.map { FrameTile(item: $0, isVisible: true, displayedKey: nil) }
            quick.start(time: time, tiles: tiles)
            walking.start(time: time, tiles: tiles)
            var isMoving = false
            for _ in 0..<120 {
                time += 1.0 / 60
                let before = tiles, wasMoving = isMoving
                // Most frames change nothing but the tiles' visible area; some rebind, show or hide a view,
                // or start or stop the motion; between frames loads complete, fail or are evicted.
                switch random.next() % 10 {
                case 0: let v = Int(random.next() % UInt64(views)); items[v] += views; shown[v] = nil
                case 1: let v = Int(random.next() % UInt64(views)); shown[v] = ImageKey(asset: items[v] % 8)
                case 2: let v = Int(random.next() % UInt64(views)); shown[v] = random.next() % 2 == 0 ? nil : ImageKey(asset: (items[v] + 1) % 8)
                case 3: let v = Int(random.next() % UInt64(views)); visible[v].toggle()
                case 4: isMoving.toggle()
                default: break
                }
                let key = ImageKey(asset: Int(random.next() % 8)), seen = random.next() % 2 == 0
                switch random.next() % 12 {
                case 0:
                    quick.loadCompleted(key, result: .image(bytes: 40), time: time, isVisible: seen, networkBytes: 30)
                    walking.loadCompleted(key, result: .image(bytes: 40), time: time, isVisible: seen, networkBytes: 30)
                case 1:
                    quick.loadCompleted(key, result: .failed(reason: "404"), time: time, isVisible: seen)
                    walking.loadCompleted(key, result: .failed(reason: "404"), time: time, isVisible: seen)
                case 2:
                    quick.evicted([key])
                    walking.evicted([key])
                default: break
                }
                tiles = items.indices.map { v in
                    FrameTile(item: items[v], isVisible: visible[v], displayedKey: shown[v], displayedBytes: 40,
                              visibleArea: visible[v] ? Double(random.next() % 1000) / 8 : 0)
                }
                if quick.lastPassIsCurrent && isMoving == wasMoving && zip(before, tiles).allSatisfy({ $0.item == $1.item && $0.isVisible == $1.isVisible && $0.displayedKey == $1.displayedKey }) {
                    repeated += 1
                }
                walking.itemImages = nil   // as it was (no feed): only the next frame made to walk
                quick.frame(time: time, tiles: tiles, isMoving: isMoving, cacheBytes: 0, tileOnlyBytes: 0)
                walking.frame(time: time, tiles: tiles, isMoving: isMoving, cacheBytes: 0, tileOnlyBytes: 0)
                #expect(quick.metrics == walking.metrics)
                #expect(quick.atRestItems == walking.atRestItems && quick.everVisibleItems == walking.everVisibleItems)
                #expect(quick.boundMinLoads == walking.boundMinLoads && quick.boundClairvoyantLoads == walking.boundClairvoyantLoads)
                frames += 1
            }
        }
        #expect(frames == 7_200)
        #expect(repeated > 1_500)
    }
}
