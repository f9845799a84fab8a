import Foundation

/// The frame bench's control (`bench --frames --control`): frames of fixed work, paced as the bench paces
/// its own, timed the same way. A frame writes the window's pixels in passes (each a clear and a draw, as
/// the software renderer's frame does), as many as take about as long as the lab's median frame, so the
/// work is the same in every frame and as long as the lab's: whatever makes one frame slower than the
/// next is the machine's (another process, or a virtual machine's host taking its core). Printed beside
/// the renderers' rows, it says how much of their tail a frame of the lab could not have avoided here.
package struct FrameControl {
    /// Frames to time.
    package var frames: Int
    /// Seconds from one frame's start to the next's (the bench's 60 Hz).
    package var period: Double
    /// The pixels the frames write (the window's: width × height × 4 bytes). A class, so that they outlive
    /// the run and no write to them is dead code to the optimizer.
    let pixels: Pixels

    /// Words the frames write.
    final class Pixels {
        var words: [UInt32]
        init(count: Int) { words = [UInt32](repeating: 0, count: count) }
    }

    /// About how long a frame's passes should take, seconds (0: one pass).
    package var workSeconds: Double

    package init(frames: Int, period: Double, bytes: Int, workSeconds: Double = 0) {
        self.frames = Swift.max(1, frames)
        self.period = period.isFinite ? Swift.max(0, period) : 0
        self.workSeconds = workSeconds.isFinite ? Swift.max(0, workSeconds) : 0
        pixels = Pixels(count: Swift.max(1, bytes / 4))
    }

    /// Bytes each pass writes.
    package var bytes: Int { pixels.words.count * 4 }

    /// Runs the frames on the calling thread and returns them as a run named `control` (no image work).
    package func run() -> FrameBenchRun {
        var run = FrameBenchRun(renderer: "control")
        let runQueue = RunQueueClock()
        let clock = ContinuousClock()
        var origin = clock.now
        /// Waits for frame `index`'s start, then times `passes` passes on the wall clock and in the thread's CPU time.
        func frame(_ index: Int, passes: Int) -> FrameBenchRun.Frame {
            let deadline = origin + .seconds(Double(index) * period)
            if clock.now < deadline { Thread.sleep(forTimeInterval: Self.seconds(deadline - clock.now)) }
            let cpu = threadCPUSeconds()
            let start = clock.now
            let wait = runQueue?.seconds()
            for _ in 0..<passes { write(shade: UInt32(truncatingIfNeeded: index)) }
            let waited = wait.flatMap { before in runQueue?.seconds().map { $0 - before } }
            let work = Self.seconds(clock.now - start)
            return FrameBenchRun.Frame(work: work, cpu: threadCPUSeconds() - cpu, wait: waited)
        }
        // A pass's time: the median of ten warm-up frames of one pass, paced alike (a pass timed back to
        // back runs on a warmer cache than one after a frame's wait).
        let warmUp = (0..<Self.warmUpFrames).map { frame($0, passes: 1).work }.sorted()
        let pass = warmUp[warmUp.count / 2]
        let passes = pass > 0 ? Swift.max(1, Int((workSeconds / pass).rounded())) : 1
        origin = clock.now
        run.frames = (0..<frames).map { frame($0, passes: passes) }
        return run
    }

    /// Frames of one pass before the measured ones.
    static let warmUpFrames = 10

    /// One pass over the pixels: the clear, then `shade` drawn over every word.
    private func write(shade: UInt32) {
        pixels.words.withUnsafeMutableBufferPointer { buffer in
            buffer.update(repeating: 0x2020_2020)
            for i in buffer.indices { buffer[i] &+= shade }
        }
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
