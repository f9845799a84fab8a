import LabKit
import ScrollKit

/// Where the phone sits in the window. Every model coordinate is relative to the phone's top-left
/// corner, in points; the window is drawn at one pixel per point.
struct PhoneViewport: Equatable {
    /// The phone's screen in window coordinates.
    var frame: Rect

    /// The lab's fixed placement: 320×480 at (20, 60) in the 960×600 window.
    static let standard = PhoneViewport(frame: Rect(x: 20, y: 60, width: 320, height: 480))

    /// Converts a window position (pixels) to phone-viewport points.
    func phonePoint(windowX: Int32, windowY: Int32) -> Point {
        Point(x: Double(windowX) - frame.minX, y: Double(windowY) - frame.minY)
    }

    /// Whether a window position lies on the phone's screen.
    func contains(windowX: Int32, windowY: Int32) -> Bool {
        frame.contains(Point(x: Double(windowX), y: Double(windowY)))
    }

    /// The `{"x":…,"y":…,"w":…,"h":…}` value of the trace's viewport line for `rect` (the phone in
    /// window coordinates).
    static func json(_ rect: Rect) -> JSONValue {
        .object([("x", .number(rect.minX)), ("y", .number(rect.minY)),
                 ("w", .number(rect.width)), ("h", .number(rect.height))])
    }
}
