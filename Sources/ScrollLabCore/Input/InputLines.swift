#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an input file's lines stopped before its end, before the reader's parser saw a line.
package enum InputLinesProblem: Error, Sendable {
    /// The file is missing or cannot be read: `cannot read NAME: REASON`.
    case unreadable(String)
    /// Line `line` is longer than the reader's limit.
    case lineTooLong(line: Int)
    /// More than the reader's byte limit arrived.
    case tooLarge
}

/// An input file read line by line for a command (`-`: standard input; a pipe or FIFO is read as it comes),
/// through the shared `LineReader`: bounded memory whatever the file holds. `body` gets every line, the
/// torn last one (no `\n`) too; what stops the reading early goes through `problem`, which turns it into
/// the caller's error (a missing or unreadable file is exit code 2, a file that is not what it should be 1).
package func readInputLines<Failure: Error>(
    _ path: String, lineLimit: Int, byteLimit: Int? = nil,
    problem: (InputLinesProblem) -> Failure,
    _ body: ([UInt8]) throws(Failure) -> Void
) throws(Failure) {
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw problem(.unreadable("cannot read \(inputName(path)): \(ArgumentNames.openFailure(path, code: errno))")) }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var reader = LineReader(descriptor: descriptor, lineLimit: lineLimit)
    while true {
        let line: [UInt8]?
        do { line = try reader.next() } catch {
            switch error {
            case let .lineTooLong(number, _): throw problem(.lineTooLong(line: number))
            case let .readFailed(code):
                throw problem(.unreadable("cannot read \(inputName(path)): \(String(cString: strerror(code)))"))
            }
        }
        guard let line else { break }
        if let byteLimit, reader.wholeBytes > byteLimit { throw problem(.tooLarge) }
        try body(line)
    }
    if reader.tornLine != nil { try body(reader.tornBytes) }
}

/// How a message names an input: `stdin` for `-`, else the path quoted.
package func inputName(_ path: String) -> String {
    path == "-" ? "stdin" : MessageText.quoted(path)
}
