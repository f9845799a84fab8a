import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ScrollLabCore

/// Where the render thread and the decodes run: the render thread on one CPU, the decodes on the others.
@Suite struct ThreadPlacementTests {
    @Test func theDecodesTakeEveryCPUButTheRenderThreads() throws {
        let placement = try #require(ThreadPlacement(cpus: [3, 0, 1, 3, 2], render: 1))
        #expect(placement.cpus == [0, 1, 2, 3])
        #expect(placement.render == 1)
        #expect(placement.decodes == [0, 2, 3])
    }

    @Test func oneCPUOrARenderCPUNotAmongThemPlacesNothing() {
        #expect(ThreadPlacement(cpus: [2], render: 2) == nil)
        #expect(ThreadPlacement(cpus: [2, 2], render: 2) == nil)
        #expect(ThreadPlacement(cpus: [], render: 0) == nil)
        #expect(ThreadPlacement(cpus: [0, 1], render: 5) == nil)
    }

    #if os(Linux)
    /// Runs `body` on a thread of its own (whose CPUs it may change) and returns what it gives.
    private static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    /// A thread's placement is over the CPUs it may use and keeps the one it runs on; nil with one CPU.
    @Test func aThreadsPlacementIsOverItsOwnCPUs() {
        let (mine, placement) = Self.onNewThread { (AllowedCPUs.ofCallingThread(), ThreadPlacement.ofCallingThread()) }
        #expect(!mine.isEmpty)
        if mine.count < 2 {
            #expect(placement == nil)
        } else {
            #expect(placement?.cpus.map(Int.init) == mine)
            #expect(placement.map { mine.contains(Int($0.render)) } == true)
        }
    }

    /// Pinned to one CPU, a thread may run there only; released, on all of the placement's CPUs again.
    @Test func aPinnedThreadRunsOnItsCPUUntilReleased() {
        let (pinned, released, cpus) = Self.onNewThread { () -> ([Int], [Int], [Int]) in
            let mine = AllowedCPUs.ofCallingThread()
            guard let placement = ThreadPlacement.ofCallingThread() else { return ([], [], mine) }
            let pinnedNow = ThreadPlacement.runCallingThread(on: [placement.render]) ? AllowedCPUs.ofCallingThread() : []
            let releasedNow = placement.release() ? AllowedCPUs.ofCallingThread() : []
            return (pinnedNow.isEmpty ? [-1] : pinnedNow, releasedNow, mine)
        }
        guard cpus.count >= 2 else { return }   // one CPU: nothing was placed (above)
        #expect(pinned.count == 1)
        #expect(pinned.allSatisfy(cpus.contains))
        #expect(released == cpus)
    }

    /// No CPU, or one out of range, is refused and changes nothing.
    @Test func anEmptyOrImpossibleSetIsRefused() {
        let (empty, impossible, before, after) = Self.onNewThread { () -> (Bool, Bool, [Int], [Int]) in
            let before = AllowedCPUs.ofCallingThread()
            let empty = ThreadPlacement.runCallingThread(on: [])
            let impossible = ThreadPlacement.runCallingThread(on: [-1])
            return (empty, impossible, before, AllowedCPUs.ofCallingThread())
        }
        #expect(!empty)
        #expect(!impossible)
        #expect(after == before)
    }
    #endif
}
