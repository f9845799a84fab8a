/// One of the two scrolling axes.
public enum Axis: CaseIterable, Hashable, Sendable {
    /// Left to right (`x`, `width`).
    case horizontal
    /// Top to bottom (`y`, `height`).
    case vertical
}
