/// What a pointer sample says: the pointer went down, moved, or came up; or a pinch changed or ended
/// (B-ZOOM-1: `pinch` carries the scale since the pinch began, about the sample's position).
public enum PointerPhase: String, Sendable, Hashable, CaseIterable {
    /// The pointer went down (a touch began).
    case down
    /// The pointer moved while down.
    case move
    /// The pointer came up (the touch ended).
    case up
    /// A pinch changed: `scale` since it began, about the sample's position.
    case pinch
    /// The pinch ended.
    case pinchEnd
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
    /// For `pinch`: the pinch's scale since it began (cumulative, 1 at its start); 1 otherwise.
    public var scale: Double

    /// Makes a sample.
    public init(time: Double, position: Point, phase: PointerPhase, scale: Double = 1) {
        self.time = time
        self.position = position
        self.phase = phase
        self.scale = scale
    }
}
