/// The settle latency's waits: each runs from the end of a motion (neither moving nor touched) until every
/// visible tile shows its image, or until a new motion cuts it short.
struct SettleWait: Sendable {
    /// When the running wait began (nil: none runs).
    private(set) var start: Double?
    /// The finished waits' sum, seconds.
    private(set) var sum = 0.0
    private var wasMoving = false

    /// One frame at `time`: `isMoving`, and `settled` when every visible tile shows its image. Returns the
    /// wait that ended in it, if one did.
    mutating func frame(at time: Double, isMoving: Bool, settled: Bool) -> Double? {
        var ended: Double?
        if isMoving, let start {
            ended = finish(time - start)      // a new touch or motion cut the wait short
        }
        if wasMoving && !isMoving { start = time }
        if !isMoving, let start, settled {
            ended = finish(time - start)
        }
        wasMoving = isMoving
        return ended
    }

    private mutating func finish(_ wait: Double) -> Double {
        sum += wait
        start = nil
        return wait
    }
}
