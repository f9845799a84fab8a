import Testing
import LabKit
import ScrollKit
import ScrollKitTestSupport

/// `scrolllab physics-compare`'s figures (B-PHYS-1) on a grid of 16 items (8 rows): a fast upward
/// fling from the top runs into the end of the content.
@Suite struct PhysicsComparisonTests {
    static func grid(_ physics: ScrollPhysicsKind) -> GridScene {
        var configuration = GridSceneConfiguration()
        configuration.itemCount = 16
        configuration.physics = physics
        configuration.latency = 0
        return GridScene(configuration: configuration)
    }

    static let fling = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -4000),
                                             duration: 0.06, at: 1.0)

    @Test func everyPhysicsHasARowAndIOSIsTheReference() {
        let rows = PhysicsComparison().rows(Self.fling) { Self.grid($0) }
        #expect(rows.map(\.physics) == ScrollPhysicsKind.allCases)
        #expect(rows[0].largestDifference == 0)
        #expect(rows.dropFirst().allSatisfy { $0.largestDifference > 0 })
    }

    @Test func bouncingPhysicsOvershootAndClampingOnesDoNot() {
        let rows = PhysicsComparison().rows(Self.fling) { Self.grid($0) }
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.physics, $0) })
        #expect(byName[.ios]!.edgeOvershoot > 10)
        #expect(byName[.flutterBouncing]!.edgeOvershoot > 10)
        #expect(byName[.android]!.edgeOvershoot == 0)
        #expect(byName[.flutterClamping]!.edgeOvershoot == 0)
        // Every physics comes to rest at the end of the content.
        let view = Self.grid(.ios).scrollView
        let end = view.contentSize.height - view.frame.height
        for row in rows { #expect(abs(row.finalOffset - end) < 1e-9) }
    }

    @Test func aGlideThatStaysInsideTravelsItsPhysicsDistance() {
        let slow = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -1000),
                                         duration: 0.1, at: 1.0)
        let rows = PhysicsComparison().rows(slow) { Self.grid($0) }
        let android = rows.first { $0.physics == .android }!
        let ios = rows.first { $0.physics == .ios }!
        // UIKit's 1000 pt/s glide: (1000 − 10)·τ ≈ 494.5 pt (the pixel grid moves it by < 1/3 pt);
        // Android's spline: 194.3 dp.
        #expect(abs(ios.glideDistance - 494.5) < 1)
        #expect(abs(android.glideDistance - 194.3) < 1)
        #expect(android.durationToRest < ios.durationToRest)
    }

    /// "To rest" ends when the last release's motion does: a zoom a second later moves the page's
    /// offset, but not as part of the glide.
    @Test func theTimeToRestEndsWithTheReleasesMotion() {
        let scene = { (physics: ScrollPhysicsKind) -> PhotosScene in
            let scene = PhotosScene(photoSizes: Array(repeating: Size(width: 300, height: 440), count: 12))
            scene.scrollView.configuration.physics = physics
            return scene
        }
        var events = SyntheticGesture.drag(from: Point(x: 260, y: 200), velocity: Point(x: -1500, y: 0),
                                           duration: 0.1, at: 1.0)
        let center = Point(x: 160, y: 240)
        events += (1...10).map { k in
            PointerEvent(time: 3.0 + Double(k) * 0.016, position: center, phase: .pinch, scale: 1 + 0.15 * Double(k))
        }
        events.append(PointerEvent(time: 3.2, position: center, phase: .pinchEnd))
        let records = HeadlessReplay().run(events, on: scene(.ios)).callbacks
        let release = records.last { $0.event.name == "willEndDragging" }!.time
        let rest = records.first { $0.event.name == "didEndDecelerating" && $0.time > release }!.time
        #expect(records.contains { $0.event.name == "didZoom" && $0.time > rest })
        let rows = PhysicsComparison().rows(events) { scene($0) }
        #expect(rows[0].durationToRest == rest - release)
        #expect(rows[0].durationToRest < 1)
    }
}
