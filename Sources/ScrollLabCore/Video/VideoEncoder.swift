import Foundation
import Synchronization

/// Frames piped raw to ffmpeg (Debian's `ffmpeg`), which encodes them to `.mp4` (H.264), `.webm` (VP9)
/// or `.gif` by the output's ending (B-VID-1), in bounded memory with only whole files left (B-BATCH-1):
///
/// - ffmpeg's standard error is read while it runs (its last lines kept for a failure's message), so an
///   ffmpeg that says a lot never blocks on a full pipe;
/// - a GIF is made in two steps, none holding every frame: the frames go once to ffmpeg, which builds
///   the palette from all of them and keeps the frames losslessly (H.264 RGB at qp 0: about 64 kB a
///   960×600 frame) in a temporary file; then a second ffmpeg maps that file through the palette into
///   the GIF;
/// - the output reaches ffmpeg as a plain file (`./` before a relative path), never as a URL
///   (`take2:final.mp4`, `file:g.mp4`) or an option (`-y.mp4`);
/// - a failure, or a stop (SIGINT, SIGTERM, SIGHUP), ends ffmpeg and removes the partial video and
///   the temporary files.
package final class VideoEncoder: @unchecked Sendable {
    /// The encoded size: even sides (H.264 and VP9 need them).
    package let width: Int
    package let height: Int
    /// The output as given, and as ffmpeg is given it.
    package let output: String
    private let target: String
    private let ffmpeg: String
    private let isGIF: Bool
    /// The GIF's temporary folder (the palette and the frames), or nil.
    private let temporary: String?
    private var input: FileHandle?
    /// The running ffmpeg (for a stop), what it last said, and whether the output is whole.
    private let state = Mutex<(process: Process?, errors: [UInt8], touched: Bool, done: Bool)>((nil, [], false, false))
    private var stopKey = 0
    private var drain: Thread?
    /// The output, open and write-locked while this video is made (a regular file), or -1.
    private var lock: Int32 = -1
    package private(set) var frames = 0

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

    /// `path` as a plain file for ffmpeg: an absolute path as it is, a relative one after `./`, so no
    /// `proto:` prefix is read as a protocol and no leading `-` as an option.
    package static func plainFile(_ path: String) -> String {
        path.hasPrefix("/") ? path : "./" + path
    }

    /// Starts ffmpeg writing `output` from frames of `width` × `height` (cut to even sides) at `fps`.
    package init(output: String, width: Int, height: Int, fps: Double) throws(Problem) {
        guard let ffmpeg = Self.ffmpegPath() else {
            throw Problem(message: "ffmpeg is not installed (Debian: apt-get install ffmpeg); it encodes the video")
        }
        let ending = (output as NSString).pathExtension.lowercased()
        guard Self.endings.contains(ending) else {
            throw Problem(message: "--video must end in .mp4, .webm or .gif (got \(output))")
        }
        self.width = width & ~1
        self.height = height & ~1
        self.output = output
        self.ffmpeg = ffmpeg
        target = Self.plainFile(output)
        isGIF = ending == "gif"
        if isGIF {
            let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            var template = Array((folder + "/scrolllab-gif-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw Problem(message: "cannot make a temporary folder in \(folder): \(OutputFile.errorText())")
            }
            temporary = String(cString: made)
        } else {
            temporary = nil
        }
        try takeOutput()
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(self.width)x\(self.height)",
                         "-r", String(format: "%.6g", fps), "-i", "pipe:0"]
        switch ending {
        case "mp4":
            // One thread: the same frames give the same file.
            arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-threads", "1",
                          "-movflags", "+faststart", target]
        case "webm":
            arguments += ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "0", "-threads", "1", "-deadline", "good",
                          "-cpu-used", "4", target]
        default:
            // The palette from every frame, and the frames kept losslessly for the second step.
            arguments += ["-vf", "palettegen=stats_mode=full", "-update", "1", temporary! + "/palette.png",
                          "-c:v", "libx264rgb", "-qp", "0", "-preset", "ultrafast", "-threads", "1", temporary! + "/frames.mkv"]
        }
        stopKey = StopSignals.atStop { [weak self] in self?.abandon() }
        let pipe = Pipe()
        do throws(Problem) {
            try start(arguments, input: pipe)
        } catch {
            abandon()
            throw error
        }
        input = pipe.fileHandleForWriting
    }

    deinit {
        StopSignals.remove(stopKey)
        if lock >= 0 { close(lock) }
    }

    /// Write-locks the output (a regular file, made if missing) for as long as this video is made, as a sweep
    /// locks its results: a second video onto the same file at once is refused, the first one's left whole
    /// (was: both encoded into one file, a broken video, each run exit 0). The lock goes with the process.
    private func takeOutput() throws(Problem) {
        var made = true
        var fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST {
            made = false
            fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)   // a FIFO with no reader is not waited on here
        }
        guard fd >= 0 else { return }   // the encode says what is wrong with the output
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return
        }
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        guard fcntl(fd, F_SETLK, &request) == 0 else {
            var holder = flock()
            holder.l_type = Int16(F_WRLCK)
            holder.l_whence = Int16(SEEK_SET)
            let pid = fcntl(fd, F_GETLK, &holder) == 0 && holder.l_type != Int16(F_UNLCK) ? " (pid \(holder.l_pid))" : ""
            close(fd)
            if made { unlink(target) }
            removeTemporary()
            throw Problem(message: "\(MessageText.quoted(output)) is being written by another video\(pid): refused, nothing written")
        }
        lock = fd
        // A file made here is this video's: a failure removes it, as a partial video.
        if made { state.withLock { $0.touched = true } }
    }

    /// Starts ffmpeg with `arguments`, its standard error drained by a thread.
    private func start(_ arguments: [String], input: Pipe?) throws(Problem) {
        let touches = arguments.last == target
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        let errors = Pipe()
        process.standardInput = input ?? FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch { throw Problem(message: "cannot start ffmpeg: \(error.localizedDescription)") }
        state.withLock { s in
            s.process = process
            s.errors = []
            s.touched = s.touched || touches
        }
        let reader = errors.fileHandleForReading
        let drain = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(reader.fileDescriptor, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                state.withLock { s in
                    s.errors += chunk[0..<n]
                    if s.errors.count > 8192 { s.errors.removeFirst(s.errors.count - 4096) }   // its last words
                }
            }
            try? reader.close()
        }
        drain.start()
        self.drain = drain
    }

    /// Writes one frame: `pixels` is RGB, `stride` bytes a row, at least `width` × `height`.
    package func write(_ pixels: UnsafeRawBufferPointer, stride: Int) throws(Problem) {
        var frame = Data(capacity: width * height * 3)
        for row in 0..<height {
            frame.append(pixels.baseAddress!.advanced(by: row * stride).assumingMemoryBound(to: UInt8.self), count: width * 3)
        }
        do { try input?.write(contentsOf: frame) } catch {
            let said = waitForExit()
            abandon()
            throw Problem(message: "ffmpeg stopped taking frames: \(said)")
        }
        frames += 1
    }

    /// Closes the input and waits for ffmpeg (for a GIF, then maps the frames through the palette);
    /// on a failure the partial video is removed and ffmpeg's last words thrown.
    package func finish() throws(Problem) {
        try? input?.close()
        input = nil
        var said = waitForExit()
        var status = state.withLock { $0.process?.terminationStatus ?? 1 }
        if status == 0, isGIF, let temporary {
            do throws(Problem) {
                try start(["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", temporary + "/frames.mkv",
                           "-i", temporary + "/palette.png", "-lavfi", "[0:v][1:v]paletteuse=dither=none", "-loop", "0", target],
                          input: nil)
            } catch {
                abandon()
                throw error
            }
            said = waitForExit()
            status = state.withLock { $0.process?.terminationStatus ?? 1 }
        }
        guard status == 0 else {
            abandon()
            throw Problem(message: "ffmpeg failed: \(said)")
        }
        state.withLock { $0.done = true; $0.process = nil }
        removeTemporary()
        StopSignals.remove(stopKey)
    }

    /// Ends a failed or stopped encoding: ffmpeg killed, the partial video and the temporary files removed.
    package func abandon() {
        let process: Process? = state.withLock { s in
            defer { s.process = nil }
            return s.done ? nil : s.process
        }
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if state.withLock({ $0.touched && !$0.done }) {
            // Through a link the partial video is the file the link names: removed there, the link kept.
            let target = realpath(output, nil).map { p in defer { free(p) }; return String(cString: p) } ?? output
            var info = stat()
            if stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(target) }
        }
        removeTemporary()
    }

    /// Waits for the running ffmpeg and its standard error; returns its last line.
    private func waitForExit() -> String {
        let process = state.withLock { $0.process }
        process?.waitUntilExit()
        while drain?.isFinished == false { usleep(1000) }
        let text = String(decoding: state.withLock { $0.errors }, as: UTF8.self)
        return text.split(separator: "\n").last.map(String.init) ?? "exit \(process?.terminationStatus ?? 1)"
    }

    private func removeTemporary() {
        guard let temporary else { return }
        for name in ["palette.png", "frames.mkv"] { unlink(temporary + "/" + name) }
        rmdir(temporary)
    }
}
