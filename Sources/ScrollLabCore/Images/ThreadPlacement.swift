import CThreadPlacement

/// Where the render thread and the decode threads run, with two CPUs or more: the render thread keeps the CPU
/// it was on when the placement was made, and the decodes run on the others (Linux's CPU affinity).
///
/// Decode threads kept off one CPU were not enough: the scheduler still moved the render thread onto theirs
/// now and then, and there a decode could hold it for a whole slice in the middle of a frame whatever its
/// priority (EEVDF gives a waiting thread of low weight its turn once the running one is ahead of its share).
/// The frame traces' `waitMs` (time ready to run, on a run queue) showed 1.6–3.8 ms in a four-phone frame.
///
/// Every other thread of the process keeps off the render thread's CPU: the decode threads place themselves,
/// and the render thread moves the others (`moveOtherThreads`) when it is placed and now and then after
/// (`recheckFrames`), since a thread it starts inherits its CPU (libdispatch's workers, on which the HTTP
/// clients' callbacks run) and one started before may use any.
package struct ThreadPlacement: Sendable, Equatable {
    /// The CPUs the render thread could use when the placement was made, ascending.
    package let cpus: [Int32]
    /// The render thread's CPU, one of `cpus`.
    package let render: Int32

    /// The CPUs the decode threads run on: all of `cpus` but the render thread's.
    package var decodes: [Int32] { cpus.filter { $0 != render } }
    /// How often, in frames, the render thread moves the threads started since off its CPU.
    package static let recheckFrames = 30

    /// A placement over `cpus` keeping `render` for the render thread; nil with fewer than two CPUs or a
    /// render CPU not among them (nothing is placed then).
    package init?(cpus: [Int32], render: Int32) {
        let distinct = Array(Set(cpus)).sorted()
        guard distinct.count >= 2, distinct.contains(render) else { return nil }
        self.cpus = distinct
        self.render = render
    }

    /// The calling thread's placement: over the CPUs it may use now, keeping the one it is running on (two
    /// instances of the lab then seldom share one); nil with one CPU or where the system does not say.
    package static func ofCallingThread() -> ThreadPlacement? {
        guard let cpus = callingThreadCPUs() else { return nil }
        let now = ctp_current_cpu()
        return ThreadPlacement(cpus: cpus, render: cpus.contains(now) ? now : cpus[0])
    }

    /// The CPUs the calling thread may run on, ascending; nil where the system does not say.
    package static func callingThreadCPUs() -> [Int32]? {
        var buffer = [Int32](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBufferPointer { ctp_get_cpus($0.baseAddress, Int32($0.count)) }
        guard count > 0 else { return nil }
        return Array(buffer[..<Int(count)])
    }

    /// Keeps the calling thread, the render thread, on `render`, and moves the process's other threads off
    /// it; true when done.
    @discardableResult
    package func placeRenderThread() -> Bool {
        guard Self.runCallingThread(on: [render]) else { return false }
        moveOtherThreads()
        return true
    }

    /// Takes `render` out of the CPUs of every thread of the process but the calling one (a thread left with
    /// none runs on `decodes`); returns how many moved, or nil when the threads could not be listed.
    @discardableResult
    package func moveOtherThreads() -> Int? {
        let moved = decodes.withUnsafeBufferPointer { ctp_move_other_threads(render, $0.baseAddress, Int32($0.count)) }
        return moved >= 0 ? Int(moved) : nil
    }

    /// Puts the calling thread, a decode thread, on `decodes`; true when done.
    @discardableResult
    package func placeDecodeThread() -> Bool { Self.runCallingThread(on: decodes) }

    /// Gives the calling thread all of `cpus` again (the render thread, when its loop ends); true when done.
    @discardableResult
    package func release() -> Bool { Self.runCallingThread(on: cpus) }

    /// Lets the calling thread run on `cpus` only; true when done (false: none given, or the system refused).
    @discardableResult
    package static func runCallingThread(on cpus: [Int32]) -> Bool {
        cpus.withUnsafeBufferPointer { ctp_set_cpus($0.baseAddress, Int32($0.count)) } == 0
    }
}
