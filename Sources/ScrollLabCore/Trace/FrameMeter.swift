
/// The window's frame measurements: every presented frame's work, present and interval, those of the
/// frames in motion, Apple's hitch measure (B-HITCH-1), the present calibration from the start, and the
/// figures the HUD's frame line shows.
package struct FrameMeter {
    package var stats = FrameStats()
    /// Frames drawn while the content was dragged or moving.
    package var motionStats = FrameStats()
    /// Hitches over the frames of motion of the whole run.
    package var hitches = HitchMeter()
    /// Durations of the empty presents measured at start (seconds), reported in the trace.
    package var calibration: [Double] = []
    /// Frames presented so far; also the number of the frame being drawn.
    package var frameCount = 0
    /// True when the frame being drawn shows motion.
    package var isMoving = false
    /// What the HUD's frame line shows: refreshed every 15 frames (its text is rasterized anew only then).
    package private(set) var shown = FrameLine()
    /// The display's period at the latest frame, seconds.
    private var period = 0.0

    /// How many frames the HUD's frame line stays the same.
    package static let shownEvery = 15

    /// Records a presented frame: its work and present times and the interval since the last one
    /// (nil after a start or a rest) at the display's `period`. Hitches count `shownInterval` when given:
    /// the interval between the blanks the frames were shown at, on a display that shows a frame only at
    /// its blank (`--pacing display-link`).
    package mutating func record(work: Double, present: Double, interval: Double?, shownInterval: Double? = nil, period: Double) {
        self.period = period
        stats.record(frameTime: work, presentTime: present, interval: interval)
        if let shown = shownInterval ?? interval { hitches.record(interval: shown, period: period, isMoving: isMoving) }
        if isMoving { motionStats.record(frameTime: work, presentTime: present, interval: interval) }
    }

    /// The frame line on every 15th frame: frames per second and interval p99 over the last second (and
    /// over the latest frames of motion), work time and its p99, the hitch ratio so far.
    package mutating func refreshShown() {
        guard frameCount % Self.shownEvery == 0 else { return }
        shown = FrameLine(stats, motion: motionStats, period: period, hitchRatio: hitches.ratioMsPerS)
    }

    /// The frame bench's frame line on every 15th frame: its own measure of the frame's work, `seconds`.
    package mutating func refreshShown(work seconds: Double) {
        guard frameCount % Self.shownEvery == 0 else { return }
        shown.frameMs = seconds * 1000
    }

    package init(stats: FrameStats = FrameStats(), motionStats: FrameStats = FrameStats(), hitches: HitchMeter = HitchMeter(), calibration: [Double] = [], frameCount: Int = 0, isMoving: Bool = false, shown: FrameLine = FrameLine()) {
        self.stats = stats
        self.motionStats = motionStats
        self.hitches = hitches
        self.calibration = calibration
        self.frameCount = frameCount
        self.isMoving = isMoving
        self.shown = shown
    }
}
