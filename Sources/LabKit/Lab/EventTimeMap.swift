/// Maps a windowing system's event times onto the app's clock.
///
/// The X server stamps every pointer event with its own time: 32-bit milliseconds that wrap after
/// 49.7 days, on a clock whose origin the app does not know. The app learns the offset between the two
/// clocks from the events themselves: an event with server time `s` was delivered by a pump that
/// returned at app time `r`, so it happened no later than `r`, and `r − s` is an upper bound of the
/// offset. The smallest bound seen is the estimate (a pump delayed by a stalled main thread gives a
/// large bound and changes nothing); it only ever decreases, so mapped times stay monotonic for a
/// monotonic server clock.
///
/// While a gesture is in progress the offset is held (`hold()` … `release()`), so every sample of one
/// drag is mapped with the same offset and the drag's velocity depends on the server's times alone;
/// a better bound learned meanwhile applies from the next gesture.
///
/// No time is ever later than the pump that delivered its event. A held offset can be found too large
/// mid-gesture (an event delivered sooner than it allows); the rest of the gesture is then mapped that
/// much earlier, so its samples keep the server's spacing. (Clamping each such event to its pump instead
/// stamped a drag right after launch partly with pump times, and its release read 18% fast.)
///
/// Pure value type: times are passed in, nothing reads a clock.
public struct EventTimeMap: Sendable, Equatable {
    /// The last raw 32-bit time seen, to detect wrap-around.
    private var lastRaw: UInt32?
    /// The last raw time extended past its 32 bits, in milliseconds.
    private var unwrappedMs: Int64 = 0
    /// The offset in use (app seconds − server seconds), nil before the first event.
    public private(set) var offset: Double?
    /// The smallest bound seen while the offset was held.
    private var pendingOffset: Double?
    /// Whether the offset is held for a gesture in progress.
    public private(set) var isHeld = false
    /// How far the held offset has been found ahead of the pumps this gesture (seconds): taken off its
    /// later times.
    private var heldLead = 0.0

    public init() {}

    /// The app time (seconds) of an event the windowing system stamped `rawMs`, delivered by a pump that
    /// returned at app time `receivedAt` (never later than that); learns from the event's bound on the
    /// clock offset.
    public mutating func appTime(ofRawMs rawMs: UInt32, receivedAt: Double) -> Double {
        let seconds = Double(unwrap(rawMs)) / 1000
        let bound = receivedAt - seconds
        if isHeld, let offset {
            pendingOffset = Swift.min(pendingOffset ?? bound, bound)
            heldLead = Swift.max(heldLead, offset - bound)
            return seconds + offset - heldLead
        }
        offset = Swift.min(offset ?? bound, bound)
        return seconds + (offset ?? bound)
    }

    /// Holds the offset from now until `release()` (a gesture begins).
    public mutating func hold() { isHeld = true }

    /// Lets the offset follow the best bound again, including the ones seen while it was held.
    public mutating func release() {
        isHeld = false
        heldLead = 0
        if let pending = pendingOffset {
            offset = Swift.min(offset ?? pending, pending)
            pendingOffset = nil
        }
    }

    /// Extends a 32-bit time to 64 bits: each new time is taken as the nearest one to the last
    /// (a step of less than 2³¹ ms either way), so a wrap past 2³² − 1 keeps counting up.
    private mutating func unwrap(_ raw: UInt32) -> Int64 {
        if let lastRaw {
            unwrappedMs += Int64(Int32(bitPattern: raw &- lastRaw))
        } else {
            unwrappedMs = Int64(raw)
        }
        lastRaw = raw
        return unwrappedMs
    }
}
