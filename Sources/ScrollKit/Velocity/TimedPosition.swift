/// One sample as the velocity tracker stores it: the time quantised to whole microseconds (so that
/// gaps such as 40 ms compare exactly, whatever rounding the seconds-based input carried) and the position.
struct TimedPosition: Hashable, Sendable {
    /// Sample time in whole microseconds (a `Double` holding an integer value).
    var microseconds: Double
    /// Pointer position in points.
    var position: Point
}
