import Testing
@testable import LabKit
import ScrollKit
import ScrollKitTestSupport

/// The photos scene (B-ZOOM-1): PhotoScroller's scales, pinch and double-tap zoom, nested scrolling,
/// recycled pages at their fitted scale, and its log lines.
@Suite struct PhotosSceneTests {
    /// Twelve 300×440 photos: fitted scale min(320/300, 450/440) = 1.022727…, maximum 3.068182.
    let scene = PhotosScene(photoSizes: Array(repeating: Size(width: 300, height: 440), count: 12))
    let fit = 450.0 / 440

    func pinch(to scale: Double, at center: Point, from time: Double) -> [PointerEvent] {
        (1...10).map { k in
            PointerEvent(time: time + Double(k) * 0.016, position: center, phase: .pinch,
                         scale: 1 + (scale - 1) * Double(k) / 10)
        } + [PointerEvent(time: time + 0.176, position: center, phase: .pinchEnd)]
    }

    /// A horizontal drag of `distance` pt (negative: finger to the left) in 16 ms steps of 10 pt, then a still lift.
    func pan(from start: Point, by distance: Double, at time: Double) -> [PointerEvent] {
        let steps = Int(abs(distance) / 10)
        var events = [PointerEvent(time: time, position: start, phase: .down)]
        for k in 1...steps {
            events.append(PointerEvent(time: time + Double(k) * 0.016,
                                       position: start + Point(x: distance.sign == .minus ? -10 * Double(k) : 10 * Double(k), y: 0),
                                       phase: .move))
        }
        events.append(PointerEvent(time: time + Double(steps) * 0.016 + 0.1, position: events.last!.position, phase: .up))
        return events
    }

    func run(_ events: [PointerEvent]) -> [ScrollEventRecord] {
        HeadlessReplay().run(events, on: scene).callbacks
    }

    /// The callbacks' names in order, `skipped` left out.
    static func names(_ records: [ScrollEventRecord], without skipped: String) -> [String] {
        records.map { (record: ScrollEventRecord) -> String in record.event.name }.filter { $0 != skipped }
    }

    var page: ScrollView { scene.currentPageView!.scrollView }

    @Test func theFirstLineStatesTheZoomLimits() {
        #expect(scene.settingLines.map(\.serialized) == [
            #"{"event":"setting","name":"zoom","value":{"minimumZoomScale":1.022727,"maximumZoomScale":3.068182}}"#,
        ])
        #expect(page.zoomScale == fit)
        #expect(page.maximumZoomScale == 3 * fit)
    }

    @Test func aFittedPhotoIsCentredInItsPage() {
        let photo = scene.pages[0].photoFrame
        #expect(abs(photo.width - 300 * fit) < 1e-9 && photo.height == 450)
        #expect(abs(photo.minX - (320 - 300 * fit) / 2) < 1e-9 && photo.minY == 30)
        // The padding: page 1 starts 340 pt to the right.
        #expect(scene.pages[1].frame == Rect(x: 340, y: 30, width: 320, height: 450))
    }

    @Test func aPinchZoomsAboutItsCentreAndNeverPages() {
        let records = run(pinch(to: 2, at: Point(x: 100, y: 200), from: 1))
        #expect(Self.names(records, without: "didZoom") == ["willBeginZooming", "didEndZooming"])
        #expect(records.last?.json.serialized.contains(#""scale":2.045455"#) == true)
        #expect(abs(page.zoomScale - 2 * fit) < 1e-9)
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(scene.currentPage == 0)
    }

    /// The pager's offsets at the frames while a pinch's fingers are down, and the callbacks, of one replay.
    func pagerWhilePinching(_ events: [PointerEvent], _ pinching: [PointerEvent]) -> (offsets: [Double], records: [ScrollEventRecord]) {
        var offsets: [Double] = []
        let result = HeadlessReplay().run(events, on: scene) { time in
            if time >= pinching.first!.time, time < pinching.last!.time { offsets.append(scene.scrollView.contentOffset.x) }
        }
        return (offsets, result.callbacks)
    }

    /// A pinch during a pager drag holds the pager where the drag left it (the pinch's fingers, not the
    /// drag's pointer, own it now) until the pinch ends; then the drag ends without a fling and the pager
    /// settles on its nearest page.
    @Test func aPinchDuringAPagerDragHoldsThePagerThenEndsTheDragWithoutAFling() {
        let drag = pan(from: Point(x: 250, y: 200), by: -60, at: 1)
        let pinching = pinch(to: 1.5, at: Point(x: 160, y: 200), from: 1.2)
        let (offsets, records) = pagerWhilePinching(Array(drag.dropLast()) + pinching, pinching)
        #expect(offsets.count >= 10 && offsets.allSatisfy { $0 == 50 }, "\(offsets)")  // 60 pt less the 10 pt slop
        let end = records.firstIndex { $0.event.name == "didEndDragging" }
        #expect(end.map { records[$0].time } == pinching.last!.time)
        #expect(scene.currentPage == 0)
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(page.zoomScale > fit)
    }

    /// A pinch that lands while the pager still glides after a flick catches it and holds it still while
    /// the fingers are down (the photo's point under them stays there), then lets it settle on its nearest
    /// page, the one it zoomed to its end: one `willBeginZooming`, one `didEndZooming`, and the replay
    /// settles. (It once followed the gliding pager's current page mid-pinch: two begins, one end, and a
    /// photo left zooming for ever; then the pager slid on under the fingers.)
    @Test func aPinchWhileThePagerGlidesStaysWithOnePage() {
        let flick = SyntheticGesture.drag(from: Point(x: 250, y: 200), velocity: Point(x: -1250, y: 0), duration: 0.08, at: 1)
        let lift = flick.last!.time
        let pinching = pinch(to: 2.2, at: Point(x: 160, y: 255), from: lift + 0.07)
        let (offsets, records) = pagerWhilePinching(flick + pinching, pinching)
        #expect(offsets.count >= 10 && Set(offsets).count == 1 && offsets[0].truncatingRemainder(dividingBy: 340) != 0, "\(offsets)")
        let zooms = records.filter { $0.event.name.hasSuffix("Zooming") }.map(\.event.name)
        #expect(zooms == ["willBeginZooming", "didEndZooming"])
        #expect(scene.isSettled)
        let page = scene.layout.currentPage(offsetX: scene.scrollView.contentOffset.x)
        #expect(scene.scrollView.contentOffset.x == Double(page) * 340)
        #expect(scene.currentPageView!.scrollView.zoomScale > fit)
        // The pinch's page holds the zoom; no other page is left zooming.
        #expect(scene.pageViews.allSatisfy { !$0.scrollView.isZooming })
    }

    /// The photo's own scroll view flings at the scene's deceleration rate and physics.
    @Test func aZoomedPhotoTakesThePagersMotionSettings() {
        scene.setDecelerationRate(.fast)
        #expect(scene.pageViews.allSatisfy { $0.scrollView.decelerationRate == .fast })
        scene.scrollView.configuration.physics = .android
        scene.scrollView.velocityEstimator = .leastSquares
        for view in scene.nestedScrollViews { view.adoptMotionSettings(of: scene.scrollView) }
        #expect(scene.pageViews.allSatisfy {
            $0.scrollView.configuration.physics == .android && $0.scrollView.velocityEstimator == .leastSquares
        })
    }

    @Test func aPagerFlingOnAFittedPhotoPagesAndNeverZooms() {
        let records = run(SyntheticGesture.drag(from: Point(x: 250, y: 200), velocity: Point(x: -1500, y: 0),
                                                duration: 0.1, at: 1))
        #expect(scene.currentPage == 1)
        #expect(scene.scrollView.contentOffset == Point(x: 340, y: 0))
        #expect(!records.contains { $0.event.name.contains("Zoom") })
        #expect(page.zoomScale == fit)
    }

    @Test func aPanOnAZoomedPhotoScrollsInsideItToItsEdgeThenThePagerTakesOver() {
        _ = run(pinch(to: 2, at: Point(x: 160, y: 255), from: 1))
        let inner = page
        let startX = inner.contentOffset.x
        #expect(startX > 0 && startX < inner.maximumContentOffset.x)
        // A short pan stays inside the photo.
        _ = run(pan(from: Point(x: 200, y: 250), by: -50, at: 2))
        #expect(inner.contentOffset.x == startX + 40)  // 50 pt less the 10 pt slop
        #expect(scene.scrollView.contentOffset.x == 0)
        // A long one reaches the photo's right edge and turns the page, in the same drag.
        let records = run(pan(from: Point(x: 300, y: 250), by: -360, at: 3))
        #expect(inner.contentOffset.x == inner.maximumContentOffset.x)
        #expect(records.map(\.event.name).contains("willBeginDragging"))
        #expect(scene.currentPage == 1)
        #expect(scene.scrollView.contentOffset.x == 340)
    }

    @Test func theZoomedPhotosOwnCallbacksReachTheLogMarkedAsThePhotos() {
        _ = run(pinch(to: 2, at: Point(x: 160, y: 255), from: 1))
        let startX = page.contentOffset.x
        let records = run(pan(from: Point(x: 200, y: 250), by: -50, at: 2))
        // The photo's drag, at the photo's own offsets; the pager never moved.
        let photo = records.filter { $0.tag == PhotosScene.photoTag }
        #expect(Self.names(photo, without: "didScroll") == ["willBeginDragging", "willEndDragging", "didEndDragging"])
        #expect(photo.first { $0.event.name == "willBeginDragging" }?.offset.x == startX)
        #expect(photo.last?.offset.x == startX + 40)
        #expect(!records.contains { $0.tag == 0 })
        #expect(photo.last?.json.serialized.contains(#""scrollView":"photo""#) == true)
    }

    @Test func aDoubleTapZoomsInAtThePointAndASecondZoomsOut() {
        let taps = [PointerEvent(time: 1, position: Point(x: 100, y: 150), phase: .down),
                    PointerEvent(time: 1.06, position: Point(x: 100, y: 150), phase: .up),
                    PointerEvent(time: 1.2, position: Point(x: 101, y: 151), phase: .down),
                    PointerEvent(time: 1.26, position: Point(x: 101, y: 151), phase: .up)]
        let anchor = page.contentPoint(for: Point(x: 101, y: 151))
        let zoomIn = run(taps)
        #expect(Self.names(zoomIn, without: "didZoom") == ["willBeginZooming", "didEndZooming"])
        #expect(page.zoomScale == 3 * fit)
        // The tapped point of the photo is now at the page's centre (or as near as its edges allow).
        let shown = page.zoomingViewFrame.origin + anchor * page.zoomScale
        #expect(abs(shown.x - 160) < 1e-6 && abs(shown.y - 255) < 1e-6)
        _ = run(taps.map { PointerEvent(time: $0.time + 2, position: $0.position, phase: $0.phase) })
        #expect(page.zoomScale == fit)
    }

    @Test func aRecycledPageStartsAtItsFittedScale() {
        _ = run(pinch(to: 2, at: Point(x: 160, y: 255), from: 1))
        let zoomedView = scene.currentPageView!
        _ = run(pan(from: Point(x: 300, y: 250), by: -500, at: 3))  // through the photo to its edge, then a page
        #expect(scene.currentPage == 1)
        for k in 0..<2 {
            _ = run(SyntheticGesture.drag(from: Point(x: 250, y: 200), velocity: Point(x: -1500, y: 0),
                                          duration: 0.1, at: 6 + 3 * Double(k)))
        }
        #expect(scene.currentPage == 3)
        #expect(zoomedView.page == 3)  // page 0's view now shows page 3
        #expect(zoomedView.scrollView.zoomScale == fit)
        #expect(scene.pool.viewsCreated == 3)
    }

    @Test func pastTheMaximumAPinchBouncesBackAndDidEndZoomingCarriesTheLimit() {
        let records = run(pinch(to: 6, at: Point(x: 160, y: 255), from: 1))
        let end = records.last { $0.event.name == "didEndZooming" }
        #expect(end?.json.serialized.contains(#""scale":3.068182"#) == true)
        #expect((end?.time ?? 0) > 1.176 + 0.29)
    }

    @Test func eachPhotoFitsByItsOwnSizeAndAWidePhotoIsCentredVertically() {
        let mixed = PhotosScene(photoSizes: [Size(width: 600, height: 300), Size(width: 300, height: 440)])
        // 600×300 in 320×450: the width decides, 320/600 = 0.5333; it shows 320×160, 145 pt above and below.
        let page = mixed.currentPageView!.scrollView
        #expect(abs(page.minimumZoomScale - 320.0 / 600) < 1e-12 && abs(page.maximumZoomScale - 3 * 320.0 / 600) < 1e-12)
        let photo = mixed.pages[0].photoFrame
        #expect(abs(photo.minX) < 1e-9 && abs(photo.minY - (30 + 145)) < 1e-9 && abs(photo.height - 160) < 1e-9)
        #expect(mixed.settingLines[0].serialized.contains(#""minimumZoomScale":0.533333"#))
    }
}
