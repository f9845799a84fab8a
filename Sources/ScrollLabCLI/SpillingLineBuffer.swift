import Foundation
import ScrollLabCore

/// Output lines held back until the input has parsed (`replay` prints nothing of a file with a bad
/// line), in bounded memory: past `limit` bytes they go to an unlinked temporary file (`TemporaryFile`),
/// copied out in chunks at the end (§7: replays hold bounded memory). A write to that file
/// that fails (a full disk) is cut back to the lines before it, and what follows stays in memory: the
/// output is every line once, in order, whatever the file took.
final class SpillingLineBuffer {
    /// Bytes kept in memory before spilling.
    let limit: Int
    private var buffer = ""
    private var spill: Int32 = -1
    /// The bytes the spill file holds: whole lines, in order, before those in `buffer`.
    private var spilled: off_t = 0
    /// Why the spill file could not be used, if it could not (from then on everything stays in memory).
    private(set) var spillFailure: String?

    /// Holds up to `limit` bytes in memory (default 8 MiB).
    init(limit: Int = 8 << 20) {
        self.limit = limit
    }

    deinit { if spill >= 0 { close(spill) } }

    /// Adds one line.
    func line(_ text: String) {
        buffer += text
        buffer += "\n"
        if buffer.utf8.count >= limit { spillBuffer() }
    }

    /// True once lines went to the temporary file.
    var hasSpilled: Bool { spill >= 0 }

    private func spillBuffer() {
        if spill < 0, spillFailure == nil {
            do throws(TemporaryFile.Failure) {
                spill = try TemporaryFile.makeUnlinked(prefix: "scrolllab-held")
            } catch {
                spillFailure = error.reason
                return
            }
        }
        guard spill >= 0, spillFailure == nil else { return }
        var text = buffer
        let written = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: spill) }
        if written {
            spilled += off_t(text.utf8.count)
            buffer.removeAll(keepingCapacity: true)
        } else {
            // The part of the lines that reached the file is cut off; they stay whole in memory.
            spillFailure = String(cString: strerror(errno))
            _ = ftruncate(spill, spilled)
        }
    }

    /// Why the held lines could not be read back.
    struct ReadFailure: Error {
        let message: String
    }

    /// Writes everything held to `output`, in order: the file's lines, then those in memory.
    func flush(to output: CommandOutput) throws(ReadFailure) {
        if spill >= 0 {
            spillBuffer()
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            var carry: [UInt8] = [], offset: off_t = 0
            while offset < spilled {
                let want = Int(Swift.min(off_t(chunk.count), spilled - offset))
                let count = chunk.withUnsafeMutableBytes { pread(spill, $0.baseAddress, want, offset) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    throw ReadFailure(message: "cannot read the held output back: " + (count < 0 ? String(cString: strerror(errno)) : "the file ended early"))
                }
                offset += off_t(count)
                // Whole lines only, so each write ends on a line.
                var bytes = carry + chunk[0..<count]
                if let end = bytes.lastIndex(of: UInt8(ascii: "\n")) {
                    output.write(String(decoding: bytes[...end], as: UTF8.self))
                    bytes = Array(bytes[(end + 1)...])
                }
                carry = bytes
            }
            if !carry.isEmpty { output.write(String(decoding: carry, as: UTF8.self)) }
        }
        if !buffer.isEmpty { output.write(buffer) }
        buffer = ""
    }
}
