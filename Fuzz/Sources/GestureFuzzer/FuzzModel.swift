import ScrollKit

/// Drives the scroll model with fuzzed pointer events and checks its invariants.
enum FuzzModel {
    /// Size of one raw event: time, x, y (little-endian doubles) and a phase byte.
    static let rawEventSize = 25

    /// Decodes raw bytes into pointer events without any validation.
    static func rawEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> [PointerEvent] {
        var events: [PointerEvent] = []
        var i = 0
        while i + rawEventSize <= bytes.count {
            func double(_ at: Int) -> Double {
                var bits: UInt64 = 0
                for k in 0..<8 { bits |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
                return Double(bitPattern: bits)
            }
            let phase: PointerPhase = [.down, .move, .up][Int(bytes[i + 24] % 3)]
            events.append(PointerEvent(time: double(i), position: Point(x: double(i + 8), y: double(i + 16)), phase: phase))
            i += rawEventSize
        }
        return events
    }

    /// Feeds `events` to a velocity tracker per estimator; the estimate must always be finite.
    static func run(_ events: [PointerEvent]) {
        for kind in VelocityEstimatorKind.allCases {
            var tracker = VelocityTracker(kind: kind)
            for event in events {
                switch event.phase {
                case .down:
                    tracker.reset()
                    tracker.addSample(time: event.time, position: event.position)
                case .move:
                    tracker.addSample(time: event.time, position: event.position)
                case .up:
                    let v = tracker.velocity(releasedAt: event.time)
                    precondition(v.x.isFinite && v.y.isFinite, "non-finite velocity \(v)")
                }
            }
            let v = tracker.velocity()
            precondition(v.x.isFinite && v.y.isFinite, "non-finite velocity \(v)")
        }
    }
}
