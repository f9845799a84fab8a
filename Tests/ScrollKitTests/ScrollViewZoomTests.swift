import Foundation
import Testing
@testable import ScrollKit
import ScrollKitTestSupport

/// Zooming (B-ZOOM-1): anchoring, limits with rubber band and bounce, centring, animated zoom, callback order.
@Suite struct ScrollViewZoomTests {
    /// Zooms a 300×440 photo; records the zoom callbacks' view sizes.
    final class Photo: ScrollViewDelegate {
        var size: Size? = Size(width: 300, height: 440)
        var ended: [Double] = []
        func viewForZooming(in scrollView: ScrollView) -> Size? { size }
        func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: Size?, atScale scale: Double) {
            ended.append(scale)
        }
    }

    let photo = Photo()
    let view: ScrollView
    let driver: FrameDriver

    init() {
        view = ScrollView(frame: Rect(x: 0, y: 30, width: 320, height: 450), contentSize: Size(width: 300, height: 440))
        view.delegate = photo
        view.minimumZoomScale = 1
        view.maximumZoomScale = 3
        view.centersContent = true
        driver = FrameDriver(view)
    }

    /// A pinch from scale 1 to `scale` about `center`, in `steps` samples 16 ms apart from `time`, then its end.
    func pinch(to scale: Double, at center: Point, steps: Int = 10, time: Double = 1) -> [PointerEvent] {
        (1...steps).map { k in
            PointerEvent(time: time + Double(k) * 0.016, position: center, phase: .pinch,
                         scale: 1 + (scale - 1) * Double(k) / Double(steps))
        } + [PointerEvent(time: time + Double(steps + 1) * 0.016, position: center, phase: .pinchEnd)]
    }

    var names: [String] { driver.names.filter { $0 != "didZoom" } }

    @Test func aPinchKeepsThePointUnderItsCentre() {
        let center = Point(x: 100, y: 200)
        let before = view.zoomAnchor(under: center)
        driver.play(Array(pinch(to: 2, at: center).dropLast()))
        #expect(view.zoomScale == 2)
        #expect(view.contentSize == Size(width: 600, height: 880))
        let after = view.zoomAnchor(under: center)
        #expect(abs(after.x - before.x) < 1e-9 && abs(after.y - before.y) < 1e-9)
    }

    /// The same pinch worked out by hand: at 1× the 300×440 photo sits 10 pt in and 5 pt down in the
    /// 320×450 viewport (centred), so (100, 200) in the window, (100, 170) in the view, is the photo's
    /// (90, 165); at 2× that point is (180, 330) of an 600×880 content, uncentred, kept under (100, 170):
    /// the offset is (80, 160).
    @Test func aPinchToTwoAtAPointLandsOnTheOffsetWorkedOutByHand() {
        driver.play(Array(pinch(to: 2, at: Point(x: 100, y: 200)).dropLast()))
        #expect(view.zoomScale == 2)
        #expect(abs(view.contentOffset.x - 80) < 1e-9 && abs(view.contentOffset.y - 160) < 1e-9, "\(view.contentOffset)")
    }

    @Test func callbacksComeInUIKitsOrder() {
        driver.play(pinch(to: 2, at: Point(x: 160, y: 255)))
        let all = driver.names
        #expect(all.first == "willBeginZooming")
        #expect(all.filter { $0 == "didZoom" }.count == 10)
        #expect(names == ["willBeginZooming", "didEndZooming"])
        #expect(photo.ended == [2])
        if case .didEndZooming(let scale) = driver.records.last(where: { $0.event.name == "didEndZooming" })?.event {
            #expect(scale == 2)
        }
    }

    @Test func pastTheMaximumItRubberBandsThenBouncesBack() {
        driver.play(Array(pinch(to: 6, at: Point(x: 160, y: 255)).dropLast()))
        // ln(6/3) = 0.693 past the limit shows (1 − 1/(0.693·0.55 + 1)) = 0.276 of an e-fold: 3·e^0.276 = 3.96.
        let shown: Double = 1 - 1 / (log(2.0) * 0.55 + 1)
        #expect(abs(view.zoomScale - 3 * exp(shown)) < 1e-9)
        #expect(view.zoomScale > 3.9 && view.zoomScale < 4)
        driver.deliver(PointerEvent(time: 1.2, position: .zero, phase: .pinchEnd))
        #expect(view.isZoomBouncing)
        #expect(view.isMoving)
        #expect(photo.ended.isEmpty)
        driver.run(until: 1.6)
        #expect(!view.isZoomBouncing)
        #expect(view.zoomScale == 3)
        #expect(photo.ended == [3])
        #expect(names == ["willBeginZooming", "didEndZooming"])
    }

    @Test func belowTheMinimumItRubberBandsThenBouncesBack() {
        driver.play(pinch(to: 0.5, at: Point(x: 160, y: 255)))
        #expect(view.isZoomBouncing)
        driver.run(until: 2)
        #expect(view.zoomScale == 1)
        #expect(photo.ended == [1])
    }

    @Test func withoutBouncesZoomItStopsAtTheLimit() {
        view.bouncesZoom = false
        driver.play(Array(pinch(to: 6, at: Point(x: 160, y: 255)).dropLast()))
        #expect(view.zoomScale == 3)
        driver.deliver(PointerEvent(time: 1.2, position: .zero, phase: .pinchEnd))
        #expect(!view.isZoomBouncing)
        #expect(photo.ended == [3])
    }

    @Test func smallContentStaysCentred() {
        // 300×440 in a 320×450 frame at scale 1: 10 pt at the sides, 5 pt above and below.
        #expect(view.zoomingViewFrame == Rect(x: 10, y: 35, width: 300, height: 440))
        driver.play(pinch(to: 0.5, at: Point(x: 40, y: 60)))
        driver.run(until: 2)
        #expect(view.zoomingViewFrame == Rect(x: 10, y: 35, width: 300, height: 440))
    }

    @Test func zoomToARectIsAnimatedWithTheCallbacks() {
        view.zoom(to: Rect(x: 100, y: 200, width: 80, height: 80), animated: true, time: 1)
        #expect(view.isZoomBouncing)
        driver.run(until: 2)
        #expect(view.zoomScale == 3)  // 320/80 = 4, clamped to the maximum
        // The rect's centre (140, 240) at scale 3 is at (420, 720); centred in the frame: offset (260, 495).
        #expect(view.contentOffset == Point(x: 260, y: 495))
        #expect(names == ["willBeginZooming", "didEndZooming"])
        view.setZoomScale(1, animated: true, time: 3)
        driver.run(until: 4)
        #expect(view.zoomScale == 1)
        #expect(view.contentOffset == .zero)
        #expect(photo.ended == [3, 1])
    }

    @Test func withNothingToZoomAPinchIsIgnored() {
        photo.size = nil
        driver.play(pinch(to: 2, at: Point(x: 160, y: 255)))
        #expect(view.zoomScale == 1)
        #expect(driver.names.isEmpty)
    }

    @Test func aPinchEndsADragWithoutAFling() {
        driver.play(pinch(to: 2, at: Point(x: 160, y: 255)))
        let drag = SyntheticGesture.drag(from: Point(x: 160, y: 400), velocity: Point(x: 0, y: -2000),
                                         duration: 0.096, at: 2)
        driver.play(Array(drag.dropLast()))
        #expect(view.isDragging)
        driver.deliver(PointerEvent(time: 2.2, position: Point(x: 160, y: 255), phase: .pinch, scale: 1.1))
        #expect(!view.isDragging)
        #expect(!view.isMoving)
        #expect(view.isZooming)
        #expect(names.suffix(3) == ["willEndDragging", "didEndDragging", "willBeginZooming"])
    }

    @Test func aZoomedViewScrollsAndClampsItsOffset() {
        view.setZoomScale(2, animated: false, time: 1)
        #expect(view.contentSize == Size(width: 600, height: 880))
        #expect(view.canScroll(.horizontal) && view.canScroll(.vertical))
        #expect(view.maximumContentOffset == Point(x: 280, y: 430))
        #expect(photo.ended == [2])
    }

    /// A target clamped at one scale is clamped again when the zoom settles smaller: a paged wheel scroll
    /// settling while a pinch past the maximum bounces back (the page it chose lay past the end of the
    /// content at the final scale), and an animated offset asked for during that pinch, rest inside the
    /// content, the zoom ended once at its limit.
    @Test func aTargetOutsideTheSettledZoomIsClampedAgain() {
        for animatedDuringPinch in [false, true] {
            let photo = Photo()
            photo.size = Size(width: 300, height: 600)
            let view = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 900, height: 5000))
            view.delegate = photo
            view.isPagingEnabled = !animatedDuringPinch
            view.minimumZoomScale = 0.5
            view.maximumZoomScale = 3
            let driver = FrameDriver(view)
            if animatedDuringPinch {
                view.handle(PointerEvent(time: 0.43, position: Point(x: 129, y: 429), phase: .pinch, scale: 3.5))
                view.setContentOffset(Point(x: 0, y: 4000), animated: true, time: 0.45)
            } else {
                view.handle(.wheel(time: 0.414, position: Point(x: 242, y: 451), delta: Point(x: -59, y: 195), isPrecise: false))
                view.handle(PointerEvent(time: 0.43, position: Point(x: 129, y: 429), phase: .pinch, scale: 3.5))
            }
            view.handle(PointerEvent(time: 0.5, position: Point(x: 129, y: 429), phase: .pinchEnd))
            driver.run(until: 5)
            #expect(!view.isMoving)
            let upper = view.maximumContentOffset
            #expect(view.contentOffset.x >= 0 && view.contentOffset.x <= upper.x && view.contentOffset.y >= 0 && view.contentOffset.y <= upper.y,
                    "\(animatedDuringPinch ? "animated" : "wheel"): at rest at \(view.contentOffset), the content's last offset \(upper)")
            #expect(photo.ended == [3])
        }
    }
}
