import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ScrollLabCore
#if canImport(Glibc)
import Glibc
#endif

/// The decode threads: every job runs, in order on one thread, below the render thread's priority, as a
/// batch thread and off the first core, and an idle pool ends its threads.
@Suite struct DecodeThreadsTests {
    /// Runs `count` jobs on `pool`, each recording its index and its thread's nice value; waits for all.
    private static func run(_ count: Int, on pool: DecodeThreads) -> (order: [Int], nices: Set<Int32>) {
        let seen = Mutex<(order: [Int], nices: Set<Int32>)>(([], []))
        let done = DispatchSemaphore(value: 0)
        for index in 0..<count {
            pool.async {
                #if canImport(Glibc)
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                #else
                let nice = DecodeThreads.niceness
                #endif
                seen.withLock { $0.order.append(index); $0.nices.insert(nice) }
                done.signal()
            }
        }
        for _ in 0..<count { done.wait() }
        return seen.withLock { $0 }
    }

    @Test func oneThreadRunsEveryJobInTheOrderQueued() {
        let pool = DecodeThreads(width: 1)
        let (order, _) = Self.run(500, on: pool)
        #expect(order == Array(0..<500))
        #expect(pool.threadCount == 1)
    }

    @Test func jobsRunBelowTheCallersPriority() {
        let pool = DecodeThreads(width: 4)
        let (order, nices) = Self.run(200, on: pool)
        #expect(order.sorted() == Array(0..<200))
        #if canImport(Glibc)
        #expect(nices == [Swift.min(19, getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) + DecodeThreads.niceness)])
        #endif
        #expect(pool.threadCount <= 4)
    }

    #if os(Linux)
    /// Batch threads: a decode woken by the render thread's queueing never preempts it (the render thread
    /// keeps the policy it had).
    @Test func itsThreadsAreBatchThreads() {
        let pool = DecodeThreads(width: 1)
        let policy = Mutex<Int32>(-1)
        let done = DispatchSemaphore(value: 0)
        pool.async {
            policy.withLock { $0 = sched_getscheduler(0) }
            done.signal()
        }
        done.wait()
        #expect(policy.withLock { $0 } == DecodeThreads.schedBatch)
        #expect(sched_getscheduler(0) != DecodeThreads.schedBatch)
    }

    /// Linux names a thread in at most 15 bytes (`/proc/thread-self/comm`); a longer name is refused.
    @Test func itsThreadsCarryTheirName() {
        let pool = DecodeThreads(width: 1)
        let name = Mutex<String>("")
        let done = DispatchSemaphore(value: 0)
        pool.async {
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            name.withLock { $0 = comm.trimmingCharacters(in: .newlines) }
            done.signal()
        }
        done.wait()
        #expect(name.withLock { $0 } == DecodeThreads.threadName)
    }

    private static func allowedCPUs() -> [Int] { AllowedCPUs.ofCallingThread() }

    /// The CPUs a job of `pool` may run on.
    private static func jobsCPUs(on pool: DecodeThreads) -> [Int] {
        let theirs = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        pool.async {
            theirs.withLock { $0 = Self.allowedCPUs() }
            done.signal()
        }
        done.wait()
        return theirs.withLock { $0 }
    }

    /// With two CPUs or more, a decode runs anywhere but the first the caller may use (left to the render
    /// thread); with one, where the caller may. The caller's own CPUs are left as they were.
    @Test func itsThreadsLeaveTheFirstCoreToTheRenderThread() {
        let mine = Self.allowedCPUs()
        #expect(!mine.isEmpty)
        #expect(Self.jobsCPUs(on: DecodeThreads(width: 1)) == (mine.count >= 2 ? Array(mine.dropFirst()) : mine))
        #expect(Self.allowedCPUs() == mine)
    }

    /// With a placement (the window's), a decode runs on its decode CPUs: every CPU but the render thread's,
    /// here the last the caller may use.
    @Test func withAPlacementItsThreadsRunOnTheDecodeCPUs() {
        let mine = Self.allowedCPUs()
        guard let last = mine.last, let placement = ThreadPlacement(cpus: mine.map(Int32.init), render: Int32(last)) else {
            #expect(mine.count == 1)   // one CPU: nothing to place
            return
        }
        #expect(Self.jobsCPUs(on: DecodeThreads(width: 1, placement: placement)) == Array(mine.dropLast()))
        #expect(Self.allowedCPUs() == mine)
    }
    #endif

    @Test func anIdlePoolEndsItsThreadsAndStartsAgain() {
        let pool = DecodeThreads(width: 2, idleSeconds: 0.02)
        _ = Self.run(50, on: pool)
        var waited = 0  // up to 30 s: a starved machine (the unit tests run at the idle class) ends them late
        while pool.threadCount > 0, waited < 3000 { Thread.sleep(forTimeInterval: 0.01); waited += 1 }
        #expect(pool.threadCount == 0)
        let (order, _) = Self.run(50, on: pool)
        #expect(order.sorted() == Array(0..<50))
    }
}
