/// When the window's frame loop wakes and presents, learnt from what its frames cost.
///
/// A present that does not wait for the vertical blank (Xvfb, a compositor without vsync) still costs
/// time: under Xvfb it copies the whole window to the server, 7–10 ms. The pacer keeps one present slot
/// per display period on a fixed grid and, from the recent frames' work and present times (a high
/// percentile, so a slow frame is planned for), wakes early enough for the frame's work and its present
/// to end on the slot. After the work it holds the present until the slot's start minus the present's
/// expected cost, so presents land one period apart even when the work varies. When a frame ends more
/// than half a period late the schedule restarts from it rather than chasing the missed slots.
///
/// Pure: times (app seconds) are passed in.
///
/// With a present that waits for the blank (real vsync, or the X server's emulated 60 Hz blank that
/// GLX presents wait for under Xvfb) the blank is the slot, one period after the last present returned.
/// A present's own cost cannot be told apart from its wait there, so the pacer counts the whole present
/// as cost, and the next frame starts as soon as the previous present returns: every blank is made
/// even with a copy as slow as Xvfb's, and input pumped until then is drawn one period later.
public struct FramePacer: Sendable {
    /// Display period, seconds.
    public let period: Double
    /// Whether `SDL_RenderPresent` blocks until the vertical blank.
    public let presentWaits: Bool
    /// Slack for scheduling jitter (sleep overshoot, a late pump), seconds.
    public static let margin = 0.0015
    /// Frames the cost estimates look back over.
    public static let window = 60

    /// The end of the next present slot, app seconds.
    public private(set) var nextSlot: Double
    private var workTimes: [Double] = []
    private var presentTimes: [Double] = []

    /// A pacer whose first slot is one period after `now`.
    public init(period: Double, presentWaits: Bool, now: Double) {
        self.period = period
        self.presentWaits = presentWaits
        nextSlot = now + period
    }

    /// Expected work of a frame (90th percentile of the recent ones; 3 ms before any).
    public private(set) var expectedWork = 0.003
    /// Expected cost of a present (90th percentile of the recent ones; 8 ms before any).
    public private(set) var expectedPresent = 0.008

    /// When to stop pumping input and start the next frame's work.
    public var wakeTime: Double { nextSlot - Swift.min(expectedPresent + expectedWork + Self.margin, period) }
    /// When to call `SDL_RenderPresent` so that it ends on the slot (at once with a waiting present).
    public var presentTime: Double { presentWaits ? 0 : nextSlot - expectedPresent }

    /// Records a frame whose work took `work`, whose present took `present` and returned at `presentEnd`,
    /// and moves to the next slot the next frame can make.
    public mutating func record(work: Double, present: Double, presentEnd: Double) {
        expectedWork = Self.appending(work, to: &workTimes)
        expectedPresent = Self.appending(present, to: &presentTimes)
        if presentWaits {
            nextSlot = presentEnd + period
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
}
