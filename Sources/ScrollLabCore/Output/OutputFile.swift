import Foundation

/// A file the lab writes (trace, recording, screenshot), opened in place: `open(2)` with
/// create + truncate, never a temporary file renamed over the path. So a symlink, a FIFO or a device
/// (`/dev/stdout`, `/dev/full`) is written through and stays what it was; `-` is standard output.
///
/// Writes go straight to the descriptor (no buffer to lose on a kill). The first failure (a full disk,
/// a closed pipe: SIGPIPE is ignored, so it arrives as EPIPE) is kept as one line in `failure`, and
/// later writes do nothing. Each `write` is one whole record: when it cannot be written completely to
/// a regular file (a full disk, a file-size limit: SIGXFSZ is ignored, so it arrives as EFBIG), the
/// file is cut back to where the record began, so it always ends with complete lines. Where a record
/// begins is asked of the descriptor before each write, so two writers of standard output agree.
package final class OutputFile {
    /// The path as given (`-` for standard output).
    package let path: String
    /// Why writing stopped, as one line (`cannot write PATH: No space left on device`), or nil.
    package private(set) var failure: String?

    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private let isRegularFile: Bool
    /// Opened with `keepingUntilWritten`: the regular file is emptied by the first write or the close.
    private var emptiesFirst = false

    /// Opens (creating or truncating) `path`, or standard output for `-`; throws one line on failure.
    package convenience init(path: String) throws(AppError) {
        if path == "-" {
            self.init(descriptor: STDOUT_FILENO, path: path, owns: false)
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .output("cannot open \(MessageText.quoted(path)) for writing: \(Self.errorText())") }
        self.init(descriptor: descriptor, path: path, owns: true)
    }

    /// Opens (creating) `path` as `init(path:)` does, but gives the descriptor to `check` before cutting the
    /// file to nothing: a check that throws (another process holds the file's lock) leaves it as it was.
    package convenience init(path: String, beforeTruncating check: (Int32) throws(AppError) -> Void) throws(AppError) {
        if path == "-" {
            self.init(descriptor: STDOUT_FILENO, path: path, owns: false)
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .output("cannot open \(MessageText.quoted(path)) for writing: \(Self.errorText())") }
        do { try check(descriptor) } catch {
            Glibc.close(descriptor)
            throw error
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, ftruncate(descriptor, 0) != 0 {
            let why = Self.errorText()
            Glibc.close(descriptor)
            throw .output("cannot empty \(MessageText.quoted(path)): \(why)")
        }
        self.init(descriptor: descriptor, path: path, owns: true)
    }

    /// Opens (creating) `path` as `init(path:)` does, but keeps what it holds until the first write or
    /// the close: a command refused after its outputs are opened (its input missing or bad, the process
    /// ending on `fail`) leaves an earlier output as it was.
    package convenience init(keepingUntilWritten path: String) throws(AppError) {
        if path == "-" {
            self.init(descriptor: STDOUT_FILENO, path: path, owns: false)
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .output("cannot open \(MessageText.quoted(path)) for writing: \(Self.errorText())") }
        self.init(descriptor: descriptor, path: path, owns: true)
        emptiesFirst = isRegularFile
    }

    /// Throws the line `init(path:)` would when `path` cannot be opened for writing; leaves a file that
    /// exists as it was, and one it had to create for the check removed again (a command then refused for
    /// its input leaves no empty output behind).
    package static func checkWritable(_ path: String) throws(AppError) {
        guard path != "-" else { return }
        let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if created >= 0 {
            Glibc.close(created)
            unlink(path)
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .output("cannot open \(MessageText.quoted(path)) for writing: \(Self.errorText())") }
        Glibc.close(descriptor)
    }

    /// Standard output (not closed by `close()`).
    package static func standardOutput() -> OutputFile {
        OutputFile(descriptor: STDOUT_FILENO, path: "-", owns: false)
    }

    /// `descriptor`, open for writing, written as `path` names it; not closed by `close()`.
    package static func borrowing(_ descriptor: Int32, path: String) -> OutputFile {
        OutputFile(descriptor: descriptor, path: path, owns: false)
    }

    private init(descriptor: Int32, path: String, owns: Bool) {
        self.path = path
        self.descriptor = descriptor
        ownsDescriptor = owns
        var info = stat()
        isRegularFile = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes `text` as one record; false (and `failure` set) when it could not be written whole.
    @discardableResult
    package func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` as one record; false (and `failure` set) when they could not be written whole.
    @discardableResult
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, descriptor >= 0, emptied() else { return false }
        // Opened to append (`>>`), a record begins at the end, whatever the offset says before the first write.
        let start = isRegularFile ? lseek(descriptor, 0, fcntl(descriptor, F_GETFL) & O_APPEND != 0 ? SEEK_END : SEEK_CUR) : -1
        guard writeAll(bytes, to: descriptor) else {
            fail(cutBackTo: start)
            return false
        }
        return true
    }

    /// Closes the file; returns the failure line, if any write or the close failed.
    @discardableResult
    package func close() -> String? {
        _ = emptied()
        if ownsDescriptor, descriptor >= 0 {
            if Glibc.close(descriptor) != 0, failure == nil { failure = "cannot write \(displayPath): \(Self.errorText())" }
        }
        descriptor = -1
        return failure
    }

    deinit { if ownsDescriptor, descriptor >= 0 { _ = Glibc.close(descriptor) } }

    /// Empties a file opened `keepingUntilWritten`, once; false (and `failure` set) when it cannot be.
    private func emptied() -> Bool {
        guard emptiesFirst, descriptor >= 0 else { return true }
        emptiesFirst = false
        guard ftruncate(descriptor, 0) == 0 else {
            failure = "cannot empty \(displayPath): \(Self.errorText())"
            return false
        }
        return true
    }

    private func fail(cutBackTo start: off_t) {
        failure = "cannot write \(displayPath): \(Self.errorText())"
        if start >= 0 { _ = ftruncate(descriptor, start) }
    }

    /// The path as messages name it: quoted and escaped (`MessageText.quoted`), `-` as standard output.
    private var displayPath: String { path == "-" ? "standard output" : MessageText.quoted(path) }

    /// `strerror(errno)`.
    package static func errorText() -> String { String(cString: strerror(errno)) }
}

/// A line for a person on standard error, never failing the program: when stderr is closed or full the
/// line is dropped (a `FileHandle.write` would trap).
package func writeStandardError(_ line: String) {
    writeLine(line, to: STDERR_FILENO)
}

/// Writes `line` and a newline to `descriptor`; false on a write error (in `errno`), the line dropped.
/// The line's control characters are escaped (`MessageText.singleLine`): a name with a newline or an
/// escape sequence in it cannot forge a second line or paint the terminal.
@discardableResult
package func writeLine(_ line: String, to descriptor: Int32) -> Bool {
    var text = MessageText.singleLine(line) + "\n"
    return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
}

/// Writes all of `bytes` to `descriptor`, retrying after signals; false on an error (in `errno`; a write
/// that makes no progress is `EIO`).
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return false
        }
        if n == 0 {
            errno = EIO
            return false
        }
        offset += n
    }
    return true
}
