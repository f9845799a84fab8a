import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ScrollLabCore

/// A thread's wait for a CPU (`RunQueueClock`), beside its CPU time (`threadCPUSeconds`).
@Suite struct RunQueueClockTests {
    @Test func aSchedstatLineGivesTheTimeRunAndTheWait() throws {
        let line = try #require(ThreadSchedule(Array("276314245 682401 16\n".utf8)))
        #expect(line.runNanoseconds == 276_314_245)
        #expect(line.waitNanoseconds == 682_401)
        #expect(line.runQueueSeconds == 0.000682401)
        #expect(ThreadSchedule(Array("5 7 2".utf8)) == ThreadSchedule(Array("5 7 1\n".utf8)))
        // A thread that has had no tick yet has run for 0 ns so far.
        #expect(ThreadSchedule(Array("0 0 1\n".utf8))?.runNanoseconds == 0)
    }

    /// "0 0 0" is a kernel that keeps no statistics; fewer than three numbers or other bytes are no line.
    @Test func aLineWithoutStatisticsIsNone() {
        #expect(ThreadSchedule(Array("0 0 0\n".utf8)) == nil)
        #expect(ThreadSchedule(Array("12 5\n".utf8)) == nil)
        #expect(ThreadSchedule(Array("".utf8)) == nil)
        #expect(ThreadSchedule(Array("12 x3 4".utf8)) == nil)
        #expect(ThreadSchedule(Array("99999999999999999999999 1 1".utf8)) == nil)
    }

    #if os(Linux)
    /// A thread that shares its one CPU with a busy thread waits for it: its run-queue time grows while it
    /// runs, by about as long as it runs (here at least an eighth of 40 ms).
    @Test func aThreadSharingItsCPUWithABusyOneWaits() {
        guard RunQueueClock() != nil, let cpu = AllowedCPUs.ofCallingThread().first else { return }   // not kept here
        let stop = Atomic<Bool>(false)
        let spinning = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let waited = Mutex<Double?>(nil)
        let spinner = Thread {
            ThreadPlacement.runCallingThread(on: [Int32(cpu)])
            spinning.signal()
            while !stop.load(ordering: .relaxed) {}
        }
        let measured = Thread {
            ThreadPlacement.runCallingThread(on: [Int32(cpu)])
            spinning.wait()
            let clock = RunQueueClock()
            let wait = clock?.seconds()
            let start = threadCPUSeconds()
            while threadCPUSeconds() - start < 0.04 {}
            waited.withLock { $0 = wait.flatMap { before in clock?.seconds().map { $0 - before } } }
            stop.store(true, ordering: .relaxed)
            done.signal()
        }
        spinner.start()
        measured.start()
        done.wait()
        let wait = waited.withLock { $0 }
        #expect(wait.map { $0 >= 0.005 } == true, "waited \(wait.map { "\($0 * 1000) ms" } ?? "nil")")
    }
    #endif

    @Test func theCPUTimeAndTheWaitNeverGoBack() {
        let clock = RunQueueClock()
        let cpu = threadCPUSeconds(), wait = clock?.seconds()
        #expect(threadCPUSeconds() >= cpu)
        if let wait { #expect((clock?.seconds() ?? 0) >= wait) }
    }

    /// Read from another thread, the clock tells the wait of the thread that made it: while that thread
    /// sleeps, its wait stays where it was, however this one runs.
    @Test func theClockIsItsMakersWhoeverReadsIt() {
        let made = Mutex<(clock: RunQueueClock?, tid: Int?)>((nil, nil))
        let done = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let thread = Thread {
            made.withLock { $0 = (RunQueueClock(), AllowedCPUs.callingThreadID()) }
            done.signal()
            release.wait()
        }
        thread.start()
        done.wait()
        defer { release.signal() }
        let (maker, tid) = made.withLock { $0 }
        guard let clock = maker, let tid else { return }   // not kept here
        // Until it sleeps (a starved machine may keep it waiting for a CPU on its way there).
        var polls = 0
        while Self.state(of: tid) != "S", polls < 3000 { Thread.sleep(forTimeInterval: 0.01); polls += 1 }
        let first = clock.seconds()
        let start = threadCPUSeconds()
        while threadCPUSeconds() - start < 0.02 {}
        #expect(first != nil && clock.seconds() == first, "the sleeping thread's wait did not move")
    }

    /// A thread's state letter (`/proc/self/task/TID/stat`'s third field: R, S, D…).
    private static func state(of tid: Int) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}
