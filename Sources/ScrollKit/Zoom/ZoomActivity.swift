/// A zoom in progress (B-ZOOM-1): a pinch, or an animated change of scale (a bounce back inside the
/// limits, a double-tap zoom, `setZoomScale(_:animated: true)`).
enum ZoomActivity: Sendable {
    /// Two fingers (or Ctrl + wheel) are pinching.
    case pinch(PinchZoom)
    /// The scale and offset animate to a target.
    case animation(ZoomAnimation)
}

/// A pinch: the content point under the pinch centre stays under it as the scale changes.
struct PinchZoom: Sendable {
    /// `zoomScale` when the pinch began; the pinch's cumulative scale multiplies it.
    var startScale: Double
    /// The point of the zooming view (unzoomed) that was under the pinch centre when the pinch began.
    var anchor: Point
    /// The newest pinch centre, in the coordinates of pointer input.
    var center: Point
}

/// An animated zoom: scale and offset move together on an ease-in-out curve over `duration`.
struct ZoomAnimation: Sendable {
    /// Model time of the start.
    var startTime: Double
    /// Scale at the start and at the end.
    var scale: TimedAnimation
    /// Offset per axis at the start and at the end.
    var x: TimedAnimation
    var y: TimedAnimation

    /// Makes an animation from (`fromScale`, `fromOffset`) to (`toScale`, `toOffset`).
    init(startTime: Double, fromScale: Double, toScale: Double, fromOffset: Point, toOffset: Point, duration: Double) {
        self.startTime = startTime
        scale = TimedAnimation(from: fromScale, to: toScale, duration: duration)
        x = TimedAnimation(from: fromOffset.x, to: toOffset.x, duration: duration)
        y = TimedAnimation(from: fromOffset.y, to: toOffset.y, duration: duration)
    }

    /// The scale at model time `time`.
    func scale(at time: Double) -> Double { scale.position(at: time - startTime) }
    /// The offset at model time `time`.
    func offset(at time: Double) -> Point {
        Point(x: x.position(at: time - startTime), y: y.position(at: time - startTime))
    }
    /// True at and after the end.
    func isDone(at time: Double) -> Bool { scale.isDone(at: time - startTime) }
    /// The final scale.
    var targetScale: Double { scale.finalPosition }
    /// The final offset.
    var targetOffset: Point { Point(x: x.finalPosition, y: y.finalPosition) }
}
