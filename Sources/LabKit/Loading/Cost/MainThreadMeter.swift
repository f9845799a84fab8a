/// The main thread in the model (B-COST-3): the work charged since the last frame (uploads, decode
/// completions, decodes on the main thread) is that frame's; a frame whose work passes the frame budget
/// (one refresh interval) is a hitch, late by the whole intervals it missed (its commit lands on a later
/// vsync). The vsyncs it missed draw no frame of their own: what was charged during them (loads that
/// finished while the main thread was busy) falls to the next frame drawn, which may be late in turn, as
/// on a main thread that decodes. Measured during motion (the scroll view tracked or moving), as Apple
/// measures scrolling: `hitchTimeRatioMsPerS` (late milliseconds per second of motion; < 5 good, 5–10
/// warning, > 10 critical) and `frameOverrunMsP99` (Android's `frameOverrunMs`: work − budget, negative
/// when early; its 99th percentile). The loads' clock does not slip: only the frames are counted late.
public struct MainThreadMeter: Hashable, Sendable {
    /// The frame budget, seconds (1 / the refresh rate).
    public let period: Double
    /// Work charged since the last frame, milliseconds.
    public private(set) var pendingMs = 0.0
    /// Late milliseconds of the frames in motion.
    public private(set) var hitchMs = 0.0
    /// Seconds of motion the frames covered.
    public private(set) var motionSeconds = 0.0
    /// Frames in motion whose work passed the budget.
    public private(set) var hitches = 0
    /// Each frame in motion's work − budget, milliseconds.
    public private(set) var overrunsMs: [Double] = []
    /// All work charged, milliseconds.
    public private(set) var totalMs = 0.0
    /// The last frame drawn's work still to run, milliseconds: a frame due before it ends is not drawn.
    public private(set) var busyMs = 0.0

    /// Apple's bands: under 5 ms/s good, from 10 critical.
    public static let warningRatio = 5.0
    public static let criticalRatio = 10.0

    /// A meter for a display at `refresh` Hz.
    public init(refresh: Double) {
        period = 1 / Swift.max(1, refresh)
    }

    /// Charges `ms` of main-thread work to the next frame.
    public mutating func charge(_ ms: Double) {
        pendingMs += Swift.max(0, ms)
        totalMs += Swift.max(0, ms)
    }

    /// A frame that stays on screen `interval` seconds, `isMoving` when the scroll view is tracked or
    /// moving: the work charged since the last frame drawn is its work. A frame due while the last one's
    /// work still runs (`busyMs`) is not drawn, and its charges wait for the next one. (Headless, frames
    /// come every refresh interval; in the window, the next frame comes after the stall, so none is lost.)
    public mutating func frame(interval: Double, isMoving: Bool) {
        if isMoving { motionSeconds += Swift.max(0, interval) }
        busyMs -= Swift.max(0, interval) * 1000
        guard busyMs <= 1e-9 else { return }
        let work = pendingMs
        pendingMs = 0
        busyMs = work
        guard isMoving else { return }
        let budgetMs = period * 1000
        overrunsMs.append(work - budgetMs)
        if work > budgetMs + 1e-9 {
            hitches += 1
            hitchMs += ((work / budgetMs - 1e-9).rounded(.up) - 1) * budgetMs
        }
    }

    /// Late milliseconds per second of motion (0 without motion).
    public var hitchTimeRatioMsPerS: Double { motionSeconds > 0 ? hitchMs / motionSeconds : 0 }

    /// The 99th percentile of the frames' overruns (nearest rank), milliseconds; 0 without motion.
    public var frameOverrunMsP99: Double {
        guard !overrunsMs.isEmpty else { return 0 }
        let rank = Int((0.99 * Double(overrunsMs.count)).rounded(.up))
        return Self.value(atSortedIndex: Swift.max(0, Swift.min(overrunsMs.count - 1, rank - 1)), of: overrunsMs)
    }

    /// `values.sorted()[index]`, without sorting them all when the index is near the top (a run's p99 of
    /// thousands of frames): the `count − index` largest values are kept in order, and the answer is the
    /// least of them. Values with a NaN or a zero (−0 and +0 compare equal, so which one a sort puts
    /// first is the sort's own affair) are sorted, as are far indices.
    static func value(atSortedIndex index: Int, of values: [Double]) -> Double {
        let keep = values.count - index
        guard keep <= 256, !values.contains(where: { $0.isNaN || $0 == 0 }) else { return values.sorted()[index] }
        var top: [Double] = []  // ascending: the largest values seen, at most `keep`
        top.reserveCapacity(keep)
        for value in values {
            if top.count == keep {
                guard value > top[0] else { continue }
                top.removeFirst()
            }
            var i = top.count
            while i > 0, top[i - 1] > value { i -= 1 }
            top.insert(value, at: i)
        }
        return top[0]
    }
}
