import CSDL
import Foundation
import LabKit
import ScrollKit
import ScrollLabCore

/// `replay FILE --video OUT` (B-VID-1): the replay rendered offscreen frame by frame at its exact frame
/// times — `k / fps` — with the images on the model clock (the headless replay's source, decoded the
/// moment they finish), so the same file gives the same frames every run; each frame is piped to ffmpeg.
extension LabApp {
    /// What the video shows: the phone alone, or the whole window with the HUD.
    package typealias VideoLayout = ScrollLabCore.VideoLayout

    /// Renders the pending replay at `fps` into `output`; ends 0.5 s after the scene settles (at most
    /// `limit` seconds). Frame `k` shows app time `k / fps`; the model steps on its own grid at the
    /// refresh rate (`modelFrameRate`), so the video's frame rate, scale and layout change what is
    /// filmed, never what happens. Returns the frames and each phone's end, or throws one line.
    package func renderVideo(to output: String, fps: Double, layout: VideoLayout, limit: Double = 600) throws(VideoEncoder.Problem) -> VideoResult {
        let period = 1 / fps
        phoneDriver.playback.frameRate = modelFrameRate
        var outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(sdl.renderer, &outputWidth, &outputHeight)
        let crop: SDL_Rect
        switch layout {
        case .window:
            crop = SDL_Rect(x: 0, y: 0, w: outputWidth, h: outputHeight)
        case .phones:
            // The layout scaled to the output and centred (as `LayoutFit` letterboxes it).
            // Side by side, the phones' titles above them too.
            var r = PhoneViewport.span(of: phoneDriver.phones.map(\.viewport.frame))
            if phoneDriver.isComparing { r = Rect(x: r.minX, y: PhoneTitle.top - 6, width: r.width, height: r.maxY - PhoneTitle.top + 6) }
            let s = sdl.pixelScale
            let x0 = (Double(outputWidth) - sdl.layoutSize.width * s) / 2
            let y0 = (Double(outputHeight) - sdl.layoutSize.height * s) / 2
            crop = SDL_Rect(x: Int32((x0 + r.minX * s).rounded()), y: Int32((y0 + r.minY * s).rounded()),
                            w: Int32((r.width * s).rounded()), h: Int32((r.height * s).rounded()))
        }
        let encoder = try VideoEncoder(output: output, width: Int(crop.w), height: Int(crop.h), fps: fps)
        var encoded = false
        defer { if !encoded { encoder.abandon() } }   // a failure leaves no partial video
        let step = FrameStep(clock: .virtual, target: .capture(FrameCapture(crop: crop, outputWidth: outputWidth, outputHeight: outputHeight,
                                                           encoder: encoder)))
        let pump = InputPump(clock: clock, window: nil)
        var quiet = 0
        let tail = Int((0.5 * fps).rounded())
        var index = 0
        while Double(index) * period <= limit {
            let t = Double(index) * period
            pump.drain { _, _ in }
            loop.videoFrame = (index, t, fps)
            _ = try step.run(self, at: t)
            meter.frameCount += 1
            index += 1
            if index % 120 == 0 { writeStandardError(String(format: "scrolllab replay --video: %d frames (%.1f s)", index, t)) }
            quiet = !isReplaying && phoneDriver.isSettled ? quiet + 1 : 0
            if quiet >= tail { break }
        }
        // Each phone's end state, as the headless replay's `end` line gives it.
        let ends = phoneDriver.phones.map { phone in
            [("offset", JSONValue.point(phone.scene.scrollView.contentOffset))] + phone.scene.summary
        }
        finish()
        try encoder.finish()
        encoded = true
        return VideoResult(frames: encoder.frames, phones: ends)
    }
}
