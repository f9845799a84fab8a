/// What a pointer sample says: the pointer went down, moved, or came up.
public enum PointerPhase: String, Sendable, Hashable, CaseIterable {
    case down, move, up
}

/// One timestamped pointer sample: a line of a gesture file, or a mouse event from the window.
///
/// Positions are in points relative to the phone viewport's top-left corner.
/// Time is in seconds (`Double`); gesture files store milliseconds (`t_ms`).
public struct PointerEvent: Hashable, Sendable {
    /// When the sample was taken, in seconds.
    public var time: Double
    /// Where the pointer was, in phone-viewport points.
    public var position: Point
    /// Down, move or up.
    public var phase: PointerPhase

    /// Makes a sample.
    public init(time: Double, position: Point, phase: PointerPhase) {
        self.time = time
        self.position = position
        self.phase = phase
    }
}
