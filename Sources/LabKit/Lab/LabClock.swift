/// The lab's model clock with slow motion (`T` cycles 1×, 0.25×, 0.1×).
///
/// Model time advances at `scale` × real time. Everything the model sees is stamped on this one
/// clock: frames (`advance(to:)`) *and* pointer samples (a sample taken at real time `r` is
/// delivered at `modelTime(atReal: r)`). So in slow motion a drag reaches the model exactly as it
/// happened in scaled time: the hand's real speed `u` becomes `u / scale` in model units, the
/// velocity tracker measures that, and the fling leaves the finger at the model speed it measured —
/// which the slowed clock shows on screen at `u` again: no speed jump at release, then the
/// deceleration plays slowed down.
///
/// Why not keep pointer samples (and so release velocities) in real time while the rest runs
/// scaled: the model would then mix two clocks — a drag's samples on one, its frames, callbacks
/// and deceleration on the other — so a release at 0.1× would drop the content to a tenth of the
/// finger's on-screen speed, the event log's times would disagree with the velocities, and a
/// recorded gesture (which stores what the model saw) could not replay the same run. With one
/// clock, a recording made in slow motion replays headless (1×, virtual clock) to the same
/// callbacks and offsets; the price is that a hand motion made in slow motion is, for the model,
/// a motion `1 / scale` times faster (a gentle flick at 0.1× is a strong fling), exactly as the
/// file then shows it. Velocities in the HUD and the timeline are model pt/s.
///
/// Model time is continuous and never goes back: changing the scale re-anchors the clock at the
/// current instant, and a real time earlier than one already seen (SDL stamps events at pump time,
/// frames read a finer counter) maps to the last model time returned.
public struct LabClock: Sendable {
    /// The slow-motion steps `T` cycles through.
    public static let scales: [Double] = [1, 0.25, 0.1]

    /// Model seconds per real second (1, 0.25 or 0.1 from the cycle; any positive value via `setScale`).
    public private(set) var scale: Double = 1
    /// Real time of the last re-anchoring, in seconds.
    private var anchorReal: Double
    /// Model time at `anchorReal`.
    private var anchorModel: Double
    /// The largest model time handed out so far.
    public private(set) var now: Double

    /// Starts the clock: real time `realTime` is model time `modelTime`, at 1×.
    public init(realTime: Double, modelTime: Double = 0) {
        anchorReal = realTime
        anchorModel = modelTime
        now = modelTime
    }

    /// The model time at real time `realTime`, never less than any model time returned before.
    public mutating func modelTime(atReal realTime: Double) -> Double {
        guard realTime.isFinite else { return now }
        let time = anchorModel + (realTime - anchorReal) * scale
        if time > now { now = time }
        return now
    }

    /// The model time of a pointer sample the windowing system stamped at real time `realTime`: the
    /// same mapping without the clamp and without advancing `now`. A sample that reaches the app after
    /// a frame already drawn later (a stalled main thread hands over the moves queued meanwhile) keeps
    /// its own time, so the drag's samples keep their spacing.
    public func sampleTime(atReal realTime: Double) -> Double {
        guard realTime.isFinite else { return now }
        return anchorModel + (realTime - anchorReal) * scale
    }

    /// Changes the speed at real time `realTime`, keeping model time continuous there.
    /// A non-positive or non-finite scale is ignored.
    public mutating func setScale(_ newScale: Double, atReal realTime: Double) {
        guard newScale.isFinite, newScale > 0 else { return }
        let model = modelTime(atReal: realTime)
        // The real instant the model time handed out last belongs to: re-anchoring there (when the
        // given time lies before it) keeps the mapping continuous.
        let realAtModel = anchorReal + (model - anchorModel) / scale
        anchorModel = model
        anchorReal = realTime.isFinite ? Swift.max(realTime, realAtModel) : realAtModel
        scale = newScale
    }

    /// Holds model time where it is up to real time `realTime`: the model time handed out last is the
    /// model time at `realTime` (the window waits for a launch replay's file without the scene ageing).
    public mutating func hold(atReal realTime: Double) {
        guard realTime.isFinite else { return }
        anchorModel = now
        anchorReal = realTime
    }

    /// Steps to the next scale of `scales` (after 0.1× comes 1×), at real time `realTime`.
    public mutating func cycleScale(atReal realTime: Double) {
        let index = LabClock.scales.firstIndex(of: scale) ?? LabClock.scales.count - 1
        setScale(LabClock.scales[(index + 1) % LabClock.scales.count], atReal: realTime)
    }

    /// The scale as the HUD shows it: `"1×"`, `"0.25×"`, `"0.1×"`.
    public var scaleLabel: String {
        scale == scale.rounded() ? "\(Int(scale))×" : "\(scale)×"
    }
}
