/// A point or a vector in points (1 window pixel at scale 1).
///
/// `Double` throughout, like `CGFloat` on 64-bit iOS, so that offsets and velocities
/// stay exact over long sessions.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards.
    public var y: Double

    /// Makes a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, and the zero vector.
    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Euclidean length of the vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The coordinate along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }

    /// The sum, axis by axis.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference, axis by axis.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates times `s`.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// Both coordinates divided by `s`.
    public static func / (a: Point, s: Double) -> Point { Point(x: a.x / s, y: a.y / s) }
    /// The opposite point.
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
}
