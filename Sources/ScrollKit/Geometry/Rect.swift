/// An axis-aligned rectangle: an origin (top-left) and a size, in points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Makes a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Makes a rectangle from its four numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The extent along x.
    public var width: Double { size.width }
    /// The extent along y.
    public var height: Double { size.height }
    /// The middle point.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// The lowest coordinate along `axis`.
    public func min(_ axis: Axis) -> Double { origin[axis] }
    /// The highest coordinate along `axis`.
    public func max(_ axis: Axis) -> Double { origin[axis] + size[axis] }

    /// True when `point` lies inside (edges at the top and left included, bottom and right excluded).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when the two rectangles share some area (touching edges do not count).
    /// Inlinable, as `intersection(_:)`: the lab's frames test every tile against the viewport.
    @inlinable
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The shared area, or nil when the rectangles do not intersect.
    @inlinable
    public func intersection(_ other: Rect) -> Rect? {
        guard intersects(other) else { return nil }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `delta`.
    public func offsetBy(_ delta: Point) -> Rect { Rect(origin: origin + delta, size: size) }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom (negative shrinks).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// `(x, y, width, height)`.
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
