import CSDL
import ScrollKit
import ScrollLabCore

/// A pinch the window is delivering to the scene (B-ZOOM-1): from Ctrl + wheel, as desktop trackpads
/// deliver pinches, or from two fingers on a touchscreen.
struct PinchInput {
    /// Where the pinch comes from.
    enum Source: Equatable {
        /// Ctrl + wheel: the pinch ends once the wheel has been still for `InputTranslator.wheelPinchEndDelay`.
        case wheel
        /// Two touchscreen fingers: the pinch ends when one lifts. `startDistance` is their first distance.
        case fingers(startDistance: Double)
    }

    var source: Source
    /// The pinch's scale since it began (the gesture file's `scale`).
    var scale = 1.0
    /// The pinch centre, phone points.
    var position: Point
    /// Model time of the latest pinch sample.
    var lastTime: Double
}
