import Dispatch
import Foundation
import Synchronization
import CThreadPlacement
#if canImport(Glibc)
import Glibc
#endif

/// The threads image work runs on, below the render thread's priority, as an iOS loader decodes at a lower
/// quality of service than the main thread's (libdispatch on Linux runs every queue's work at the render
/// thread's priority), and, with two cores or more, off the render thread's core: on the CPUs a
/// `ThreadPlacement` gives them, or without one off the first core they may use (`keepOffFirstCore`).
/// Linux's scheduler (EEVDF) still gives a waiting thread of low weight its slice in the middle of a frame.
///
/// At most `width` threads; a thread is started when a job finds none idle and ends after `idleSeconds`
/// without work, so a loader that is dropped leaves no thread behind.
package final class DecodeThreads: Sendable {
    /// How far below the render thread's nice value (Linux): under its scheduler a thread at nice 10 weighs
    /// about a tenth of one at 0, so a frame shares a core with a decode for about a tenth of the time.
    package static let niceness: Int32 = 10
    /// Linux's `SCHED_BATCH` (`<bits/sched.h>`; Glibc's module leaves it out).
    static let schedBatch: Int32 = 3

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// Where the next job is in `jobs` (taken jobs are dropped in batches).
        var next = 0
        var threads = 0
        var idle = 0
    }

    /// What `ps -L` and `perf` call the threads.
    package static let threadName = "scrolllab.dec"

    package let width: Int
    /// Seconds a thread waits for work before it ends.
    package let idleSeconds: Double
    /// Where the threads run (nil: off the first CPU they may use).
    package let placement: ThreadPlacement?
    private let state = Mutex(State())
    /// One signal per job queued.
    private let queued = DispatchSemaphore(value: 0)

    /// A pool of at most `width` threads (at least 1), each ending after `idleSeconds` without work, on the
    /// decode CPUs of `placement` when given.
    package init(width: Int, idleSeconds: Double = 2, placement: ThreadPlacement? = nil) {
        self.width = Swift.max(1, width)
        self.idleSeconds = idleSeconds
        self.placement = placement
    }

    /// Threads running now.
    package var threadCount: Int { state.withLock { $0.threads } }

    /// Runs `job` on a pool thread, in the order queued.
    package func async(_ job: @escaping @Sendable () -> Void) {
        let starts = state.withLock { s -> Bool in
            s.jobs.append(job)
            guard s.idle == 0, s.threads < width else { return false }
            s.threads += 1
            return true
        }
        queued.signal()
        if starts { startThread() }
    }

    private func startThread() {
        let thread = Thread { [self] in
            Self.nameThisThread()
            Self.lowerPriority()
            if let placement = self.placement { placement.placeDecodeThread() } else { Self.keepOffFirstCore() }
            while let job = nextJob() { job() }
        }
        thread.start()
    }

    /// The next job, or nil once this thread has waited `idleSeconds` with none (the thread then ends).
    private func nextJob() -> (@Sendable () -> Void)? {
        enum Take { case job(@Sendable () -> Void), waitAgain, end }
        while true {
            state.withLock { $0.idle += 1 }
            let woke = queued.wait(timeout: .now() + idleSeconds) == .success
            let take = state.withLock { s -> Take in
                s.idle -= 1
                if woke {
                    let job = s.jobs[s.next]
                    s.next += 1
                    if s.next == s.jobs.count { s.jobs.removeAll(keepingCapacity: true); s.next = 0 }
                    return .job(job)
                }
                // A job queued as the wait gave up is taken on the next wait (its signal is pending).
                if s.next < s.jobs.count { return .waitAgain }
                s.threads -= 1
                return .end
            }
            switch take {
            case let .job(job): return job
            case .waitAgain: continue
            case .end: return nil
            }
        }
    }

    /// Names the calling thread `threadName`. On Linux it writes its own `comm`: Foundation's `Thread.name`
    /// set before the start never reached the kernel, and set on the thread itself it did not always (a
    /// loaded CI run still saw the creator's name). Linux keeps 15 bytes of a name and refuses a longer
    /// one; an unnamed thread keeps its creator's, a libdispatch worker's, in `ps` and `perf`.
    private static func nameThisThread() {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        _ = threadName.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        #else
        Thread.current.name = threadName
        #endif
    }

    /// Lowers the calling thread's priority by `niceness` from the one it inherited (Linux: a thread's nice
    /// value is its own; 19 at most), and makes it a batch thread (`SCHED_BATCH`): the scheduler never lets
    /// it preempt a thread it wakes up. Without that, the render thread that queued a decode mid-frame (its
    /// semaphore's signal wakes a waiting worker) was itself preempted by the worker at the signal's return,
    /// whatever their nice values, and waited out the worker's slice: 1–2 ms of a four-phone frame bench's
    /// slowest frames, with 0.15 ms of the render thread's own work in them.
    private static func lowerPriority() {
        #if canImport(Glibc)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        _ = setpriority(which, 0, Swift.min(19, getpriority(which, 0) + niceness))
        #endif
        #if os(Linux)
        var parameters = sched_param()
        parameters.sched_priority = 0
        _ = pthread_setschedparam(pthread_self(), schedBatch, &parameters)
        #endif
    }

    /// Without a placement: takes the first core the calling thread may run on out of those it may run on,
    /// when it may run on two or more, so a render thread that may run anywhere finds a core no decode takes
    /// (the window and the frame bench place theirs: `ThreadPlacement`). A nice value and a
    /// batch thread were not enough: under Linux's scheduler since 6.6 (EEVDF) a render thread that has run
    /// ahead of a waiting decode's share is no longer eligible, and at the next tick the decode runs for its
    /// slice (a `SCHED_IDLE` decode too). `perf` on `sched:sched_switch` showed the render thread switched out
    /// in the middle of `bench --frames --compare 4`'s frames for 1–4 ms.
    private static func keepOffFirstCore() {
        _ = ctp_leave_first_cpu()
    }
}
