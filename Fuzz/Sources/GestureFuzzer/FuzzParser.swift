import LabKit
import ScrollKit

/// The parser target: any bytes as a gesture file.
///
/// Invariants: an error names a line inside the input; a parsed file's times count from its first
/// sample (the first is 0) and stay within the model's time range, positions within their limit, and
/// downs and ups alternate; parsing the text as a `String` gives the same events as line by line; and
/// `serialize` then `parse` gives the events back (to the nanosecond its 6 decimals of ms keep).
enum FuzzParser {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var parser = GestureFileParser()
        var events: [PointerEvent] = []
        for line in lines {
            do {
                if let event = try parser.parse(line: line) { events.append(event) }
            } catch {
                require(error.line >= 1 && error.line <= lines.count, "error names line \(error.line) of \(lines.count)")
                _ = error.description
                return
            }
        }
        var isDown = false
        for (i, event) in events.enumerated() {
            require(i > 0 || event.time == 0, "the first sample is at \(event.time), not 0")
            require(event.time.isFinite && abs(event.time) <= HeadlessReplay.timeRange, "time \(event.time)")
            require(abs(event.position.x) <= GestureFile.positionLimit && abs(event.position.y) <= GestureFile.positionLimit,
                    "position \(event.position)")
            switch event.phase {
            case .down: require(!isDown, "down while down"); isDown = true
            case .move: require(isDown, "move while up")
            case .up: require(isDown, "up while up"); isDown = false
            case .pinch: require(event.scale > 0 && event.scale <= GestureFile.scaleLimit, "pinch scale \(event.scale)")
            case .pinchEnd: break
            case .wheel: require(event.delta.isFinite && abs(event.delta.x) <= GestureFile.positionLimit
                                 && abs(event.delta.y) <= GestureFile.positionLimit, "wheel delta \(event.delta)")
            }
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            let whole = try? GestureFile.parse(text)
            require(whole == events, "String and line-by-line parsing differ")
        }
        guard let again = try? GestureFile.parse(GestureFile.serialize(events)) else {
            return require(false, "serialized events do not parse")
        }
        require(again.count == events.count, "serialize/parse changed the event count")
        for (a, b) in zip(events, again) {
            let close = { (u: Double, v: Double) in abs(u - v) <= 1e-6 * Swift.max(1, abs(u)) }
            require(a.phase == b.phase && close(a.position.x, b.position.x) && close(a.position.y, b.position.y)
                    && close(a.time, b.time) && close(a.scale, b.scale),
                    "serialize/parse changed \(a) into \(b)")
        }
    }
}
