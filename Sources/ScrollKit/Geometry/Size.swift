/// A width and a height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Extent along the horizontal axis.
    public var width: Double
    /// Extent along the vertical axis.
    public var height: Double

    /// Makes a size from its two extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    /// The extent along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// `width×height`.
    public var description: String { "\(width)×\(height)" }
}
