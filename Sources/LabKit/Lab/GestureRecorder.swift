import ScrollKit

/// Records the pointer samples as the model received them (model time), for a gesture file (B-UI-3).
///
/// Only whole gestures are kept: samples before the first `down` after `start()` are skipped (the
/// pointer was already down when recording began), and a gesture still open at `stop()` is dropped,
/// so every file parses and replays to rest. Times in the file are milliseconds relative to the
/// first recorded sample; pauses between gestures are kept.
///
/// For a file written as it goes, `unsavedText()` gives the complete gestures not yet saved and
/// `markSaved()` records that they were; after a failed save `markUnsaved()` makes the next save hold
/// the whole recording (for a fresh file). The samples stay until the next `start()`.
public struct GestureRecorder: Sendable {
    /// True between `start()` and `stop()`.
    public private(set) var isRecording = false
    /// Samples recorded since `start()`, on the model clock, including an open gesture's.
    public private(set) var events: [PointerEvent] = []
    /// Index in `events` where the open gesture began, or nil when the pointer is up.
    private var openGestureStart: Int?
    /// Index in `events` where the open pinch began, or nil when no pinch is open.
    private var openPinchStart: Int?
    /// How many of `events` (complete gestures) have been saved.
    public private(set) var savedCount = 0

    /// Where the earliest open gesture or pinch began, or nil when none is open.
    private var openStart: Int? { [openGestureStart, openPinchStart].compactMap { $0 }.min() }

    /// Makes an idle recorder.
    public init() {}

    /// Starts a new recording, forgetting the previous one.
    public mutating func start() {
        isRecording = true
        events.removeAll(keepingCapacity: true)
        openGestureStart = nil
        openPinchStart = nil
        savedCount = 0
    }

    /// Records `event` when recording; a `move` or `up` with no recorded `down` before it is skipped.
    public mutating func record(_ event: PointerEvent) {
        guard isRecording else { return }
        switch event.phase {
        case .down:
            if let start = openGestureStart {
                events.removeSubrange(start...)
                if let pinch = openPinchStart, pinch >= start { openPinchStart = nil }
            }
            openGestureStart = events.count
        case .move:
            guard openGestureStart != nil else { return }
        case .up:
            guard openGestureStart != nil else { return }
            openGestureStart = nil
        case .pinch:
            if openPinchStart == nil { openPinchStart = events.count }
        case .pinchEnd:
            guard openPinchStart != nil else { return }
            openPinchStart = nil
        case .wheel:
            break  // complete on its own
        }
        events.append(event)
    }

    /// Ends the recording and returns its complete gestures, times relative to the first sample
    /// (seconds). Empty when no gesture was completed.
    @discardableResult
    public mutating func stop() -> [PointerEvent] {
        isRecording = false
        // An open gesture or pinch is dropped, with everything after it.
        if let start = openStart {
            events.removeSubrange(start...)
        }
        openGestureStart = nil
        openPinchStart = nil
        guard let first = events.first?.time else { return [] }
        return events.map { $0.shifted(by: -first) }
    }

    /// Ends the recording and returns its gesture-file text (`GestureFile.serialize`, `t_ms` from 0),
    /// or nil when no gesture was completed.
    public mutating func stopAndSerialize() -> String? {
        let recorded = stop()
        return recorded.isEmpty ? nil : GestureFile.serialize(recorded)
    }

    /// The complete gestures recorded since the last `markSaved()`, as gesture-file lines (`t_ms` from the
    /// recording's first sample), or nil when there are none.
    public func unsavedText() -> String? {
        let end = openStart ?? events.count
        guard savedCount < end, let first = events.first?.time else { return nil }
        return GestureFile.serialize(events[savedCount..<end].map { $0.shifted(by: -first) })
    }

    /// Records that every complete gesture so far has been saved.
    public mutating func markSaved() {
        savedCount = openStart ?? events.count
    }

    /// Records that nothing is saved: the next `unsavedText()` holds the whole recording.
    public mutating func markUnsaved() {
        savedCount = 0
    }

    /// True when complete gestures are waiting to be saved.
    public var hasUnsavedGestures: Bool { savedCount < (openStart ?? events.count) }

    /// How many complete gestures (drags, pinches and wheel scrolls) have been recorded so far.
    public var gestureCount: Int {
        events.count { $0.phase == .up || $0.phase == .pinchEnd || $0.phase == .wheel }
    }
}
