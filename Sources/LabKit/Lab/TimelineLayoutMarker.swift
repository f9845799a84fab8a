/// A marker placed in the plot: a vertical line at `x` with its label on row `labelRow`.
public struct TimelineLayoutMarker: Equatable, Sendable {
    /// Horizontal position of the vertical line.
    public var x: Double
    /// Where the offset curve was at the callback (a dot on the curve).
    public var offsetY: Double
    /// Label row from the top of the plot (0, 1, 2, …): callbacks closer than the label width
    /// (release gives wED, dED(T) and wBDec at the same instant) go on separate rows.
    public var labelRow: Int
    /// The marker itself (event, label, left-over flag).
    public var marker: TimelineMarker

    /// Makes a placed marker.
    public init(x: Double, offsetY: Double, labelRow: Int, marker: TimelineMarker) {
        self.x = x
        self.offsetY = offsetY
        self.labelRow = labelRow
        self.marker = marker
    }
}
