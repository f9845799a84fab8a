import LabKit
import ScrollKit

/// Where the phone sits in the window. Every model coordinate is relative to the phone's top-left
/// corner, in points; the window is drawn at one pixel per point.
package struct PhoneViewport: Equatable {
    /// The phone's screen in window coordinates.
    package var frame: Rect

    /// The lab's fixed placement: 320×480 at (20, 60) in the 960×600 window.
    package static let standard = PhoneViewport(frame: Rect(x: 20, y: 60, width: 320, height: 480))

    /// How far apart phones stand side by side (compare mode): a phone's width and a gap.
    package static let pitch = 340.0

    /// A phone whose screen is `frame`.
    package init(frame: Rect) {
        self.frame = frame
    }

    /// The phone at `index` from the left: the standard placement moved right by `pitch` a phone.
    package init(phone index: Int) {
        frame = Self.standard.frame.offsetBy(Point(x: Double(index) * Self.pitch, y: 0))
    }

    /// The layout's base size for `phones` phones: 960×600, wider by a pitch for each phone past the first.
    package static func layoutBase(phones: Int) -> Size {
        Size(width: 960 + Double(Swift.max(0, phones - 1)) * pitch, height: 600)
    }

    /// The rect holding every one of `frames` (the phones of a video).
    package static func span(of frames: [Rect]) -> Rect {
        guard let first = frames.first else { return .zero }
        let minX = frames.map(\.minX).min() ?? first.minX, minY = frames.map(\.minY).min() ?? first.minY
        let maxX = frames.map(\.maxX).max() ?? first.maxX, maxY = frames.map(\.maxY).max() ?? first.maxY
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Converts a window position (pixels) to phone-viewport points.
    package func phonePoint(windowX: Int32, windowY: Int32) -> Point {
        Point(x: Double(windowX) - frame.minX, y: Double(windowY) - frame.minY)
    }

    /// Whether a window position lies on the phone's screen.
    package func contains(windowX: Int32, windowY: Int32) -> Bool {
        frame.contains(Point(x: Double(windowX), y: Double(windowY)))
    }

    /// The `{"x":…,"y":…,"w":…,"h":…}` value of the trace's viewport line for `rect` (the phone in
    /// window coordinates).
    package static func json(_ rect: Rect) -> JSONValue {
        .object([("x", .number(rect.minX)), ("y", .number(rect.minY)),
                 ("w", .number(rect.width)), ("h", .number(rect.height))])
    }
}
