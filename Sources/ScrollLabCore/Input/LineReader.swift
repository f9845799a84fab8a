#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file descriptor line by line in bounded memory (§7, B-BATCH-1): a chunk and the line being
/// built are all it holds, and a line longer than `lineLimit` bytes is an error naming it, so
/// `/dev/zero` or a file with no newline stops at the limit instead of filling memory.
///
/// A last line with no `\n` is *torn* (a write cut short): `next()` does not return it, and
/// `tornLine` then gives its number, so each reader decides what a torn line means to it.
public struct LineReader {
    /// Why reading stopped early.
    public enum Problem: Error, Equatable, Sendable {
        /// Line `line` is longer than `limit` bytes.
        case lineTooLong(line: Int, limit: Int)
        /// `read(2)` failed with `errno`.
        case readFailed(errno: Int32)
    }

    /// Longest line returned, in bytes (without its `\n`).
    public let lineLimit: Int
    /// 1-based number of the last line returned.
    public private(set) var lineNumber = 0
    /// Byte offset of the last line returned, and the bytes up to the end of that line (its `\n` included).
    public private(set) var lineOffset = 0
    public private(set) var wholeBytes = 0
    /// After `next()` returned nil: the number of a last line with no `\n` (nil when the input ended on one).
    public private(set) var tornLine: Int?

    /// The torn last line's bytes (empty when there is none).
    public var tornBytes: [UInt8] { tornLine == nil ? [] : line }

    private let descriptor: Int32
    private var chunk: [UInt8]
    private var start = 0
    private var end = 0
    private var line: [UInt8] = []
    private var finished = false

    /// Reads `descriptor` from its current position; the caller owns (and closes) it.
    public init(descriptor: Int32, lineLimit: Int, chunkSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.lineLimit = lineLimit
        chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    /// The next whole line (without `\n`; a trailing `\r` is kept), or nil at the end of the input.
    public mutating func next() throws(Problem) -> [UInt8]? {
        while !finished {
            if start < end {
                if let newline = chunk[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                    line += chunk[start..<newline]
                    start = newline + 1
                    guard line.count <= lineLimit else { throw .lineTooLong(line: lineNumber + 1, limit: lineLimit) }
                    lineNumber += 1
                    lineOffset = wholeBytes
                    wholeBytes += line.count + 1
                    defer { line.removeAll(keepingCapacity: true) }
                    return line
                }
                line += chunk[start..<end]
                start = end
                guard line.count <= lineLimit else { throw .lineTooLong(line: lineNumber + 1, limit: lineLimit) }
            }
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .readFailed(errno: errno)
            }
            if n == 0 {
                finished = true
                if !line.isEmpty { tornLine = lineNumber + 1 }
                break
            }
            start = 0
            end = n
        }
        return nil
    }
}
