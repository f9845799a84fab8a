import ScrollLabCore
import Synchronization

/// The lock-protected hand-over point between decode workers and the render thread.
///
/// Workers post outcomes; the render thread drains them once per frame. Cancelled tickets are
/// remembered so that a worker that has not started yet skips its work, and a result that arrives
/// after cancellation is freed instead of delivered.
final class DecodeMailbox: Sendable {
    /// Where a job's bytes came from.
    enum Origin: Sendable {
        case file, disk, network
    }

    /// One finished job.
    struct Outcome: Sendable {
        /// The pipeline ticket the job was started for.
        var ticket: Int
        /// The decoded surface, or why there is none.
        var result: Result<DecodedSurface, ImageDecodeFailure>
        /// Where its bytes came from.
        var origin: Origin = .file
        /// The disk cache's entry was bad: fetch the image again.
        var refetch = false
        /// Time the decode took (on a worker, or the render thread with `--decode-on-main`), seconds.
        var decodeSeconds = 0.0
        /// With `--decode-on-main`: the bytes the render thread is to decode (`result` is then a placeholder).
        var undecoded: Undecoded?
    }

    /// Bytes fetched or read for the render thread to decode, and what stores them once they decoded.
    struct Undecoded: Sendable {
        var bytes: [UInt8]
        var keep: (@Sendable ([UInt8]) -> Void)?
    }

    private struct State {
        var outcomes: [Outcome] = []
        var cancelled: Set<Int> = []
        var closed = false
        var running = 0
    }

    private let state = Mutex(State())

    /// Marks a job as started; false when the mailbox is closed or the ticket was cancelled meanwhile.
    func begin(_ ticket: Int) -> Bool {
        state.withLock { s in
            if s.closed || s.cancelled.contains(ticket) { return false }
            s.running += 1
            return true
        }
    }

    /// Posts a finished job; frees the surface at once if the job was cancelled or the mailbox closed.
    func post(_ outcome: Outcome) {
        let drop: Bool = state.withLock { s in
            s.running -= 1
            if s.closed || s.cancelled.remove(outcome.ticket) != nil { return true }
            s.outcomes.append(outcome)
            return false
        }
        if drop, case let .success(surface) = outcome.result { surface.free() }
    }

    /// Asks that `ticket` be skipped or its result dropped.
    func cancel(_ ticket: Int) {
        state.withLock { _ = $0.cancelled.insert(ticket) }
    }

    /// Forgets a cancellation for a job that never started (so the set does not grow).
    func forget(_ ticket: Int) {
        state.withLock { _ = $0.cancelled.remove(ticket) }
    }

    /// Takes every outcome posted since the last call, oldest first.
    func drain() -> [Outcome] {
        state.withLock { s in
            let out = s.outcomes
            s.outcomes.removeAll(keepingCapacity: true)
            return out
        }
    }

    /// True when an outcome for `ticket` is waiting to be drained.
    func hasOutcome(for ticket: Int) -> Bool {
        state.withLock { s in s.outcomes.contains { $0.ticket == ticket } }
    }

    /// Jobs currently decoding.
    var runningCount: Int { state.withLock { $0.running } }

    /// Stops accepting work and frees every undelivered surface. Jobs still decoding free theirs when they post.
    func close() {
        let leftovers: [Outcome] = state.withLock { s in
            s.closed = true
            let out = s.outcomes
            s.outcomes.removeAll()
            return out
        }
        for outcome in leftovers { if case let .success(surface) = outcome.result { surface.free() } }
    }
}
