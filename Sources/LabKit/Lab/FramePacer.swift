/// When the window's frame loop wakes and presents, learnt from what its frames cost.
///
/// A present that does not wait for the vertical blank (Xvfb, a compositor without vsync) still costs
/// time: under Xvfb, OpenGL through llvmpipe rasterizes and copies the window in it, 8–10 ms. The pacer
/// keeps one present slot per display period on a fixed grid and, from the recent frames' work and
/// present times (a high percentile, so a slow frame is planned for), wakes early enough for the frame's
/// work and its present to end on the slot. After the work it holds the present until the slot's start
/// minus the present's expected cost, so presents land one period apart even when the work varies. When
/// a frame ends more than half a period late the schedule restarts from it rather than chasing the
/// missed slots.
///
/// Pure: times (app seconds) are passed in.
///
/// Started at the blank (`startsAtBlank`, a phone's display link), a frame has the whole period for its
/// work and its present lands on the first slot of the fixed grid it can still make: a frame over the
/// period shows a whole period (or more) late, as on a display that shows a frame only at its blank.
///
/// With a present that really waits for the blank the blank is the slot, one period after the last
/// present returned. A present's own cost cannot be told apart from its wait there, so the pacer counts
/// the whole present as cost, and the next frame starts as soon as the previous present returns.
/// SDL 2's simulated vsync is not such a wait (`presentWait(durations:period:)` tells them apart): its
/// whole-millisecond schedule runs at 62.5 Hz for a 60 Hz display, so the window turns it off and paces.
public struct FramePacer: Sendable {
    /// Display period, seconds.
    public let period: Double
    /// Whether `SDL_RenderPresent` blocks until the vertical blank.
    public let presentWaits: Bool
    /// Whether a frame starts at the blank before its slot (a display link) rather than as late as its
    /// learnt cost allows.
    public let startsAtBlank: Bool
    /// Slack for scheduling jitter (sleep overshoot, a late pump), seconds.
    public static let margin = 0.0015
    /// Frames the cost estimates look back over.
    public static let window = 60

    /// The end of the next present slot, app seconds.
    public private(set) var nextSlot: Double
    private var workTimes: [Double] = []
    private var presentTimes: [Double] = []

    /// A pacer whose first slot is one period after `now`.
    public init(period: Double, presentWaits: Bool, now: Double, startsAtBlank: Bool = false) {
        self.period = period
        self.presentWaits = presentWaits
        self.startsAtBlank = startsAtBlank
        nextSlot = now + period
    }

    /// Expected work of a frame (90th percentile of the recent ones; 3 ms before any).
    public private(set) var expectedWork = 0.003
    /// Expected cost of a present (90th percentile of the recent ones; 8 ms before any).
    public private(set) var expectedPresent = 0.008

    /// When to stop pumping input and start the next frame's work.
    public var wakeTime: Double {
        nextSlot - (startsAtBlank ? period : Swift.min(expectedPresent + expectedWork + Self.margin, period))
    }
    /// When to call `SDL_RenderPresent` so that it ends on the slot (at once with a waiting present).
    public var presentTime: Double { presentWaits ? 0 : nextSlot - expectedPresent }

    /// When to present a frame whose work ended at `workEnd`: on the slot (`presentTime`), or, started at
    /// the blank and too late for it, on the first later slot of the grid it can make.
    public func presentTime(afterWork workEnd: Double) -> Double {
        guard startsAtBlank, !presentWaits else { return presentTime }
        var slot = nextSlot
        while slot - expectedPresent < workEnd { slot += period }
        return slot - expectedPresent
    }

    /// The slot of the grid a present ending at `presentEnd` is shown on, started at the blank: the next
    /// slot, or the first later one it ended within half a period of. A present's own jitter on this
    /// machine (under Xvfb the copy of the window, a millisecond or more under load) does not move it off
    /// its slot, as a phone's display shows the frame at the blank its commit made.
    public func slot(ofPresentEndingAt presentEnd: Double) -> Double {
        var slot = nextSlot
        while slot + period / 2 < presentEnd { slot += period }
        return slot
    }

    /// Records a frame whose work took `work`, whose present took `present` and returned at `presentEnd`,
    /// and moves to the next slot the next frame can make.
    public mutating func record(work: Double, present: Double, presentEnd: Double) {
        expectedWork = Self.appending(work, to: &workTimes)
        expectedPresent = Self.appending(present, to: &presentTimes)
        if presentWaits {
            nextSlot = presentEnd + period
            return
        }
        if startsAtBlank {
            // The grid stays: the slot after the one the present landed on.
            nextSlot = slot(ofPresentEndingAt: presentEnd) + period
            return
        }
        nextSlot += period
        // Behind schedule (a stall, a slow frame): the schedule restarts a period from now, and the next
        // frame starts at once (its wake time has passed).
        if nextSlot < presentEnd + period / 2 { nextSlot = presentEnd + period }
    }

    /// Appends `value` to the recent `values` and returns their 90th percentile.
    private static func appending(_ value: Double, to values: inout [Double]) -> Double {
        if values.count == window { values.removeFirst() }
        values.append(value)
        let sorted = values.sorted()
        return sorted[(sorted.count * 9 + 9) / 10 - 1]   // nearest rank
    }

    /// How a present with vsync waits.
    public enum PresentWait: Equatable, Sendable {
        /// For the display's blank: presents come one display period apart.
        case blank
        /// For SDL 2's simulated vsync (a renderer that cannot wait, e.g. GL under Xvfb): SDL sleeps to a
        /// whole-millisecond schedule, `1000 / rate` ms truncated (16 ms at 60 Hz: 62.5 frames a second).
        case simulated
        /// Not at all: a present is merely slow (Xvfb copies the window), its time varies.
        case none
    }

    /// How presenting waits, told from the durations of empty frames presented back to back (the first
    /// two, still settling, are ignored): one display `period` apart is the blank; SDL's whole-millisecond
    /// interval is its simulation, told by the mean being nearer that than the period (16.0 against
    /// 16.7 ms at 60 Hz: a present ends anywhere in its millisecond, but the schedule behind them is
    /// steady); durations that stray more than 10% from the period are no wait.
    public static func presentWait(durations: [Double], period: Double) -> PresentWait {
        let settled = durations.dropFirst(2)
        guard !settled.isEmpty, settled.allSatisfy({ abs($0 - period) < 0.1 * period }) else { return .none }
        let mean = settled.reduce(0, +) / Double(settled.count)
        let sdlInterval = (1000 * period).rounded(.down) / 1000
        return abs(mean - sdlInterval) < abs(mean - period) ? .simulated : .blank
    }
}
