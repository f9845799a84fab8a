@testable import ScrollKit

/// Synthetic horizontal drags for the pager tests: a pointer sample every 8 ms at a chosen speed.
enum PagerDrag {
    /// Sample interval of the synthetic pointer, in seconds.
    static let interval = 0.008

    /// A drag starting at `start` at time `time`, moving along x at `speed` pt/s (negative: to the
    /// left, which moves the pager to later pages) for `steps` samples after the down. With no
    /// `pause` the pointer lifts one interval later, still moving (a fling); with a `pause` it
    /// rests that long at the last position first (a release without velocity).
    static func events(from start: Point, speed: Double, steps: Int, at time: Double = 1,
                       pause: Double = 0) -> [PointerEvent] {
        var events = [PointerEvent(time: time, position: start, phase: .down)]
        var position = start
        var t = time
        for _ in 0..<steps {
            t += interval
            position.x += speed * interval
            events.append(PointerEvent(time: t, position: position, phase: .move))
        }
        if pause > 0 {
            events.append(PointerEvent(time: t + pause, position: position, phase: .up))
        } else {
            position.x += speed * interval
            events.append(PointerEvent(time: t + interval, position: position, phase: .up))
        }
        return events
    }
}
