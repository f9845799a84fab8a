import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// The frame loop: pump input every ~1 ms until the frame's deadline (see `InputPump`), then one
/// `FrameStep` on the real clock: step the scene to the frame time, draw, present. The deadline and the
/// moment to present come from the `FramePacer` (started at the blank with `--pacing display-link`; with
/// `--pacing legacy`, the loop before it);
/// without a waiting vsync (Xvfb, offscreen) the loop paces itself at the display rate.
extension LabApp {
    /// Runs until Esc, the close button, `--frames` or `--quit-after`; returns the exit code.
    package func run() -> Int32 {
        factory.placement?.placeRenderThread()
        defer { factory.placement?.release() }
        // `--refresh HZ` paces the window at that rate whatever the display's (B-RATE-1).
        let rate = modelFrameRate
        let period = 1 / rate
        phoneDriver.playback.frameRate = rate
        let start = phoneDriver.time(atReal: 0)
        updateConditions(at: start.model)   // before any touch: the scenes' conditions include the rate
        // Pace on the display's vertical blank only if presenting really waits for it; otherwise (no vsync,
        // or SDL's simulated one, turned off) on our own schedule at the display's period. The legacy loop
        // kept SDL's simulated vsync and took it for the blank.
        let wait = sdl.hasVSync ? measurePresentWait(period: period) : .none
        let paced = options.pacing != .legacy
        if wait == .simulated, paced { sdl.turnOffVSync() }
        let presentWaits = paced ? wait == .blank : wait != .none
        let displayLink = options.pacing == .displayLink
        loop.pacing = presentWaits ? "vsync" : String(format: "paced %.1f Hz", 1 / period)
        let pump = InputPump(clock: clock, window: options.headless ? nil : sdl.window)
        loop.eventClock = pump.timeSource
        writeTraceHeader(at: start.model)
        windowDidResize()
        logSetting("eventClock", .string(pump.timeSource.rawValue), at: start.model)
        logSetting("pacing", .string(options.pacing.rawValue), at: start.model)
        var pacer = FramePacer(period: period, presentWaits: presentWaits, now: clock.now(), startsAtBlank: displayLink)
        var lastFrameStart: Double?
        var nextStall = clock.now() + (options.stallEvery ?? 0)
        var lastPresentEnd: Double?
        var lastShownAt: Double?
        // The render thread's image work so far (`--trace-frames` gives each frame's).
        var imageWork = (ms: 0.0, decodes: 0)
        while loop.running {
            let deadline: Double
            switch options.pacing {
            case .adaptive, .displayLink:
                deadline = pacer.wakeTime
            case .legacy:
                // The loop before the pacer: wake 4 ms before the blank, or one period after the last start.
                deadline = lastFrameStart.map { start in
                    presentWaits ? Swift.max(start + period, (lastPresentEnd ?? start) + period - 0.004) : start + period
                } ?? 0
            }
            pump.pump(until: deadline) { event, stamp in self.handle(&event, at: stamp) }
            reportScreenshots()
            let frameStart = clock.now()
            if let ms = options.stallMs, let every = options.stallEvery, frameStart >= nextStall {
                // --stall-ms / --stall-every: the main thread blocked, as a slow frame would block it.
                SDL_Delay(UInt32(ms.rounded()))
                nextStall = frameStart + every
            }
            // The work time includes the drawing; the present is the copy to the screen alone.
            let planned = pacer
            let timing = FrameStep.present(self, clock: .real, at: frameStart, presentAt: paced ? { planned.presentTime(afterWork: $0) } : nil)
            let presentEnd = timing.presentEnd
            // Started at the blank, a frame is shown at the blank of its slot (hitches count whole periods).
            let shownAt = displayLink && !presentWaits ? pacer.slot(ofPresentEndingAt: presentEnd) : presentEnd
            pacer.record(work: timing.workEnd - frameStart, present: timing.present, presentEnd: presentEnd)
            // The interval between presented frames: what the eye sees.
            let interval = lastPresentEnd.map { presentEnd - $0 }
            let shownInterval = lastShownAt.map { shownAt - $0 }
            if options.traceFrames {
                let work = phoneDriver.phones.reduce((ms: 0.0, decodes: 0)) { ($0.ms + $1.images.figures.mainThreadMs, $0.decodes + $1.images.figures.mainThreadDecodes) }
                trace?.log.frame(meter.frameCount, time: phoneDriver.timeShown, offset: phone.drawnOffset,
                                 timing: .init(work: timing.workEnd - frameStart, present: timing.present, shown: shownInterval,
                                               imageMs: work.ms - imageWork.ms, decodes: work.decodes - imageWork.decodes,
                                               workCPU: timing.workCPU, workWait: timing.workWait))
                imageWork = work
            }
            meter.record(work: timing.workEnd - frameStart, present: timing.present, interval: interval, shownInterval: shownInterval, period: period)
            if let shownInterval {
                for phone in phoneDriver.phones { phone.segmentHitches.record(interval: shownInterval, period: period, isMoving: meter.isMoving) }
            }
            meter.refreshShown()
            lastFrameStart = frameStart
            lastPresentEnd = presentEnd
            lastShownAt = shownAt
            meter.frameCount += 1
            if meter.frameCount % ThreadPlacement.recheckFrames == 0 { factory.placement?.moveOtherThreads() }
            if let n = options.frames, meter.frameCount >= n { loop.running = false }
            if let q = options.quitAfter, frameStart >= q { loop.running = false }
            if trace?.file.failure != nil { loop.running = false }
            checkWindow(pump)
            if loop.running, canWaitForInput(at: clock.now()) {
                _ = waitForInput(pump)
                // Pacing and the frame statistics start afresh: the rest is not a late frame.
                pacer = FramePacer(period: period, presentWaits: presentWaits, now: clock.now(), startsAtBlank: displayLink)
                lastFrameStart = nil
                lastPresentEnd = nil
                lastShownAt = nil
                checkWindow(pump)
            }
        }
        finish()
        return trace?.file.failure == nil && !loop.screenshots.failed && !loop.replayFailed && !loop.recordingFailed ? 0 : 1
    }

    /// Ends the loop when another program destroyed the window.
    private func checkWindow(_ pump: InputPump) {
        guard pump.windowWasLost() else { return }
        writeStandardError(pump.displayWasLost() ? "scrolllab: the connection to the display was lost (the X server is gone); closing"
                                                 : "scrolllab: the window was destroyed by another program; closing")
        loop.windowLost = true
        loop.running = false
    }

    /// Sleeps until app time `time` without pumping input (SDL_Delay for whole milliseconds, then a
    /// short `usleep`): no busy wait, so the decode workers keep the cores.
    static func sleep(until time: Double, clock: AppClock) {
        while true {
            let remaining = time - clock.now()
            if remaining <= 0 { return }
            if remaining > 0.0015 { SDL_Delay(UInt32(remaining * 1000 - 0.5)) } else { usleep(UInt32(remaining * 1_000_000)) }
        }
    }

    /// Presents a few empty frames back to back and tells from how far apart they come how presenting
    /// waits (`FramePacer.presentWait`).
    private func measurePresentWait(period: Double) -> FramePacer.PresentWait {
        var ends: [Double] = [clock.now()]
        for _ in 0..<10 {
            canvas.clear(.background)
            SDL_RenderPresent(sdl.renderer)
            ends.append(clock.now())
        }
        meter.calibration = zip(ends, ends.dropFirst()).map { $1 - $0 }
        return FramePacer.presentWait(durations: meter.calibration, period: period)
    }
}
