import ScrollKit
import ScrollLabCore

/// The iOS-style scroll indicator: a thin dark rounded bar along the right edge (vertical content)
/// or the bottom edge (horizontal content), its length the visible fraction of the content, shown
/// while the content moves and faded out shortly after it stops.
struct ScrollIndicator {
    /// Thickness and inset from the edges, points (UIKit: about 3 pt, 3 pt from the edge).
    static let thickness = 3.0
    static let inset = 3.0
    /// Shortest bar, points: a long content keeps a bar that can be seen.
    static let minimumLength = 36.0
    /// Seconds the bar stays after the motion stops, then the fade's length.
    static let holdSeconds = 0.5
    static let fadeSeconds = 0.3

    /// The bars for content `contentSize` at `offset` in a scroll view at `frame` (window points):
    /// one per axis along which the content is larger than the frame. When the content is pulled
    /// past an edge, the bar shortens by the overscroll, as UIKit's does.
    static func bars(offset: Point, contentSize: Size, frame: Rect) -> [Rect] {
        var bars: [Rect] = []
        if contentSize.height > frame.height {
            let track = frame.height - 2 * inset
            let (start, length) = span(offset: offset.y, content: contentSize.height, visible: frame.height, track: track)
            bars.append(Rect(x: frame.maxX - inset - thickness, y: frame.minY + inset + start, width: thickness, height: length))
        }
        if contentSize.width > frame.width {
            let track = frame.width - 2 * inset
            let (start, length) = span(offset: offset.x, content: contentSize.width, visible: frame.width, track: track)
            bars.append(Rect(x: frame.minX + inset + start, y: frame.maxY - inset - thickness, width: length, height: thickness))
        }
        return bars
    }

    /// Where the bar starts along a `track` and how long it is.
    private static func span(offset: Double, content: Double, visible: Double, track: Double) -> (Double, Double) {
        let maxOffset = content - visible
        let overscroll = offset < 0 ? -offset : Swift.max(0, offset - maxOffset)
        let length = Swift.max(thickness * 2, Swift.max(minimumLength, track * visible / content) - overscroll)
        let fraction = Swift.min(Swift.max(offset / maxOffset, 0), 1)
        return (fraction * (track - length), length)
    }

    /// Opacity `since` seconds after the content last moved: 1 during the hold, then a linear fade.
    static func alpha(since: Double) -> Double {
        Swift.min(1, Swift.max(0, 1 - (since - holdSeconds) / fadeSeconds))
    }
}

/// Draws the scene's scroll indicators over its content (the grid's and the pager's renderer).
@MainActor
func drawScrollIndicators(_ s: SceneSnapshot, scrollFrame: Rect, canvas: Canvas) {
    let alpha = s.scrollIndicatorAlpha
    guard alpha > 0 else { return }
    for bar in ScrollIndicator.bars(offset: s.contentOffset, contentSize: s.contentSize, frame: scrollFrame) {
        canvas.fillRounded(bar, radius: ScrollIndicator.thickness / 2, RGBA(0, 0, 0, UInt8(115 * alpha)))
    }
}
