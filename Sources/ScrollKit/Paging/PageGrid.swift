/// Page arithmetic along one axis: the offset of the page nearest to an offset.
public struct PageGrid: Hashable, Sendable {
    /// Distance between page starts, in points (for the pager: bubble diameter + padding).
    public var pageSize: Double
    /// The axis the pages follow.
    public var axis: Axis

    /// Makes a page grid of `pageSize` points along `axis`.
    public init(pageSize: Double, axis: Axis = .horizontal) {
        self.pageSize = pageSize
        self.axis = axis
    }

    /// `offset` with its `axis` coordinate moved to the nearest multiple of `pageSize` (the seed's
    /// `nearestTargetOffsetForOffset`: `round(offset / pageSize) · pageSize`); the other coordinate is kept.
    /// A non-positive or non-finite page size leaves the offset unchanged.
    public func nearestPageOffset(for offset: Point) -> Point {
        guard pageSize > 0, pageSize.isFinite, offset[axis].isFinite else { return offset }
        var result = offset
        result[axis] = (offset[axis] / pageSize).rounded() * pageSize
        return result
    }
}
