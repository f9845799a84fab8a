import Foundation
import LabKit
import ScrollKit

/// Why a gesture file could not be read: one line naming the file (and the line), and the exit code
/// (2: the file is missing or unreadable; 1: its content is not a gesture).
package struct GestureReadError: Error {
    package let message: String
    package let code: Int32

    package init(message: String, code: Int32 = 1) {
        self.message = message
        self.code = code
    }
}

/// `readGesture` without the exit: the first problem is thrown (so a reader on another thread can hand
/// it to the window). The file is read with the shared line reader (`readInputLines`).
@discardableResult
package func readGestureEvents(_ path: String, byteLimit: Int? = nil, _ body: (PointerEvent) -> Void) throws(GestureReadError) -> Int {
    let name = inputName(path)
    var parser = GestureFileParser()
    var count = 0
    // The parser allows a line of `lineLimit` bytes and its `\r`.
    try readInputLines(path, lineLimit: GestureFile.lineLimit + 1, byteLimit: byteLimit, problem: { problem in
        switch problem {
        case let .unreadable(message): return GestureReadError(message: message, code: 2)
        case let .lineTooLong(line):
            return GestureReadError(message: "\(name) \(GestureFileError.lineTooLong(line: line, limit: GestureFile.lineLimit).description)")
        case .tooLarge: return GestureReadError(message: "\(name) is larger than \((byteLimit ?? 0) >> 20) MiB: not a gesture")
        }
    }) { line throws(GestureReadError) in
        do throws(GestureFileError) {
            if let event = try parser.parse(line: line) { body(event); count += 1 }
        } catch {
            throw GestureReadError(message: "\(name) \(error.description)")
        }
    }
    return count
}
