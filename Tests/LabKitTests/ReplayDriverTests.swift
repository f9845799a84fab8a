import Testing
@testable import ScrollKit
import LabKit
import ScrollKitTestSupport

@Suite struct ReplayDriverTests {
    private func event(_ time: Double, _ y: Double, _ phase: PointerPhase) -> PointerEvent {
        PointerEvent(time: time, position: Point(x: 160, y: y), phase: phase)
    }

    @Test func placesTheHeadlessFrameGridAtTheStartAndKeepsTheSpacing() {
        let driver = ReplayDriver(gesture: [event(3, 400, .down), event(3.25, 300, .move), event(3.5, 200, .up)],
                                  startTime: 10)
        #expect(driver.events.map(\.time) == [10, 10.25, 10.5])
        #expect(driver.frameTime(3) == 10.05)
        #expect(driver.events.map(\.position.y) == [400, 300, 200])
        #expect(driver.endTime == 10.5)
    }

    @Test func deliversEachSampleOnceWhenItsTimeHasCome() {
        var driver = ReplayDriver(gesture: [event(0, 400, .down), event(0.25, 300, .move), event(0.5, 200, .up)],
                                  startTime: 1)
        let early = driver.events(upTo: 0.5)
        #expect(early.isEmpty)
        let first = Array(driver.events(upTo: 1))
        #expect(first == [event(1, 400, .down)])
        let between = Array(driver.events(upTo: 1.125))
        #expect(between.isEmpty)
        let rest = Array(driver.events(upTo: 2))
        #expect(rest == [event(1.25, 300, .move), event(1.5, 200, .up)])
        #expect(driver.isFinished)
        let after = driver.events(upTo: 9)
        #expect(after.isEmpty)
    }

    @Test func backwardTimesKeepTheirTimeAndFileOrder() {
        var driver = ReplayDriver(gesture: [event(1, 400, .down), event(1.5, 300, .move), event(1.25, 250, .move),
                                            event(2, 200, .up), event(.nan, 0, .move)], startTime: 0)
        #expect(driver.events.map(\.time) == [0, 0.5, 0.25, 1])
        // The backward sample is not due before the one ahead of it in the file.
        let early = Array(driver.events(upTo: 0.25))
        #expect(early == [event(0, 400, .down)])
        #expect(driver.nextEventTime == 0.5)
        let rest = Array(driver.events(upTo: 0.5))
        #expect(rest == [event(0.5, 300, .move), event(0.25, 250, .move)])
        #expect(driver.nextEventTime == 1)
    }

    @Test func anEmptyGestureIsFinishedAtOnce() {
        var driver = ReplayDriver(gesture: [], startTime: 3)
        #expect(driver.isFinished)
        #expect(driver.endTime == nil)
        let none = driver.events(upTo: 100)
        #expect(none.isEmpty)
    }

    @Test func theShiftIsAWholeNumberOfMilliseconds() {
        let driver = ReplayDriver(gesture: [event(0, 400, .down)], startTime: 0.1802031)
        #expect(driver.startTime == 0.181)
        #expect(driver.events.map(\.time) == [0.181])
        #expect(ReplayDriver(gesture: [], startTime: 123.456).startTime == 123.456)
    }

    @Test func startingAtTheFirstGridTimeLeavesTheFileTimesAlone() {
        // Headless: first frame at floor(0.02 · 60) / 60 = 1/60; no shift, the headless replay's own input.
        let gesture = [event(0.02, 400, .down), event(0.1, 400, .up)]
        let driver = ReplayDriver(gesture: gesture, startTime: 1.0 / 60)
        #expect(driver.events == gesture)
        #expect(driver.startTime == 1.0 / 60)
    }

    @Test func aFirstSampleBetweenFramesKeepsItsPhaseOnTheGrid() {
        // Headless: first frame at 1/60, the down 0.02 − 1/60 after it. The shift 5 − 1/60 moves up to
        // 4.984 s, so grid frame 0 falls at 1/60 + 4.984 and the down 0.02 − 1/60 after it, as headless.
        let driver = ReplayDriver(gesture: [event(0.02, 400, .down), event(0.1, 400, .up)], startTime: 5)
        let frame: Double = 1.0 / 60
        #expect(driver.events.map(\.time) == [0.02 + 4.984, 0.1 + 4.984])
        let startError: Double = abs(driver.startTime - (frame + 4.984))
        #expect(startError < 1e-12)
    }

    @Test func stepRunsEveryDueGridFrameAfterDeliveringItsSamples() {
        var driver = ReplayDriver(gesture: [event(0, 400, .down), event(0.02, 390, .move), event(0.03, 380, .up)],
                                  startTime: 2, frameRate: 50)
        var calls: [String] = []
        let ran = driver.step(upTo: 2.045, pointer: { calls.append("\($0.phase) \($0.time)") },
                              advance: { calls.append("frame \($0)") })
        #expect(ran == 3)
        #expect(calls == ["down 2.0", "frame 2.0", "move 2.02", "frame 2.02", "up 2.03", "frame 2.04"])
        #expect(driver.isFinished)
        #expect(driver.step(upTo: 2.05, pointer: { _ in }, advance: { _ in }) == 0)
        #expect(driver.step(upTo: 2.07, pointer: { _ in }, advance: { _ in }) == 1)
        #expect(driver.nextFrame == 4)
    }

    @Test func aReplayStepsTheSceneExactlyAsTheHeadlessReplayDoes() {
        let gesture = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -1800),
                                            duration: 0.12, at: 0.013)
            + SyntheticGesture.drag(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -2500),
                                    duration: 0.08, at: 0.6)  // catches the first fling mid-flight
        let headlessScene = HeadlessReplayTests.makeScene()
        let headless = HeadlessReplay().run(gesture, on: headlessScene)

        let scene = HeadlessReplayTests.makeScene()
        var records: [ScrollEventRecord] = []
        scene.scrollView.eventHandler = { records.append($0) }
        var driver = ReplayDriver(gesture: gesture, startTime: 123.4560017)
        let start = driver.startTime
        #expect(start == 123.457)
        // Window frames at an uneven pace, around 60 Hz.
        var now = start
        var k = 0
        while now < start + headless.endTime + 0.1 {
            now += [0.011, 0.019, 0.016, 0.024, 0.007][k % 5]
            k += 1
            driver.step(upTo: now, pointer: scene.pointer, advance: scene.advance)
        }
        // Same callbacks (arguments equal up to the rounding of the shifted clock).
        #expect(records.map(\.event.name) == headless.records.map(\.event.name))
        let decelerate = { (r: ScrollEventRecord) -> Bool? in
            if case let .didEndDragging(d) = r.event { return d } else { return nil }
        }
        #expect(records.compactMap(decelerate) == headless.records.compactMap(decelerate))
        // Shifted by `start` (the first grid frame of both is file time 0), same offsets.
        let pairs = Array(zip(records, headless.records))
        let timeErrors: [Double] = pairs.map { (window, virtual) in abs(window.time - start - virtual.time) }
        let offsetErrors: [Double] = pairs.map { (window, virtual) in (window.offset - virtual.offset).length }
        #expect(timeErrors.max()! < 1e-9)
        #expect(offsetErrors.max()! < 1e-6)
        #expect(headless.callbacks.filter { $0.event == .didEndDecelerating }.count == 1)
        // Release velocities are the same to the last digit.
        let velocities = { (records: [ScrollEventRecord]) -> [Point] in
            records.compactMap { if case let .willEndDragging(v, _, _) = $0.event { return v } else { return nil } }
        }
        #expect(velocities(records) == velocities(headless.records))
    }

    @Test func aLiveFlingFromRestOnUnevenFramesEndsWithinHalfAPointOfTheHeadlessOne() {
        // What a recording made live is compared with: the window's frames fall anywhere, not on the grid.
        let gesture = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -2200),
                                            duration: 0.128, at: 0)
        let headless = HeadlessReplay().run(gesture, on: HeadlessReplayTests.makeScene())
        let scene = HeadlessReplayTests.makeScene()
        var records: [ScrollEventRecord] = []
        scene.scrollView.eventHandler = { records.append($0) }
        var driver = ReplayDriver(gesture: gesture, startTime: 0.0047)
        var now = 0.0
        var k = 0
        while now < headless.endTime + 0.5 {
            now += [0.013, 0.021, 0.0155, 0.009][k % 4]
            k += 1
            for event in driver.events(upTo: now) { scene.pointer(event) }
            scene.advance(to: now)
        }
        let callbacks = records.filter { $0.event != .didScroll }.map(\.event.name)
        #expect(callbacks == headless.callbacks.map(\.event.name))
        let error = abs(scene.scrollView.contentOffset.y - headless.finalOffset.y)
        #expect(error <= 0.5)
    }
}

/// §7: a dense replay is fed to the window within a per-frame budget.
@Suite struct ReplayDriverBudgetTests {
    @Test func aDenseFileIsDeliveredOverSeveralCallsEachFrameWhole() {
        // 10 000 moves at one instant, then a lift 100 ms later.
        var gesture = [PointerEvent(time: 0, position: Point(x: 100, y: 400), phase: .down)]
        for i in 0..<10_000 { gesture.append(PointerEvent(time: 0, position: Point(x: 100, y: 400 - Double(i % 50)), phase: .move)) }
        gesture.append(PointerEvent(time: 0.1, position: Point(x: 100, y: 350), phase: .up))
        var driver = ReplayDriver(gesture: gesture, startTime: 0)
        var delivered = 0, frames: [Double] = [], calls = 0
        // The samples due by a frame's time: the down and the 10 000 moves at 0, the lift at 0.1.
        func due(by time: Double) -> Int { time >= 0.1 ? 10_002 : 10_001 }
        while !driver.isFinished, calls < 100 {
            calls += 1
            let before = delivered
            driver.step(upTo: 1, eventBudget: 1000, pointer: { _ in delivered += 1 }, advance: { time in
                // No frame advances before every sample due by it is delivered, within a call as across them.
                #expect(delivered >= due(by: time), "frame \(time) advanced after \(delivered) samples")
                frames.append(time)
            })
            #expect(delivered - before <= 1000)
        }
        #expect(calls == 11 && delivered == 10_002)
        #expect(frames.first == 0 && frames.count == 61)
    }
}
