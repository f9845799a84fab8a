#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zooming (B-ZOOM-1, the other half of UIScrollView): the delegate's `viewForZooming(in:)` names the view
/// (its unzoomed size); `contentSize` is that size × `zoomScale`.
///
/// A pinch keeps the content point under the pinch centre under it. Past `minimumZoomScale` or
/// `maximumZoomScale` the scale rubber-bands (in log scale, UIKit's rubber band with a dimension of one
/// e-fold) while `bouncesZoom` is on, and bounces back to the limit when the pinch ends. Callbacks in
/// UIKit's order: `willBeginZooming` when a pinch begins or an animated zoom starts, `didZoom` at every
/// change of scale (then `didScroll` when the offset moved), `didEndZooming(atScale:)` when the zoom is
/// over — after the bounce back, or at the end of an animated zoom.
public extension ScrollView {
    /// The rubber band's dimension for the scale, in natural-log units: pinching to 2× the maximum shows 1.32×.
    static let zoomRubberBandDimension = 1.0

    /// True while a pinch is in progress (UIKit's `isZooming`).
    var isZooming: Bool {
        if case .pinch = zoom { return true }
        return false
    }

    /// True while the scale animates (a bounce back inside the limits or an animated zoom; UIKit's `isZoomBouncing`).
    var isZoomBouncing: Bool {
        if case .animation = zoom { return true }
        return false
    }

    /// The zooming view's unzoomed size, from the delegate; nil when nothing zooms.
    var zoomingViewSize: Size? { delegate?.viewForZooming(in: self) }

    /// Where the zooming view is, in the coordinates of pointer input: its origin is the frame's, minus the
    /// offset, plus the centring inset; its size is `contentSize`.
    var zoomingViewFrame: Rect {
        Rect(origin: frame.origin - contentOffset + centeringInset(for: contentSize), size: contentSize)
    }

    /// A pinch begins with its centre at `center` (pointer-input coordinates). Returns false, and ignores
    /// it, when nothing zooms. Any drag ends without a fling and any motion stops first.
    @discardableResult
    func beginPinch(at center: Point, time: Double) -> Bool {
        guard center.isFinite, canZoom else { return false }
        tick(time)
        finishZoom()
        stopForZoom()
        zoom = .pinch(PinchZoom(startScale: zoomScale, anchor: zoomAnchor(under: center), center: center))
        send(.willBeginZooming)
        return true
    }

    /// The pinch's cumulative scale since it began is `scale`, about `center`. Ignored with no pinch.
    func pinch(scale: Double, at center: Point, time: Double) {
        guard case .pinch(var pinch) = zoom, scale.isFinite, scale > 0 else { return }
        tick(time)
        if center.isFinite { pinch.center = center }
        zoom = .pinch(pinch)
        let newScale = displayedZoomScale(forRaw: pinch.startScale * scale)
        applyZoom(scale: newScale, offset: offset(keeping: pinch.anchor, under: pinch.center, at: newScale))
    }

    /// The pinch ended: a scale past a limit bounces back to it (animated, about the last centre), then
    /// `didEndZooming` comes; inside the limits it comes at once.
    func endPinch(time: Double) {
        guard case .pinch(let pinch) = zoom else { return }
        tick(time)
        let settled = clampedZoomScale(zoomScale)
        zoom = nil
        if settled != zoomScale {
            animateZoom(to: settled, offset: offset(keeping: pinch.anchor, under: pinch.center, at: settled))
        } else {
            send(.didEndZooming(scale: zoomScale))
        }
    }

    /// Sets the zoom scale (clamped to the limits) about the centre of the frame.
    func setZoomScale(_ scale: Double, animated: Bool, time: Double) {
        guard scale.isFinite, canZoom else { return }
        let center = frame.center
        zoom(toScale: clampedZoomScale(scale), keeping: zoomAnchor(under: center), under: center,
             animated: animated, time: time)
    }

    /// Zooms so that `rect` (zooming-view coordinates, unzoomed) fills the frame as far as the limits allow,
    /// centred on it (UIKit's `zoom(to:animated:)`, used for the double-tap zoom).
    func zoom(to rect: Rect, animated: Bool, time: Double) {
        guard canZoom, rect.width > 0, rect.height > 0, rect.origin.isFinite else { return }
        let scale = clampedZoomScale(Swift.min(frame.width / rect.width, frame.height / rect.height))
        zoom(toScale: scale, keeping: rect.center, under: frame.center, animated: animated, time: time)
    }

    /// Resets the zoom to `scale` at once, with no callbacks, and the offset to the top-left (a recycled page).
    func resetZoom(to scale: Double) {
        guard scale.isFinite, scale > 0 else { return }
        zoom = nil
        zoomScale = scale
        if let size = zoomingViewSize { contentSize = size * scale }
        contentOffset = clamped(.zero)
    }
}

extension ScrollView {
    /// True when the delegate names a view to zoom and the limits differ.
    var canZoom: Bool { zoomingViewSize != nil && minimumZoomScale < maximumZoomScale }

    /// `scale` inside the limits.
    func clampedZoomScale(_ scale: Double) -> Double {
        Swift.min(Swift.max(scale, minimumZoomScale), maximumZoomScale)
    }

    /// The scale a pinch shows for `raw` (the start scale × the pinch's scale): rubber-banded past the limits
    /// with `bouncesZoom`, clamped without.
    func displayedZoomScale(forRaw raw: Double) -> Double {
        guard bouncesZoom, minimumZoomScale > 0 else { return clampedZoomScale(raw) }
        let shown = configuration.rubberBand.displayedOffset(raw: log(raw), lower: log(minimumZoomScale),
                                                             upper: log(maximumZoomScale),
                                                             dimension: Self.zoomRubberBandDimension)
        return exp(shown)
    }

    /// Space around content smaller than the frame when `centersContent` is on (half the difference per axis).
    func centeringInset(for size: Size) -> Point {
        guard centersContent else { return .zero }
        return Point(x: Swift.max(0, (frame.width - size.width) / 2), y: Swift.max(0, (frame.height - size.height) / 2))
    }

    /// The point of the zooming view (unzoomed) under `point` (pointer-input coordinates).
    func zoomAnchor(under point: Point) -> Point {
        (point - frame.origin + contentOffset - centeringInset(for: contentSize)) / zoomScale
    }

    /// The offset that puts `anchor` (zooming-view point) under `point` at `scale`, inside the content range.
    func offset(keeping anchor: Point, under point: Point, at scale: Double) -> Point {
        let size = (zoomingViewSize ?? contentSize * (1 / zoomScale)) * scale
        let wanted = anchor * scale + centeringInset(for: size) - (point - frame.origin)
        let upper = Point(x: Self.extent(size.width - frame.width), y: Self.extent(size.height - frame.height))
        return Point(x: Swift.min(Swift.max(wanted.x, 0), upper.x), y: Swift.min(Swift.max(wanted.y, 0), upper.y))
    }

    /// Shows `scale` and `offset`: `didZoom` when the scale changed, `didScroll` when the offset did.
    func applyZoom(scale: Double, offset: Point) {
        guard scale.isFinite, scale > 0 else { return }
        if scale != zoomScale {
            zoomScale = scale
            if let size = zoomingViewSize { contentSize = size * scale }
            send(.didZoom)
        }
        moveContentOffset(to: offset)
    }

    /// Zooms to `scale` keeping `anchor` under `point`: animated (`willBeginZooming`, `didZoom`…,
    /// `didEndZooming`) or at once (`didZoom`, `didEndZooming`).
    func zoom(toScale scale: Double, keeping anchor: Point, under point: Point, animated: Bool, time: Double) {
        tick(time)
        finishZoom()
        stopForZoom()
        let offset = offset(keeping: anchor, under: point, at: scale)
        guard scale != zoomScale || offset != contentOffset else { return }
        if animated {
            send(.willBeginZooming)
            animateZoom(to: scale, offset: offset)
        } else {
            applyZoom(scale: scale, offset: offset)
            send(.didEndZooming(scale: zoomScale))
        }
    }

    /// Starts an animation from the shown scale and offset to `scale` and `offset`.
    func animateZoom(to scale: Double, offset: Point) {
        zoom = .animation(ZoomAnimation(startTime: currentTime, fromScale: zoomScale, toScale: scale,
                                        fromOffset: contentOffset, toOffset: offset,
                                        duration: configuration.animationDuration))
    }

    /// Steps an animated zoom to `time`; at its end, `didEndZooming`.
    func advanceZoom(to time: Double) {
        guard case .animation(let animation) = zoom else { return }
        let done = animation.isDone(at: time)
        if done { zoom = nil }
        applyZoom(scale: done ? animation.targetScale : animation.scale(at: time),
                  offset: done ? animation.targetOffset : animation.offset(at: time))
        if done { send(.didEndZooming(scale: zoomScale)) }
    }

    /// Ends a zoom in progress where it is going: an animation jumps to its end, a pinch settles inside
    /// the limits; either way with its `didEndZooming` (a touch-down or a new zoom takes over, or the
    /// page is recycled). Nothing when no zoom is in progress.
    public func finishZoom() {
        switch zoom {
        case .animation(let animation):
            zoom = nil
            applyZoom(scale: animation.targetScale, offset: animation.targetOffset)
            send(.didEndZooming(scale: zoomScale))
        case .pinch(let pinch):
            zoom = nil
            let settled = clampedZoomScale(zoomScale)
            applyZoom(scale: settled, offset: offset(keeping: pinch.anchor, under: pinch.center, at: settled))
            send(.didEndZooming(scale: zoomScale))
        case nil:
            break
        }
    }

    /// Before a zoom: a drag ends without a fling (a pinch takes over from one finger), and a deceleration or
    /// an animated scroll stops where it is shown.
    func stopForZoom() {
        switch activity {
        case .drag:
            handOffTouch(time: currentTime)
            stopDeceleration()  // the spring-back of an overscrolled drag
        case .ballistic:
            stopDeceleration()
        case .animation:
            activity = .idle
        case .idle:
            break
        }
    }
}

extension Size {
    /// Both sides times `factor`.
    static func * (size: Size, factor: Double) -> Size {
        Size(width: size.width * factor, height: size.height * factor)
    }
}
