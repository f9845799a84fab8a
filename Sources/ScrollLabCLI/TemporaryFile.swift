import Foundation

/// Files a command holds its own data in while it runs: made in `$TMPDIR` (else /tmp) and unlinked at
/// once, so they are gone when closed and a kill leaves nothing behind.
enum TemporaryFile {
    /// Why a file could not be made: the system's words.
    struct Failure: Error {
        let reason: String
    }

    /// `$TMPDIR`, else /tmp.
    static var folder: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new, already unlinked file open for reading and writing.
    static func makeUnlinked(prefix: String) throws(Failure) -> Int32 {
        var template = Array((folder + "/" + prefix + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }
}
