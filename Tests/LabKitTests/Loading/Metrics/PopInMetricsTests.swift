import Testing
@testable import ScrollKit
import LabKit

/// B-POP-1: pop-in in the web's and FlashList's units, computed by hand on a few frames.
@Suite struct PopInMetricsTests {
    let k = { (asset: Int) in ImageKey(asset: asset) }

    func tile(_ item: Int?, visible: Bool = true, shows key: Int? = nil, area: Double = 10_000) -> FrameTile {
        FrameTile(item: item, isVisible: visible, displayedKey: key.map(k), visibleArea: visible ? area : 0)
    }

    @Test func anImageWithinTenMillisecondsIsReadyOnAppear() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [tile(0), tile(1, visible: false)])
        r.frame(time: 0.008, tiles: [tile(0, shows: 0), tile(1, visible: false)], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        // Item 1 comes on screen at 0.016 and gets its image one 60 Hz frame later: too late.
        r.frame(time: 0.016, tiles: [tile(0, shows: 0), tile(1)], isMoving: true, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 0.033, tiles: [tile(0, shows: 0), tile(1, shows: 1)], isMoving: true, cacheBytes: 0, tileOnlyBytes: 0)
        let m = r.metrics
        #expect(m.appearances == 2 && m.readyOnAppear == 1)
        #expect(m.readyOnAppearShare == 0.5)
    }

    @Test func blankAreaIsAreaTimesTheTimeTheFrameStaysOnScreen() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [tile(0, area: 33_000), tile(1, area: 16_500)])   // 49 500 pt² blank from 0
        r.frame(time: 0.5, tiles: [tile(0, shows: 0, area: 33_000), tile(1, area: 16_500)], isMoving: false,
                cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 1.0, tiles: [tile(0, shows: 0), tile(1, shows: 1)], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        let m = r.metrics
        #expect(abs(m.blankAreaPt2s - (49_500 * 0.5 + 16_500 * 0.5)) < 1e-9)
        #expect(m.maxBlankAreaPt2 == 16_500)   // the start's 49 500 is the first frame's, counted by blankAreaPt2s
        #expect(m.readyOnAppearShare == 0)
    }

    @Test func theLargestBlankAreaIsPerFrame() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [])
        r.frame(time: 0.1, tiles: [tile(0, area: 20_000), tile(1, area: 5_000), tile(2, shows: 2)], isMoving: true,
                cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 0.2, tiles: [tile(0, area: 12_000), tile(1, shows: 1), tile(2, shows: 2)], isMoving: true,
                cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.maxBlankAreaPt2 == 25_000)
        #expect(abs(r.metrics.blankAreaPt2s - 25_000 * 0.1) < 1e-9)
    }

    @Test func aShownImageThatGoesBlankAgainIsAFlicker() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [tile(0, shows: 0)])
        r.frame(time: 0.1, tiles: [tile(0)], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 0.2, tiles: [tile(0, shows: 0)], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        r.frame(time: 0.3, tiles: [tile(0)], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        // Rebound to another item: a new appearance, not a flicker.
        r.frame(time: 0.4, tiles: [tile(5)], isMoving: false, cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.flickers == 2)
        #expect(r.metrics.appearances == 1 && r.metrics.readyOnAppear == 1)
    }

    @Test func anImageInATileBoundToAnotherItemIsAWrongImage() {
        var r = LoadMetricsRecorder(assetCount: 72)
        r.start(time: 0, tiles: [])
        r.frame(time: 0.1, tiles: [tile(3, shows: 4), tile(5, visible: false, shows: 6)], isMoving: false,
                cacheBytes: 0, tileOnlyBytes: 0)
        #expect(r.metrics.wrongImages == 2)
        #expect(r.metrics.staleFrames == 1)
    }

    @Test func everyPolicyShowsNoWrongImageNorFlickerOnTheBundledGestures() throws {
        for gesture in GridBenchGestureTests.gestures {
            for row in GridBench().rows(try GridBenchGestureTests.events(gesture)) where !row.isBound {
                #expect(row.metrics.wrongImages == 0, "\(gesture) \(row.policy)")
                #expect(row.metrics.flickers == 0, "\(gesture) \(row.policy)")
                #expect(row.metrics.readyOnAppearShare >= 0 && row.metrics.readyOnAppearShare <= 1)
            }
        }
    }
}
