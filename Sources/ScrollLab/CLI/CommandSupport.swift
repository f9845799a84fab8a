import Foundation
import ScrollKit

/// Reads and parses a gesture file, or exits with one clear line naming the file and line.
func loadGesture(_ path: String, command: String) -> [PointerEvent] {
    let text: String
    do {
        text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        fail("scrolllab \(command): cannot read \(path)")
    }
    do {
        let events = try GestureFile.parse(text)
        guard !events.isEmpty else { fail("scrolllab \(command): \(path) holds no pointer events") }
        return events
    } catch {
        fail("scrolllab \(command): \(path) \(error.description)")
    }
}

/// Writes `message` as one line on stderr and exits with `code`.
func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}
