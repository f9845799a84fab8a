import Testing
@testable import ScrollKit
import ScrollKitTestSupport

@Suite struct ScrollViewPointerTests {
    static func makeView() -> ScrollView {
        ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: 20000))
    }

    /// `handle` gives the same callbacks, at the same offsets, as calling the touch methods by phase.
    @Test func handleRoutesEachPhaseToItsTouchMethod() {
        let gesture = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -2000),
                                            duration: 0.096, at: 1)
        let routed = Self.makeView(), direct = Self.makeView()
        var routedRecords: [ScrollEventRecord] = [], directRecords: [ScrollEventRecord] = []
        routed.eventHandler = { routedRecords.append($0) }
        direct.eventHandler = { directRecords.append($0) }
        for event in gesture {
            #expect(routed.handle(event))
            switch event.phase {
            case .down: direct.touchDown(at: event.position, time: event.time)
            case .move: direct.touchMoved(to: event.position, time: event.time)
            case .up: direct.touchUp(at: event.position, time: event.time)
            case .pinch, .pinchEnd, .wheel: Issue.record("a drag has no pinch or wheel samples")
            }
        }
        routed.advance(to: 10); direct.advance(to: 10)
        #expect(routedRecords.map(\.event.name).contains("didEndDecelerating"))
        #expect(routedRecords == directRecords)
        #expect(routed.contentOffset == direct.contentOffset)
    }

    /// A down outside the touch area, or a second down during a drag, is reported as ignored.
    @Test func handleReportsAnIgnoredDown() {
        let view = Self.makeView()
        #expect(!view.handle(PointerEvent(time: 0, position: Point(x: 160, y: 600), phase: .down)))
        #expect(view.handle(PointerEvent(time: 0.1, position: Point(x: 160, y: 400), phase: .down)))
        #expect(!view.handle(PointerEvent(time: 0.2, position: Point(x: 160, y: 300), phase: .down)))
        #expect(view.isTracking)
    }

    /// A wheel sample scrolls by its delta at once; on a scroll view that scrolls only sideways a
    /// vertical wheel scrolls it sideways.
    @Test func wheelScrollsByItsDelta() {
        let view = Self.makeView()
        var records: [ScrollEventRecord] = []
        view.eventHandler = { records.append($0) }
        #expect(view.handle(.wheel(time: 0, position: Point(x: 100, y: 100), delta: Point(x: 0, y: 40), isPrecise: false)))
        #expect(view.contentOffset == Point(x: 0, y: 40))
        #expect(records.map(\.event.name) == ["didScroll"])
        let sideways = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 3200, height: 480))
        sideways.handle(.wheel(time: 0, position: Point(x: 100, y: 100), delta: Point(x: 0, y: 60), isPrecise: true))
        #expect(sideways.contentOffset == Point(x: 60, y: 0))
    }
}
