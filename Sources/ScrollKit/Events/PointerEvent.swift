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
    /// A mouse wheel or trackpad scrolled by `delta` points of content offset (no touch: the wheel
    /// scrolls without a finger down, as on iPadOS with a mouse).
    case wheel
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
    /// For `wheel`: the scroll in points of content offset (a notch is 40 pt); zero otherwise.
    public var delta: Point
    /// For `wheel`: true when the device gave fractions of a notch (a trackpad), false for whole notches.
    public var isPrecise: Bool

    /// Makes a sample.
    public init(time: Double, position: Point, phase: PointerPhase, scale: Double = 1) {
        self.time = time
        self.position = position
        self.phase = phase
        self.scale = scale
        delta = .zero
        isPrecise = false
    }

    /// The same sample `seconds` later.
    public func shifted(by seconds: Double) -> PointerEvent {
        var event = self
        event.time += seconds
        return event
    }

    /// A wheel sample at `position` scrolling by `delta` points of content offset.
    public static func wheel(time: Double, position: Point, delta: Point, isPrecise: Bool) -> PointerEvent {
        var event = PointerEvent(time: time, position: position, phase: .wheel)
        event.delta = delta
        event.isPrecise = isPrecise
        return event
    }
}
