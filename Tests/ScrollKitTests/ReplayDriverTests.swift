import Testing
@testable import ScrollKit

@Suite struct ReplayDriverTests {
    private func event(_ time: Double, _ y: Double, _ phase: PointerPhase) -> PointerEvent {
        PointerEvent(time: time, position: Point(x: 160, y: y), phase: phase)
    }

    @Test func placesTheFirstSampleAtTheStartAndKeepsTheSpacing() {
        let driver = ReplayDriver(gesture: [event(3, 400, .down), event(3.25, 300, .move), event(3.5, 200, .up)],
                                  startTime: 10)
        #expect(driver.events.map(\.time) == [10, 10.25, 10.5])
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

    @Test func backwardTimesAreDeliveredInFileOrder() {
        let driver = ReplayDriver(gesture: [event(1, 400, .down), event(1.5, 300, .move), event(1.25, 250, .move),
                                            event(2, 200, .up)], startTime: 0)
        #expect(driver.events.map(\.time) == [0, 0.5, 0.5, 1])
    }

    @Test func anEmptyGestureIsFinishedAtOnce() {
        var driver = ReplayDriver(gesture: [], startTime: 3)
        #expect(driver.isFinished)
        #expect(driver.endTime == nil)
        let none = driver.events(upTo: 100)
        #expect(none.isEmpty)
    }
}
