import ScrollKit

/// Plays a recorded gesture into a scene on the app's clock (`--replay FILE`, B-UI-3), with exactly
/// the input `HeadlessReplay` gives the scene for the same file.
///
/// The headless replay runs frames at `k / frameRate` (file time) and, before each frame, delivers every
/// sample whose time is at or before the frame time, in file order, with its own time. The driver
/// keeps that rule and that frame grid, shifted onto the model clock: file time `t` becomes `t + shift`,
/// where the shift is a whole number of milliseconds that puts the headless replay's first frame (the
/// last grid time at or before the first sample) at or just after `startTime`. `step(upTo:pointer:advance:)`
/// runs every grid frame that real time has reached — so the window's replay is the headless run shifted
/// in time, frame for frame, and gives the same callbacks and offsets (the screen shows the newest grid
/// frame, at most one frame late). The grid is a `ModelClock`. `events(upTo:)` is the plain delivery
/// rule, for a caller that keeps its own frames.
///
/// Why whole milliseconds: the velocity tracker rounds sample times to microseconds, and a shift of
/// whole milliseconds keeps that rounding as in the headless run, so release velocities match to the
/// last digit. With `startTime` = the first grid time, the shift is zero and the driver is the headless
/// replay's own delivery.
public struct ReplayDriver: Sendable {
    /// The samples, already placed on the model clock, in delivery (file) order.
    public let events: [PointerEvent]
    /// Index of the next sample to deliver.
    public private(set) var nextIndex = 0
    /// The grid: frame 0 is the headless replay's first frame, shifted; its next frame is the next one
    /// `step` will run. Once the replay ends the window's model goes on on it.
    public private(set) var clock: ModelClock

    /// Frames per second of the grid (the headless replay's 60 Hz).
    public var frameRate: Double { clock.rate }
    /// Model time of grid frame 0 (the headless replay's first frame, shifted).
    public var startTime: Double { clock.origin }
    /// Index of the next grid frame `step` will run.
    public var nextFrame: Int { clock.next }

    /// Places `gesture` (as parsed from a file) on the model clock, grid frame 0 at or just after
    /// `startTime` (see the type's note). Samples keep their own spacing, even ones that go back in time
    /// (the velocity tracker repairs those); delivery order is file order. Non-finite times are dropped.
    public init(gesture: [PointerEvent], startTime: Double, frameRate: Double = 60) {
        let finite = gesture.filter { $0.time.isFinite }
        guard let first = finite.first?.time else {
            clock = ModelClock(origin: startTime, rate: frameRate)
            events = []
            return
        }
        let firstFrameTime = ModelClock(rate: frameRate, startingAtOrBefore: first).nextTime
        let wanted = startTime - firstFrameTime
        let milliseconds = (wanted * 1000).rounded()
        let shift = milliseconds / 1000 < wanted ? (milliseconds + 1) / 1000 : milliseconds / 1000
        clock = ModelClock(origin: firstFrameTime + shift, rate: frameRate)
        events = finite.map { event in
            var shifted = event
            shifted.time += shift
            return shifted
        }
    }

    /// The samples not delivered yet, from the next one up to (not including) the first whose time is
    /// after `time`: a sample that goes back in time comes right after the one before it.
    public mutating func events(upTo time: Double) -> ArraySlice<PointerEvent> {
        let start = nextIndex
        while nextIndex < events.count, events[nextIndex].time <= time { nextIndex += 1 }
        return events[start..<nextIndex]
    }

    /// Model time of grid frame `index`.
    public func frameTime(_ index: Int) -> Double { clock.time(index) }

    /// Runs every grid frame at or before `time` not run yet: the samples due by the frame go to
    /// `pointer`, then `advance` gets the frame time. Returns how many frames ran.
    ///
    /// At most `eventBudget` samples are delivered per call (the window's per-frame budget, §7): when a
    /// dense file has more due, the call stops before the grid frame they belong to and the next call
    /// goes on from there, so the replay falls behind real time instead of freezing the window. Each
    /// grid frame still gets all its samples before it advances.
    @discardableResult
    public mutating func step(upTo time: Double, eventBudget: Int = .max, pointer: (PointerEvent) -> Void,
                              advance: (Double) -> Void) -> Int {
        var count = 0, budget = eventBudget
        while let frame = clock.due(by: time) {
            while nextIndex < events.count, events[nextIndex].time <= frame {
                guard budget > 0 else { return count }
                pointer(events[nextIndex])
                nextIndex += 1
                budget -= 1
            }
            advance(frame)
            clock.advance()
            count += 1
        }
        return count
    }

    /// Time of the next sample to deliver, or nil once all are delivered.
    public var nextEventTime: Double? { nextIndex < events.count ? events[nextIndex].time : nil }

    /// True once every sample has been delivered.
    public var isFinished: Bool { nextIndex == events.count }

    /// Model time of the last sample (when the replay's input ends), or nil for an empty gesture.
    public var endTime: Double? { events.last?.time }
}
