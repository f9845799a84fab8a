/// The model's frame clock (B-DESIGN-2: one for every replay): frames on the refresh rate's grid, `origin + k / rate` for whole numbers `k`,
/// with idle frames skipped. The one stepping rule of every replay — headless, streamed, in the window,
/// in a video, the frame bench, a sweep — and of the oracle's screens, so they all run the same frames.
///
/// `next` is the index of the next frame to run. A frame's time is always computed from its index (never
/// by adding periods up), so two clocks with the same origin and rate agree on every frame to the bit.
public struct ModelClock: Equatable, Sendable {
    /// Model time of frame 0.
    public let origin: Double
    /// Frames per second (the refresh rate): a positive, finite number, 60 when given anything else.
    public let rate: Double
    /// Index of the next frame to run.
    public var next: Int

    /// A clock with frame `next` to run next on the grid `origin + k / rate`.
    public init(origin: Double = 0, rate: Double, next: Int = 0) {
        self.origin = origin
        self.rate = rate.isFinite && rate > 0 ? rate : 60
        self.next = next
    }

    /// A clock on the grid `k / rate` whose next frame is the last one at or before `time`: where a replay
    /// starts, on the frame its first sample goes to.
    public init(rate: Double, startingAtOrBefore time: Double) {
        self.init(rate: rate)
        next = frame(atOrBefore: time)
    }

    /// Model time of frame `index`.
    public func time(_ index: Int) -> Double { origin + Double(index) / rate }

    /// Model time of the next frame to run.
    public var nextTime: Double { time(next) }

    /// Index of the last frame at or before `time`: judged by the frames' own times, since
    /// `(time(k) − origin) × rate` is not always `k` in binary (at 60 Hz, frame 123's time, 2.05, gives
    /// 122.99999999999999).
    public func frame(atOrBefore time: Double) -> Int {
        let k = Int(((time - origin) * rate).rounded(.down))
        if self.time(k + 1) <= time { return k + 1 }
        return self.time(k) > time ? k - 1 : k
    }

    /// Index of the first frame at or after `time` (by the frames' own times, as `frame(atOrBefore:)`).
    public func frame(atOrAfter time: Double) -> Int {
        let k = Int(((time - origin) * rate).rounded(.up))
        if self.time(k - 1) >= time { return k - 1 }
        return self.time(k) < time ? k + 1 : k
    }

    /// The next frame's time when it is due by `time` (at or before it), else nil. The caller runs the
    /// frame, then calls `advance()`.
    public func due(by time: Double) -> Double? {
        let frameTime = nextTime
        return frameTime <= time ? frameTime : nil
    }

    /// Moves on to the frame after the next one.
    public mutating func advance() { next += 1 }

    /// Runs every frame due by `time` (at or before it) not run yet, in order; returns how many ran.
    @discardableResult
    public mutating func run(upTo time: Double, _ frame: (Double) -> Void) -> Int {
        var count = 0
        while let frameTime = due(by: time) {
            frame(frameTime)
            advance()
            count += 1
        }
        return count
    }

    /// Nothing moves or loads, and the next input comes at `time`: the next frame is the first at or after
    /// it (never one already run), so idle frames cost nothing and the input still lands on its own frame.
    public mutating func skipIdle(untilInputAt time: Double) {
        next = Swift.max(next, frame(atOrAfter: time))
    }

    /// Nothing moves or loads, and the screen is wanted at `time`: the frames before the last one at or
    /// before it are skipped (that one still runs, so the model reaches `time`'s frame).
    public mutating func skipIdle(showingAt time: Double) {
        guard self.time(next + 1) <= time else { return }
        next = Swift.max(next, frame(atOrBefore: time))
    }

    /// The frames strictly after `start` and strictly before `end`: those a replay that skipped its idle
    /// frames between the two did not run.
    public func times(after start: Double, before end: Double) -> [Double] {
        var times: [Double] = []
        var index = frame(atOrBefore: start) + 1
        while time(index) < end {
            times.append(time(index))
            index += 1
        }
        return times
    }
}
