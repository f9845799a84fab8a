/// Plays a recorded gesture into a scene on the app's clock (`--replay FILE`, B-UI-3).
///
/// The gesture's first sample is placed at `startTime` on the model clock and the others keep
/// their spacing. Each frame the app asks for the samples due by the frame's model time, delivers
/// them to the scene in order, then advances the scene to that time — the same rule the headless
/// replay follows on its virtual 60 Hz clock, so a replay in the window gets the same input.
public struct ReplayDriver: Sendable {
    /// The samples, already placed on the model clock, in delivery order.
    public let events: [PointerEvent]
    /// Index of the next sample to deliver.
    public private(set) var nextIndex = 0

    /// Places `gesture` (as parsed from a file) so that its first sample falls at `startTime`.
    /// Samples whose time goes back are delivered at the time of the sample before them, so
    /// delivery order is file order.
    public init(gesture: [PointerEvent], startTime: Double) {
        guard let first = gesture.first?.time else { events = []; return }
        var placed: [PointerEvent] = []
        placed.reserveCapacity(gesture.count)
        var last = startTime
        for event in gesture {
            let time = Swift.max(last, startTime + (event.time - first))
            placed.append(PointerEvent(time: time, position: event.position, phase: event.phase))
            last = time
        }
        events = placed
    }

    /// The samples due at or before `time` that have not been delivered yet, in order.
    public mutating func events(upTo time: Double) -> ArraySlice<PointerEvent> {
        let start = nextIndex
        while nextIndex < events.count, events[nextIndex].time <= time { nextIndex += 1 }
        return events[start..<nextIndex]
    }

    /// True once every sample has been delivered.
    public var isFinished: Bool { nextIndex == events.count }

    /// Model time of the last sample (when the replay's input ends), or nil for an empty gesture.
    public var endTime: Double? { events.last?.time }
}
