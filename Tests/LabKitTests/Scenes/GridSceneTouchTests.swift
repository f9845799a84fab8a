import Testing
@testable import LabKit
import ScrollKit
import ScrollKitTestSupport

/// The grid's tiles as content (B-TCH-1): pressed while tracking, selected by a tap, a ♥ control that
/// keeps its touch, and the touch lines in the replay's log.
@Suite struct GridSceneTouchTests {
    /// Tile 0 is at (5, 0, 150, 220) in content, (5, 30) on screen under the 30 pt title bar; its ♥ at
    /// (117, 182, 32, 32) in content, so (133, 228) on screen is inside it.
    let tilePoint = Point(x: 60, y: 130)
    let heartPoint = Point(x: 133, y: 228)

    func hold(at point: Point, from time: Double, for duration: Double) -> [PointerEvent] {
        [PointerEvent(time: time, position: point, phase: .down),
         PointerEvent(time: time + duration, position: point, phase: .up)]
    }

    func callbacks(_ scene: GridScene, _ events: [PointerEvent]) -> [ScrollEventRecord] {
        HeadlessReplay().run(events, on: scene).callbacks
    }

    @Test func aHeldTileIsPressedThenATapSelectsIt() {
        let scene = GridScene()
        scene.pointer(PointerEvent(time: 1, position: tilePoint, phase: .down))
        scene.advance(to: 1.1)
        #expect(!scene.tiles[0].isPressed)
        scene.advance(to: 1.2)
        #expect(scene.tiles[0].isPressed)
        #expect(scene.tiles.filter(\.isPressed).count == 1)
        scene.pointer(PointerEvent(time: 1.3, position: tilePoint, phase: .up))
        #expect(!scene.tiles[0].isPressed)
        #expect(scene.tiles[0].isSelected)
        #expect(scene.selectedItem == 0)
    }

    @Test func theReplayLogNamesTheTileItemAndView() {
        let lines = callbacks(GridScene(), hold(at: tilePoint, from: 1, for: 0.3)).map(\.json.serialized)
        #expect(lines == [
            #"{"t":1.15,"event":"touchesBegan","offset":{"x":0,"y":0},"item":0,"view":0}"#,
            #"{"t":1.3,"event":"touchesEnded","offset":{"x":0,"y":0},"item":0,"view":0}"#,
            #"{"t":1.3,"event":"tap","offset":{"x":0,"y":0},"item":0,"view":0}"#,
        ])
    }

    @Test func aTapOnTheHeartTogglesItAndSelectsNothing() {
        let scene = GridScene()
        let records = callbacks(scene, hold(at: heartPoint, from: 1, for: 0.3) + hold(at: heartPoint, from: 2, for: 0.3)
            + hold(at: heartPoint, from: 3, for: 0.3))
        #expect(records.filter { $0.event.name == "tap" }.count == 3)
        #expect(records.first?.json.serialized == #"{"t":1.15,"event":"touchesBegan","offset":{"x":0,"y":0},"item":0,"view":0,"control":true}"#)
        #expect(scene.likedItems == [0])
        #expect(scene.tiles[0].isLiked)
        #expect(scene.selectedItem == nil)
    }

    @Test func aFlickOverATileScrollsAndTheTileNeverHears() {
        let scene = GridScene()
        let records = callbacks(scene, SyntheticGesture.drag(from: Point(x: 60, y: 400), velocity: Point(x: 0, y: -2000),
                                                             duration: 0.096, at: 1))
        #expect(!records.contains { if case .contentTouch = $0.event { true } else { false } })
        #expect(scene.scrollView.contentOffset.y > 500)
    }

    /// A slow drag of 80 pt that starts 200 ms after the touch-down, so the tile tracks first.
    func slowDrag(from start: Point) -> [PointerEvent] {
        var events = [PointerEvent(time: 1, position: start, phase: .down)]
        for k in 1...40 {
            events.append(PointerEvent(time: 1.2 + Double(k) * 0.016, position: start - Point(x: 0, y: Double(2 * k)), phase: .move))
        }
        events.append(PointerEvent(time: 2, position: start - Point(x: 0, y: 80), phase: .up))
        return events
    }

    @Test func aSlowDragOnATrackingTileCancelsItAndScrolls() {
        let scene = GridScene()
        let names = callbacks(scene, slowDrag(from: Point(x: 60, y: 400))).map(\.event.name)
        #expect(names.prefix(3) == ["touchesBegan", "touchesCancelled", "willBeginDragging"])
        #expect(scene.scrollView.contentOffset.y == 70)
        #expect(scene.tiles.allSatisfy { !$0.isPressed })
    }

    @Test func withCanCancelOffTheSlowDragNeverScrolls() {
        let scene = GridScene()
        scene.scrollView.canCancelContentTouches = false
        let names = callbacks(scene, slowDrag(from: Point(x: 60, y: 400))).map(\.event.name)
        #expect(names == ["touchesBegan", "touchesEnded", "tap"])  // lifted still inside the 220 pt tile
        #expect(scene.scrollView.contentOffset.y == 0)
    }

    @Test func theTitleBarAndTheGapsAreNotContent() {
        let scene = GridScene()
        #expect(callbacks(scene, hold(at: Point(x: 60, y: 10), from: 1, for: 0.3)).isEmpty)
        #expect(callbacks(scene, hold(at: Point(x: 160, y: 130), from: 2, for: 0.3)).isEmpty)
    }
}
