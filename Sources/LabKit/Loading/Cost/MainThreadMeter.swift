/// The main thread in the model (B-COST-1): the work charged since the last frame (uploads, decode
/// completions, decodes on the main thread) is that frame's, on top of the app's own work in every frame
/// (`frameMs`, the device's: layout and drawing); a frame whose work passes the frame budget
/// (one refresh interval) is a hitch, late by the whole intervals it missed (its commit lands on a later
/// vsync). The vsyncs it missed draw no frame of their own: what was charged during them (loads that
/// finished while the main thread was busy) falls to the next frame drawn, which may be late in turn, as
/// on a main thread that decodes. Measured while scrolling (`isScrolling`), as Apple measures it and as the
/// window does: `hitchTimeRatioMsPerS` (late milliseconds per second of motion; < 5 good, 5–10
/// warning, > 10 critical) and `frameOverrunMsP99` (Android's `frameOverrunMs`: work − budget, negative
/// when early; its 99th percentile; none without motion). The loads' clock does not slip: only the frames are counted late.
public struct MainThreadMeter: Hashable, Sendable {
    /// The frame budget, seconds (1 / the refresh rate).
    public let period: Double
    /// The app's own work in every frame drawn, milliseconds (not counted in `totalMs`).
    public let frameMs: Double
    /// Work charged since the last frame, milliseconds.
    public private(set) var pendingMs = 0.0
    /// Late milliseconds of the frames in motion.
    public private(set) var hitchMs = 0.0
    /// Seconds of motion the frames covered.
    public private(set) var motionSeconds = 0.0
    /// Frames in motion whose work passed the budget.
    public private(set) var hitches = 0
    /// Each frame in motion's work − budget, milliseconds, tallied (a long session's frames repeat a few).
    public private(set) var overruns = ValueTally()
    /// All work charged (what loading caused), milliseconds.
    public private(set) var totalMs = 0.0
    /// The last frame drawn's work still to run, milliseconds: a frame due before it ends is not drawn.
    public private(set) var busyMs = 0.0

    /// Scrolling, the motion hitches are counted in, here and in the window: from the start of a drag to
    /// the end of the motion after it (UIKit's `isDragging`, `isDecelerating`; XCTest's scroll metrics
    /// span `willBeginDragging` to `didEndDecelerating`). A finger down that has not begun a drag is not
    /// scrolling: the first screen's decodes, which land then, are not hitches of the scroll.
    public static func isScrolling(dragging: Bool, decelerating: Bool) -> Bool { dragging || decelerating }

    /// Apple's bands: under 5 ms/s good, 10 and more critical.
    public static let warningRatio = 5.0
    public static let criticalRatio = 10.0

    /// Apple's band of a hitch time ratio (ms/s): `good` under 5, `warning` from 5 to under 10, `critical`
    /// from 10 (B-HITCH-1); of the ratio as every output prints it, to a tenth, so the band never
    /// contradicts the number beside it (4.975 reads "5.0 warning", 9.96 "10.0 critical").
    public static func band(ofRatio ratio: Double) -> String {
        let shown = (ratio * 10).rounded() / 10
        return shown >= criticalRatio ? "critical" : shown >= warningRatio ? "warning" : "good"
    }

    /// A meter for a display at `refresh` Hz whose every frame costs `frameMs` before any charge.
    public init(refresh: Double, frameMs: Double = 0) {
        period = 1 / Swift.max(1, refresh)
        self.frameMs = Swift.max(0, frameMs)
    }

    /// Charges `ms` of main-thread work to the next frame.
    public mutating func charge(_ ms: Double) {
        pendingMs += Swift.max(0, ms)
        totalMs += Swift.max(0, ms)
    }

    /// A frame that stays on screen `interval` seconds, `isScrolling` as `isScrolling(dragging:decelerating:)`
    /// says: the frame's own work and the work charged since the last frame drawn are its work. A frame due while the last one's
    /// work still runs (`busyMs`) is not drawn, and its charges wait for the next one. (Headless, frames
    /// come every refresh interval; in the window, the next frame comes after the stall, so none is lost.)
    public mutating func frame(interval: Double, isScrolling: Bool) {
        if isScrolling { motionSeconds += Swift.max(0, interval) }
        busyMs -= Swift.max(0, interval) * 1000
        guard busyMs <= 1e-9 else { return }
        let work = frameMs + pendingMs
        pendingMs = 0
        busyMs = work
        guard isScrolling else { return }
        let budgetMs = period * 1000
        overruns.add(work - budgetMs)
        if work > budgetMs + 1e-9 {
            hitches += 1
            hitchMs += ((work / budgetMs - 1e-9).rounded(.up) - 1) * budgetMs
        }
    }

    /// Late milliseconds per second of motion (0 without motion).
    public var hitchTimeRatioMsPerS: Double { motionSeconds > 0 ? hitchMs / motionSeconds : 0 }

    /// The 99th percentile of the frames' overruns, interpolated between ranks as Macrobenchmark's
    /// `frameOverrunMs` (one late frame in 151 is not the p99), milliseconds; nil without a frame in motion
    /// (0 would read as frames exactly at the budget).
    public var frameOverrunMsP99: Double? { overruns.interpolatedPercentile(99) }
}
