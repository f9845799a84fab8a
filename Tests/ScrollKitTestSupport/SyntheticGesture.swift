import ScrollKit

/// Pointer samples for tests: straight drags at constant speed, sampled every 8 ms like a 125 Hz mouse.
public enum SyntheticGesture {
    /// Sample spacing in seconds.
    public static let interval = 0.008

    /// A drag that starts at `start` at time `time`, moves at `velocity` (pointer points per second) for
    /// `duration` seconds, optionally rests for `hold` seconds (no samples, as a still mouse), then lifts.
    public static func drag(from start: Point, velocity: Point, duration: Double, at time: Double,
                     hold: Double = 0) -> [PointerEvent] {
        var events = [PointerEvent(time: time, position: start, phase: .down)]
        let steps = Int((duration / interval).rounded())
        for i in 1...max(steps, 1) {
            let t = Double(i) * interval
            events.append(PointerEvent(time: time + t, position: start + velocity * t, phase: .move))
        }
        let last = events[events.count - 1]
        if hold > 0 {
            // A resting mouse sends no motion: only time passes before the lift.
            events.append(PointerEvent(time: last.time + hold, position: last.position, phase: .up))
        } else {
            events.append(PointerEvent(time: last.time + interval, position: last.position + velocity * interval,
                                       phase: .up))
        }
        return events
    }
}
