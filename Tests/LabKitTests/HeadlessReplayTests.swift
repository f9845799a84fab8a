import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

@Suite struct HeadlessReplayTests {
    static func makeScene() -> TestScene {
        TestScene(scrollView: ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480),
                                         contentSize: Size(width: 320, height: 20000)))
    }

    static let fling = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -2000),
                                             duration: 0.096, at: 1.0)

    @Test func replaysAFlingOnA60HzClockUntilSettled() {
        let scene = Self.makeScene()
        let result = HeadlessReplay().run(Self.fling, on: scene)
        #expect(result.isSettled)
        #expect(result.callbacks.map(\.event.name) == ["willBeginDragging", "willEndDragging", "didEndDragging",
                                                       "willBeginDecelerating", "didEndDecelerating"])
        // Callbacks of the gesture carry the pointer event's own time; motion happens on frames.
        let release = result.records.first { $0.event.name == "willEndDragging" }!
        #expect(release.time == Self.fling.last!.time)
        let afterRelease = result.records.filter { $0.event == .didScroll && $0.time > release.time }
        #expect(afterRelease.count > 100)
        for record in afterRelease {
            let frames = record.time * 60
            #expect(abs(frames - frames.rounded()) < 1e-6)
        }
        #expect(result.finalOffset == scene.scrollView.contentOffset)
        #expect(abs(result.finalOffset.y - 1192) < 1e-9)  // 198 + (2000 − 10)·τ on the @3x grid
        #expect(result.endTime == result.records.last!.time)
        #expect(scene.scrollView.eventHandler == nil)
    }

    @Test func aTouchLandsOnTheOffsetThePreviousFrameShowed() {
        let scene = Self.makeScene()
        let catchTime = 1.4 + 0.003  // between the frames at 84/60 and 85/60
        let events = Self.fling + [PointerEvent(time: catchTime, position: Point(x: 160, y: 300), phase: .down),
                                   PointerEvent(time: catchTime + 0.1, position: Point(x: 160, y: 300), phase: .up)]
        let result = HeadlessReplay().run(events, on: scene)
        let caught = result.records.firstIndex { $0.event == .willBeginDragging && $0.time == catchTime }!
        let previous = result.records[caught - 1]
        #expect(previous.event == .didScroll)
        #expect(previous.time == 84.0 / 60)
        #expect(result.records[caught].offset == previous.offset)
        #expect(result.callbacks.suffix(4).map(\.event.name) == ["willBeginDragging", "willEndDragging",
                                                                 "didEndDragging", "didEndDecelerating"])
    }

    @Test func hugeGapsBetweenGesturesCostNothingAndThePreviousHandlerStillHearsEverything() {
        let scene = Self.makeScene()
        var heard = 0
        scene.scrollView.eventHandler = { _ in heard += 1 }
        let later = Self.fling.map { PointerEvent(time: $0.time + 5e6, position: $0.position, phase: $0.phase) }
        let result = HeadlessReplay().run(Self.fling + later, on: scene)
        #expect(result.isSettled)
        #expect(result.callbacks.count == 10)
        #expect(heard == result.records.count)
        #expect(result.records.count < 2000)
        #expect(scene.scrollView.eventHandler != nil)
        #expect(result.endTime > 5e6)
    }

    @Test func stopsAtTheTimeCapWhenTheSceneNeverSettles() {
        let scene = Self.makeScene()
        scene.neverSettles = true
        var replay = HeadlessReplay()
        replay.timeLimit = 10
        let result = HeadlessReplay().run([], on: Self.makeScene())
        #expect(result.records.isEmpty && result.isSettled && result.endTime == 0)
        let capped = replay.run(Self.fling, on: scene)
        #expect(!capped.isSettled)
        #expect(capped.endTime > Self.fling.last!.time + 9.9 && capped.endTime < Self.fling.last!.time + 10.1)
    }

    @Test func badTimesAreDroppedOrClamped() {
        let scene = Self.makeScene()
        var events = Self.fling
        events.insert(PointerEvent(time: .nan, position: Point(x: 1, y: 1), phase: .move), at: 3)
        events.append(PointerEvent(time: 1e300, position: Point(x: 160, y: 400), phase: .down))
        events.append(PointerEvent(time: 1e300, position: Point(x: 160, y: 400), phase: .up))
        let result = HeadlessReplay().run(events, on: scene)
        #expect(result.isSettled)
        #expect(result.finalOffset.isFinite)
        #expect(result.endTime <= HeadlessReplay.timeRange + 1)
    }
}
