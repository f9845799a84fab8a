import ScrollKit

/// Where a plot puts a point's label: beside the point at the first place (right, left, above, below,
/// the diagonals; then further out, so crowded points still get one) that overlaps nothing already
/// taken and stays inside the plot. Further out, a leader line says whose label it is. One rule for
/// the PNG plots (`bench --plot`, `sweep report --plot`) and the report page's SVG.
public struct PlotLabel: Sendable, Equatable {
    /// The label's box.
    public var rect: Rect
    /// Where a leader line from the point meets the box; nil when the label sits beside its point.
    public var leaderEnd: Point?

    /// The label of size `width` × `height` for the point `p`, nil when no place is free.
    public static func place(width: Double, height: Double, near p: Point, avoiding taken: [Rect], within bounds: Rect) -> PlotLabel? {
        for d in [9.0, 18, 30, 48, 72, 100] {
            let candidates = [
                Point(x: p.x + d, y: p.y - height / 2), Point(x: p.x - d - width, y: p.y - height / 2),
                Point(x: p.x - width / 2, y: p.y - d - height), Point(x: p.x - width / 2, y: p.y + d - 1),
                Point(x: p.x + d - 2, y: p.y - d + 3 - height), Point(x: p.x + d - 2, y: p.y + d - 4),
                Point(x: p.x - d + 2 - width, y: p.y - d + 3 - height), Point(x: p.x - d + 2 - width, y: p.y + d - 4),
            ]
            for c in candidates {
                let r = Rect(x: c.x, y: c.y, width: width, height: height)
                guard r.minX >= bounds.minX + 2, r.maxX <= bounds.maxX - 2, r.minY >= bounds.minY + 2, r.maxY <= bounds.maxY - 2,
                      !taken.contains(where: { $0.intersects(r) }) else { continue }
                let far = abs(r.center.x - p.x) > width / 2 + 24 || abs(r.center.y - p.y) > height / 2 + 24
                let end = Point(x: Swift.min(Swift.max(p.x, r.minX), r.maxX), y: Swift.min(Swift.max(p.y, r.minY), r.maxY))
                return PlotLabel(rect: r, leaderEnd: far ? end : nil)
            }
        }
        return nil
    }
}
