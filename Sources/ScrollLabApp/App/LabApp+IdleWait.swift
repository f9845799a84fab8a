import CSDL
import Foundation
import ScrollLabCore

/// The idle window waits for input (issue 22): once nothing has moved, changed or animated for a while, the frame
/// loop stops drawing and presenting and only waits for input, so a lab left open costs no core. Any
/// event (a key, the pointer, an expose or resize) wakes it, and the next frame draws at once.
extension LabApp {
    /// Quiet time before waiting for input: longer than the timeline's span, a fade, a toast's fade-out and the
    /// scroll indicator's, so nothing on screen is still changing when the drawing stops.
    static let waitForInputAfter = 3.5

    /// True when the window may stop drawing now: the scene settled (no touch, no motion, no load), no
    /// replay, recording, toast or screenshot pending, nothing asked of frames (`--frames`,
    /// `--trace-frames`, stall injection), and quiet for `waitForInputAfter` seconds.
    func canWaitForInput(at t: Double) -> Bool {
        guard options.frames == nil, !options.traceFrames, options.stallMs == nil, loop.screenshots.pending == nil,
              !loop.screenshots.writer.isWriting,
              options.screenshotAfter == nil || loop.screenshots.taken, !isReplaying, phoneDriver.playback.load == nil,
              !phoneDriver.isRecording, input.isIdle, hud.message == nil, phoneDriver.isSettled else {
            loop.lastBusyTime = t
            return false
        }
        let lastScroll = phoneDriver.phones.map(\.lastScrollTime).max() ?? -Double.infinity
        return t - loop.lastBusyTime >= Self.waitForInputAfter && t - lastScroll >= Self.waitForInputAfter
    }

    /// Waits for input: one last frame says so, then the window waits for input without drawing until an event
    /// arrives, the window closes or `--quit-after` is due. Returns the number of events handled.
    func waitForInput(_ pump: InputPump) -> Int {
        loop.isWaitingForInput = true
        _ = FrameStep.present(self, clock: .real, at: clock.now())
        var events = 0
        while loop.running, events == 0 {
            if let q = options.quitAfter, clock.now() >= q { break }
            // Blocks until an event is queued (left there for the pump) or 100 ms pass: the pump's own 1 ms
            // steps would wake a resting window a thousand times a second.
            _ = SDL_WaitEventTimeout(nil, 100)
            pump.pump(until: clock.now()) { event, stamp in
                events += 1
                self.handle(&event, at: stamp)
            }
            if pump.windowWasLost() { break }
        }
        loop.isWaitingForInput = false
        loop.lastBusyTime = clock.now()
        loop.inputWaitCount += 1
        return events
    }
}
