import Foundation

/// The window's image work and decoded memory as the HUD shows them (B-COST-1): the decoded bytes
/// resident now (the textures' images and the decoded images waiting for their upload, each counted at
/// what its decode allocated) and their peak; the time of the decodes that finished for the last frame
/// that had some (on the render thread with `--decode-on-main`, else on the workers), and of the texture
/// uploads of the last frame that had some.
package struct ImageWorkFigures: Hashable, Sendable {
    /// Decoded bytes resident now.
    package private(set) var decodedBytes = 0
    /// Their largest value so far.
    package private(set) var peakDecodedBytes = 0
    /// The last frame with decodes: their time, milliseconds.
    package private(set) var frameDecodeMs = 0.0
    /// The last frame with uploads: their time, milliseconds.
    package private(set) var frameUploadMs = 0.0
    /// The render thread's image work over the run, milliseconds: its decodes (`--decode-on-main`) and
    /// its texture uploads, what the model's `mainThreadMs` charges without the completions.
    package private(set) var mainThreadMs = 0.0
    /// Decodes the render thread ran over the run.
    package private(set) var mainThreadDecodes = 0
    /// Decodes run on the render thread.
    package var decodesOnMain = false
    /// The device's memory limit (`--device`), bytes.
    package var memoryLimitBytes: Int?

    package init(decodesOnMain: Bool = false, memoryLimitBytes: Int? = nil) {
        self.decodesOnMain = decodesOnMain
        self.memoryLimitBytes = memoryLimitBytes
    }

    /// Notes the bytes resident now.
    package mutating func note(decodedBytes bytes: Int) {
        decodedBytes = Swift.max(0, bytes)
        peakDecodedBytes = Swift.max(peakDecodedBytes, decodedBytes)
    }

    /// Notes a frame's decodes and uploads (seconds): each figure is the last frame's that had some (a
    /// decode on the render thread can push its upload to the next frame; both stay readable). Of the
    /// decodes, `mainDecodes` ran on the render thread, taking `mainDecodeSeconds`.
    package mutating func noteFrame(decodeSeconds: Double, uploadSeconds: Double, mainDecodes: Int = 0, mainDecodeSeconds: Double = 0) {
        if decodeSeconds > 0 { frameDecodeMs = decodeSeconds * 1000 }
        if uploadSeconds > 0 { frameUploadMs = uploadSeconds * 1000 }
        mainThreadMs += (Swift.max(0, uploadSeconds) + Swift.max(0, mainDecodeSeconds)) * 1000
        mainThreadDecodes += Swift.max(0, mainDecodes)
    }

    /// The HUD's two rows, short enough for its 960×600 column (MB: 10⁶ bytes, one decimal under 100):
    /// `decoded MB` `5.0 · peak 12.3`, under a device `5.0 · peak 12.3/201` (the limit) and, once the peak
    /// passed it, `… > 201`; `decode ms` `8.1 bg · upload 0.4` (bg: on the workers; main: `--decode-on-main`).
    package var hudRows: [(label: String, value: String)] {
        let mb = { (bytes: Int) in HUDFormat.printf(Double(bytes) / 1e6, decimals: bytes < 100_000_000 ? 1 : 0) }
        var memory = "\(mb(decodedBytes)) · peak \(mb(peakDecodedBytes))"
        if let limit = memoryLimitBytes { memory += (peakDecodedBytes > limit ? " > " : "/") + mb(limit) }
        let times = HUDFormat.printf(frameDecodeMs, decimals: 1) + " " + (decodesOnMain ? "main" : "bg") + " · upload "
            + HUDFormat.printf(frameUploadMs, decimals: 1)
        return [("decoded MB", memory), ("decode ms", times)]
    }
}
