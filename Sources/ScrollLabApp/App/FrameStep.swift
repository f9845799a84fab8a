import ScrollLabCore
import CSDL

/// One frame of the lab, the same for the window, `bench --frames` and `replay --video` (B-TGT-1,
/// B-VID-2): step the model to the frame's time (each phone's images taken at every model step), draw
/// every phone and the HUD, finish the drawing, hand the pixels to the target, present.
///
/// A caller chooses only its clock — the app time `t` of each frame, and when to present — and its
/// target. The model never steps at the caller's rate: a replay runs on the grid of the refresh rate
/// (`--refresh`, else the display's, 60 offscreen), whatever the video's `--fps`, so every frame shows
/// the state the headless replay has at the same model time (the newest grid frame at or before it).
@MainActor
struct FrameStep {
    /// Where a drawn frame goes.
    enum Target {
        /// Presented (the window, or the offscreen renderer of the frame bench).
        case screen
        /// Read back and handed to the capture before it is presented (the video's frames).
        case capture(FrameCapture)
    }

    /// When a frame's parts ended, on the app clock (seconds).
    struct Timing {
        /// When the frame's work began.
        var start: Double
        /// When the drawing was finished (work done).
        var workEnd: Double
        /// When the present began and ended.
        var presentStart: Double
        var presentEnd: Double
        /// The render thread's own CPU time in the work, seconds (`threadCPUSeconds`): below `work` by what it
        /// spent off a CPU (taken by another thread or process, or waiting for the GPU).
        var workCPU: Double
        /// Of the work's time off a CPU, how long the render thread waited ready to run while other threads
        /// or processes had the CPUs, seconds (`RunQueueClock`; nil: not kept here).
        var workWait: Double?

        /// The work: stepping, drawing, finishing.
        var work: Double { workEnd - start }
        /// The copy to the screen alone.
        var present: Double { presentEnd - presentStart }
    }

    /// What the frame times are.
    enum Clock {
        /// Real time (the window): live input steps the model to the frame's time, a replay and slow
        /// motion step it on the refresh rate's grid.
        case real
        /// Times the caller counts (the video, the frame bench): the model steps on the grid always.
        case virtual
    }

    var clock: Clock
    var target: Target

    /// Runs one frame showing app time `t`; waits (without pumping input) until `presentAt(workEnd)`
    /// before the present when given (the window's pacer). Throws when the capture fails.
    func run(_ app: LabApp, at t: Double, presentAt: ((Double) -> Double)? = nil) throws(VideoEncoder.Problem) -> Timing {
        let cpu = threadCPUSeconds()
        let start = app.clock.now()
        // Read inside the work's span, so the wait is part of it.
        let wait = app.clock.renderThreadWait()
        // The frame's time enters here: converted to the model clock once, for all the frame's work.
        app.frame(at: app.phoneDriver.time(atReal: t), onGrid: clock == .virtual || app.phoneDriver.clock.scale != 1)
        app.sdl.finishDrawing()
        if case let .capture(capture) = target { try capture.take(from: app.sdl.renderer) }
        let workWait = wait.flatMap { before in app.clock.renderThreadWait().map { $0 - before } }
        let workEnd = app.clock.now()
        let workCPU = threadCPUSeconds() - cpu
        if let presentAt { LabApp.sleep(until: presentAt(workEnd), clock: app.clock) }
        let presentStart = app.clock.now()
        SDL_RenderPresent(app.sdl.renderer)
        return Timing(start: start, workEnd: workEnd, presentStart: presentStart, presentEnd: app.clock.now(), workCPU: workCPU,
                      workWait: workWait)
    }

    /// Runs one frame on the screen, which cannot fail.
    static func present(_ app: LabApp, clock: Clock, at t: Double, presentAt: ((Double) -> Double)? = nil) -> Timing {
        do {
            return try FrameStep(clock: clock, target: .screen).run(app, at: t, presentAt: presentAt)
        } catch {
            preconditionFailure("presenting to the screen does not throw")
        }
    }
}

/// A video's frames: each drawn frame read back, cut to `crop` and handed to the encoder.
@MainActor
final class FrameCapture {
    let crop: SDL_Rect
    let encoder: VideoEncoder
    private var pixels: [UInt8]
    private let stride: Int

    /// Captures `crop` of a renderer whose output is `outputWidth` pixels wide and `outputHeight` high.
    init(crop: SDL_Rect, outputWidth: Int32, outputHeight: Int32, encoder: VideoEncoder) {
        self.crop = crop
        self.encoder = encoder
        stride = Int(outputWidth) * 3
        pixels = [UInt8](repeating: 0, count: Int(outputWidth) * Int(outputHeight) * 3)
    }

    /// Reads the finished frame back and encodes its crop.
    func take(from renderer: OpaquePointer) throws(VideoEncoder.Problem) {
        let stride = self.stride
        let read = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGB24.rawValue, buffer.baseAddress, Int32(stride))
        }
        guard read == 0 else { throw VideoEncoder.Problem(message: "cannot read the frame back: \(sdlErrorText())") }
        var problem: VideoEncoder.Problem?
        let start = Int(crop.y) * stride + Int(crop.x) * 3
        pixels.withUnsafeBytes { buffer in
            do throws(VideoEncoder.Problem) { try encoder.write(UnsafeRawBufferPointer(rebasing: buffer[start...]), stride: stride) } catch { problem = error }
        }
        if let problem { throw problem }
    }
}

extension LabApp {
    /// The rate the model steps at, frames per model second: `--refresh`, else the display's; 60
    /// offscreen, as the headless replay's clock.
    var modelFrameRate: Double { sceneOptions.refresh ?? (options.headless ? 60 : sdl.refreshRate) }
}
