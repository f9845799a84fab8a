import ScrollKit

/// Resamples a gesture's pointer samples to a touch digitizer's rate (B-RATE-2), before they reach the
/// model: a finger's path sampled at `rate` Hz instead of whatever rate it was recorded at.
///
/// Within each touch (down … up) the moves become samples at `down + k / rate` (k = 1, 2, …, up to the
/// lift), each at the position linearly interpolated between the recorded samples around it; the down
/// and the up keep their own time and place, and pinch lines pass through. So a 120 Hz recording can be
/// played as a 60 Hz touch stream on a 120 Hz display (flutter/flutter#101653), or as 240 Hz. Fed one
/// event at a time (`push`), it holds one sample back for the interpolation: memory stays bounded.
public struct TouchResampler: Sendable {
    /// Touch samples per second.
    public let rate: Double
    private var downTime: Double?
    private var last: PointerEvent?
    private var nextIndex = 1

    /// A resampler to `rate` Hz (kept within 1…10000).
    public init(rate: Double) {
        self.rate = rate.isFinite ? Swift.min(Swift.max(rate, 1), 10_000) : 60
    }

    /// Takes the next recorded sample; returns the samples the model gets for it, in order.
    public mutating func push(_ event: PointerEvent) -> [PointerEvent] {
        var out: [PointerEvent] = []
        push(event) { out.append($0) }
        return out
    }

    /// Takes the next recorded sample and hands the samples the model gets for it to `body`, in order, one
    /// at a time: a finger held still for minutes at 10 kHz is millions of samples, none of them kept.
    public mutating func push(_ event: PointerEvent, _ body: (PointerEvent) -> Void) {
        switch event.phase {
        case .down:
            downTime = event.time
            last = event
            nextIndex = 1
            body(event)
        case .move:
            guard let start = downTime, let previous = last else { return body(event) }
            samples(from: previous, to: event, start: start, through: event.time, body)
            last = event
        case .up:
            guard let start = downTime, let previous = last else { return body(event) }
            samples(from: previous, to: event, start: start, through: event.time, excludingEnd: true, body)
            body(event)
            downTime = nil
            last = nil
        case .pinch, .pinchEnd, .wheel:
            body(event)
        }
    }

    /// The grid samples in (previous.time, end] (or [.., end) with `excludingEnd`), interpolated on the
    /// segment previous → next, each handed to `body`.
    private mutating func samples(from previous: PointerEvent, to next: PointerEvent, start: Double, through end: Double,
                                  excludingEnd: Bool = false, _ body: (PointerEvent) -> Void) {
        while true {
            let t = start + Double(nextIndex) / rate
            guard excludingEnd ? t < end : t <= end else { break }
            let span = next.time - previous.time
            let f = span > 0 ? Swift.min(Swift.max((t - previous.time) / span, 0), 1) : 1
            let p = Point(x: previous.position.x + (next.position.x - previous.position.x) * f,
                          y: previous.position.y + (next.position.y - previous.position.y) * f)
            body(PointerEvent(time: t, position: p, phase: .move))
            nextIndex += 1
            if nextIndex > 100_000_000 { break }   // a touch held for years at 10 kHz: stop adding
        }
    }

    /// A whole gesture resampled.
    public static func resample(_ events: [PointerEvent], rate: Double) -> [PointerEvent] {
        var resampler = TouchResampler(rate: rate)
        var out: [PointerEvent] = []
        for event in events { resampler.push(event) { out.append($0) } }
        return out
    }
}
