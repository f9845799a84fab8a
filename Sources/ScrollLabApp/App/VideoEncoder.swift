import Foundation
import ScrollLabCore

/// Frames piped raw to ffmpeg (Debian's `ffmpeg`), which encodes them to `.mp4` (H.264), `.webm` (VP9)
/// or `.gif` (a palette made from the frames) by the output's ending (B-VID-1).
package final class VideoEncoder {
    /// The encoded size: even sides (H.264 and VP9 need them).
    let width: Int
    let height: Int
    private let process: Process
    private let input: FileHandle
    private let errors: Pipe
    private(set) var frames = 0

    /// Why a video cannot be made, in one line.
    package struct Problem: Error, Sendable {
        package let message: String

        package init(message: String) { self.message = message }
    }

    /// The output kinds, by ending.
    package static let endings = ["mp4", "webm", "gif"]

    /// The ffmpeg on the PATH, or nil.
    package static func ffmpegPath() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = String(dir) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts ffmpeg writing `output` from frames of `width` × `height` (cut to even sides) at `fps`.
    init(output: String, width: Int, height: Int, fps: Double) throws(Problem) {
        guard let ffmpeg = Self.ffmpegPath() else {
            throw Problem(message: "ffmpeg is not installed (Debian: apt-get install ffmpeg); it encodes the video")
        }
        let ending = (output as NSString).pathExtension.lowercased()
        guard Self.endings.contains(ending) else {
            throw Problem(message: "--video must end in .mp4, .webm or .gif (got \(output))")
        }
        self.width = width & ~1
        self.height = height & ~1
        var arguments = ["-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(self.width)x\(self.height)",
                         "-r", String(format: "%.6g", fps), "-i", "-"]
        switch ending {
        case "mp4":
            // One thread: the same frames give the same file.
            arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-threads", "1",
                          "-movflags", "+faststart"]
        case "webm":
            arguments += ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "0", "-threads", "1", "-deadline", "good",
                          "-cpu-used", "4"]
        default:
            arguments += ["-vf", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none", "-loop", "0"]
        }
        arguments.append(output)
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let pipe = Pipe()
        errors = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch { throw Problem(message: "cannot start ffmpeg: \(error.localizedDescription)") }
        input = pipe.fileHandleForWriting
    }

    /// Writes one frame: `pixels` is RGB, `stride` bytes a row, at least `width` × `height`.
    func write(_ pixels: UnsafeRawBufferPointer, stride: Int) throws(Problem) {
        var frame = Data(capacity: width * height * 3)
        for row in 0..<height {
            frame.append(pixels.baseAddress!.advanced(by: row * stride).assumingMemoryBound(to: UInt8.self), count: width * 3)
        }
        do { try input.write(contentsOf: frame) } catch { throw Problem(message: "ffmpeg stopped taking frames: \(tail())") }
        frames += 1
    }

    /// Closes the input and waits for ffmpeg; throws its last words if it failed.
    func finish() throws(Problem) {
        try? input.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Problem(message: "ffmpeg failed: \(tail())") }
    }

    private func tail() -> String {
        let text = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        return text.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus)"
    }
}
