import Foundation
import LabKit
import ScrollKit

/// Why a gesture file could not be read: one line naming the file (and the line).
package struct GestureReadError: Error {
    package let message: String
}

/// `readGesture` without the exit: the first problem is thrown (so a reader on another thread can hand
/// it to the window).
@discardableResult
package func readGestureEvents(_ path: String, byteLimit: Int? = nil, _ body: (PointerEvent) -> Void) throws(GestureReadError) -> Int {
    let name = path == "-" ? "stdin" : MessageText.quoted(path)
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw GestureReadError(message: "cannot read \(name): \(OutputFile.errorText())") }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var parser = GestureFileParser()
    var count = 0
    var total = 0
    var line: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    func parseLine() throws(GestureReadError) {
        do {
            if let event = try parser.parse(line: line) { body(event); count += 1 }
        } catch {
            throw GestureReadError(message: "\(name) \(error.description)")
        }
        line.removeAll(keepingCapacity: true)
    }
    while true {
        let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n >= 0 else { throw GestureReadError(message: "cannot read \(name): \(OutputFile.errorText())") }
        if n == 0 { break }
        total += n
        if let byteLimit, total > byteLimit {
            throw GestureReadError(message: "\(name) is larger than \(byteLimit >> 20) MiB: not a gesture")
        }
        var start = 0
        for i in 0..<n where chunk[i] == UInt8(ascii: "\n") {
            line += chunk[start..<i]
            try parseLine()
            start = i + 1
        }
        line += chunk[start..<n]
        // A line with no end in sight: let the parser name it (too long) now rather than buffer it all.
        if line.count > GestureFile.lineLimit + 1 { try parseLine() }
    }
    if !line.isEmpty { try parseLine() }
    return count
}
