import CSDL
import ScrollKit
import ScrollLabCore

extension LabApp {
    /// The frame bench (`scrolllab bench --frames`): plays the `--replay` gesture through the window's
    /// own `FrameStep` (image pump, model step through `ReplayDriver`, phone, HUD, timeline) and presents
    /// every frame, then closes the app.
    ///
    /// Clock: frame `k` shows model time `k / R` (R: `--refresh`, default 60) and starts no earlier than
    /// `k / R` s of real time after the first, so frames are paced at the refresh rate as in the window and the decode workers (real
    /// threads, real source latency) deliver images at the moments they would there. A GL renderer is
    /// made to finish each frame before the next (`glFinish`), so its rasterization counts in the frame
    /// that caused it. Each frame runs
    /// exactly one replay frame. `warmupFrames` frames at rest come first (the first screen's images
    /// load, the HUD's text is rasterized once) and are not measured; measuring starts with the frame
    /// the gesture starts on and ends `tailFrames` after the replay has finished and the grid is
    /// settled (fades done), or after `frameLimit` frames.
    package func runFrameBench(warmupFrames: Int = 30, tailFrames: Int = 20, frameLimit: Int = 120 * 60) -> FrameBenchRun {
        factory.placement?.placeRenderThread()
        defer { factory.placement?.release() }
        let period = 1 / modelFrameRate
        phoneDriver.playback.frameRate = modelFrameRate
        // Text and images at the output's pixels, as a window of this size has them (`--scale`).
        windowDidResize()
        let gesture = phoneDriver.takePendingGesture()
        var bench = FrameBenchRun(renderer: sdl.rendererName)
        let pump = InputPump(clock: clock, window: nil)
        let origin = clock.now()
        let ticksPerSecond = Double(SDL_GetPerformanceFrequency())
        var quietFrames = 0
        for index in 0..<(warmupFrames + frameLimit) {
            let deadline = origin + Double(index) * period
            Self.sleep(until: deadline, clock: clock)
            // Offscreen there is no input; the queue is emptied as the window's loop does.
            pump.drain { _, _ in }
            if index == warmupFrames, let gesture { phoneDriver.play(gesture) }
            let textTextures = text.rasterized
            let cpu = threadCPUSeconds()
            let start = SDL_GetPerformanceCounter()
            // Read inside the frame's span, so the wait is part of it.
            let wait = clock.renderThreadWait()
            // Offscreen, GL's swap would not wait: the step finishes the drawing, each frame pays for its own.
            _ = FrameStep.present(self, clock: .virtual, at: Double(index) * period)
            let waitElapsed = wait.flatMap { before in clock.renderThreadWait().map { $0 - before } }
            let elapsed = Double(SDL_GetPerformanceCounter() &- start) / ticksPerSecond
            let cpuElapsed = threadCPUSeconds() - cpu
            // The HUD's frame line changes as in the window: every 15 frames (its text is re-rendered then).
            meter.refreshShown(work: elapsed)
            meter.frameCount += 1
            if meter.frameCount % ThreadPlacement.recheckFrames == 0 { factory.placement?.moveOtherThreads() }
            guard index >= warmupFrames else { continue }
            bench.frames.append(FrameBenchRun.Frame(work: elapsed, cpu: cpuElapsed,
                                                    image: phoneDriver.phones.map(\.images.lastFrameWork).reduce(0, +),
                                                    textTextures: text.rasterized - textTextures, wait: waitElapsed))
            let settled = !isReplaying && phoneDriver.isSettled
            quietFrames = settled ? quietFrames + 1 : 0
            if quietFrames >= tailFrames { break }
        }
        finish()
        return bench
    }
}
