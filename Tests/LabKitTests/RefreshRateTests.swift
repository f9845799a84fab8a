import Foundation
import Testing
import LabKit
import ScrollKit

/// B-RATE-1: the physics is frame-rate independent. Every bundled gesture, replayed on a 60, 80, 90, 120
/// or 240 Hz clock, makes the same callbacks in the same order, each within one 60 Hz frame of the 60 Hz
/// run's time (a motion ends on the first frame at or after its end); every release leaves at the same
/// velocity for the same distance (each target on the 1/3 pt grid); a gesture with no catch ends within
/// 1/3 pt. A touch that catches a glide stops it at the offset the last frame showed (B-EVT-3: no
/// jump), which a faster display shows later in the glide: there the catch, and so the end, moves by at
/// most the distance the glide covers in one 60 Hz frame, and everything after the catch is the same.
@Suite struct RefreshRateTests {
    static let rates: [Double] = [80, 90, 120, 240]

    /// (gesture, scene) pairs: the grid's gestures in the grid and the pager's in every paging mode,
    /// the photos' pinches in the photos scene.
    static let cases: [String] = GridBenchGestureTests.gestures.map { "grid/" + $0 }
        + PagingMode.allCases.map { "pager-\($0.rawValue)/pager-flings" } + ["photos/Photos/pinch-pan-doubletap"]

    static func scene(_ name: String) -> any LabScene {
        switch name {
        case "grid": return GridScene(configuration: GridSceneConfiguration())
        case "photos": return PhotosScene(photoSizes: Array(repeating: PhotosScene.defaultPhotoSize, count: 12))
        default: return PagerScene(mode: PagingMode(rawValue: String(name.dropFirst("pager-".count)))!)
        }
    }

    static func run(_ testCase: String, rate: Double) throws -> HeadlessReplayResult {
        let parts = testCase.split(separator: "/", maxSplits: 1).map(String.init)
        let events = try GestureFile.parse(String(contentsOf: GridBenchGestureTests.directory
            .appendingPathComponent(parts[1] + ".jsonl"), encoding: .utf8))
        var replay = HeadlessReplay()
        replay.frameRate = rate
        return replay.run(events, on: scene(parts[0]))
    }

    @Test(arguments: cases)
    func sameCallbacksSameMotionsAtEveryRate(_ testCase: String) throws {
        let reference = try Self.run(testCase, rate: 60)
        // didZoom comes once per frame of a zoom: more of them at a faster rate, the same curve.
        let calls = reference.callbacks.filter { $0.event != .didZoom }
        let catches = Self.catchCount(calls)
        for rate in Self.rates {
            let result = try Self.run(testCase, rate: rate)
            let other = result.callbacks.filter { $0.event != .didZoom }
            #expect(other.map(\.event.name) == calls.map(\.event.name), "\(testCase) at \(rate) Hz")
            var drift = Point.zero
            for (a, b) in zip(calls, other) {
                #expect(abs(a.time - b.time) <= 1.0 / 60 + 1e-9, "\(testCase) \(a.event.name) at \(rate) Hz")
                // The scroll view's own projection (a delegate may rewrite it to a page).
                if case .willEndDragging(let va, _, let ta) = a.event, case .willEndDragging(let vb, _, let tb) = b.event {
                    #expect(abs(va.x - vb.x) <= 1e-3 * Swift.max(1, abs(va.x)) && abs(va.y - vb.y) <= 1e-3 * Swift.max(1, abs(va.y)))
                    let travelA = ta - a.offset, travelB = tb - b.offset
                    #expect(abs(travelA.x - travelB.x) <= 2.0 / 3 + 1e-9 && abs(travelA.y - travelB.y) <= 2.0 / 3 + 1e-9,
                            "\(testCase) release at \(rate) Hz: \(travelA) vs \(travelB)")
                }
                let shift = b.offset - a.offset
                if case .willBeginDragging = a.event {
                    // A catch moves the gesture by at most one 60 Hz frame of the glide (at most 8000 pt/s,
                    // the fastest fling: 133 pt); everything before it had moved by `drift`.
                    #expect(abs(shift.x - drift.x) <= 8000.0 / 60 && abs(shift.y - drift.y) <= 8000.0 / 60,
                            "\(testCase) catch at \(rate) Hz moved \(shift - drift)")
                }
                drift = shift
            }
            if catches == 0 {
                #expect(abs(result.finalOffset.x - reference.finalOffset.x) <= 1.0 / 3, "\(testCase) at \(rate) Hz")
                #expect(abs(result.finalOffset.y - reference.finalOffset.y) <= 1.0 / 3, "\(testCase) at \(rate) Hz")
            }
        }
    }

    /// Drags that began while the view still moved (a willBeginDragging after willBeginDecelerating with
    /// no didEndDecelerating between).
    static func catchCount(_ calls: [ScrollEventRecord]) -> Int {
        var gliding = false, count = 0
        for call in calls {
            switch call.event {
            case .willBeginDecelerating: gliding = true
            case .didEndDecelerating, .didEndScrollingAnimation: gliding = false
            case .willBeginDragging: if gliding { count += 1 }; gliding = false
            default: break
            }
        }
        return count
    }

    @Test func singleFlingAndSlowDragHaveNoCatchAndEndTheSame() throws {
        #expect(Self.catchCount(try Self.run("grid/single-fling", rate: 60).callbacks) == 0)
        #expect(Self.catchCount(try Self.run("grid/slow-drag", rate: 60).callbacks) == 0)
        #expect(Self.catchCount(try Self.run("grid/rapid-flings", rate: 60).callbacks) == 3)
    }
}
