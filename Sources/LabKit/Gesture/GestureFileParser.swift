import ScrollKit

/// Parses a gesture file one line at a time (`GestureFile` states the rules), so a file or a stream of
/// any length is read with bounded memory: only the line being parsed and the pointer state are kept.
///
/// Event times are seconds from the first sample's `t_ms` (`(t_ms − first) / 1000`): the same meaning
/// for `replay`, `velocity`, the window's `--replay` and the recorder's files, whatever clock stamped them.
public struct GestureFileParser: Sendable {
    /// 1-based number of the last line given to `parse(line:)`.
    public private(set) var lineNumber = 0
    /// `t_ms` of the first sample, once seen.
    public private(set) var firstTimeMilliseconds: Double?
    /// True while a gesture is open (after a `down`, before its `up`).
    public private(set) var isDown = false

    /// Makes a parser at the start of a file.
    public init() {}

    /// Parses the next line (its bytes without the `\n`; a trailing `\r` is allowed). Returns nil for a
    /// blank line. Throws the line's problem, naming it.
    public mutating func parse(line bytes: some Collection<UInt8>) throws(GestureFileError) -> PointerEvent? {
        lineNumber += 1
        let line = lineNumber
        guard bytes.count <= GestureFile.lineLimit + 1 else {
            throw .lineTooLong(line: line, limit: GestureFile.lineLimit)
        }
        var body = Array(bytes)
        if line == 1, body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        if body.last == UInt8(ascii: "\r") { body.removeLast() }
        guard body.count <= GestureFile.lineLimit else { throw .lineTooLong(line: line, limit: GestureFile.lineLimit) }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }) { return nil }
        guard let text = String(validating: body, as: UTF8.self) else { throw .invalidUTF8(line: line) }
        let event = try parseEvent(text[...], line: line)
        switch event.phase {
        case .down:
            if isDown { throw .pointerAlreadyDown(line: line) }
            isDown = true
        case .move:
            if !isDown { throw .pointerNotDown(line: line, phase: .move) }
        case .up:
            if !isDown { throw .pointerNotDown(line: line, phase: .up) }
            isDown = false
        case .pinch, .pinchEnd, .wheel:
            break
        }
        return event
    }

    private mutating func parseEvent(_ text: Substring, line: Int) throws(GestureFileError) -> PointerEvent {
        let value: JSONValue
        do {
            value = try JSONLineParser.parse(text)
        } catch {
            throw .invalidJSON(line: line, reason: error.message)
        }
        guard case .object = value else { throw .notAnObject(line: line) }
        let tMilliseconds = try Self.number(value, "t_ms", line: line, limit: GestureFile.timeLimitMilliseconds)
        // A pinchEnd is the one line with no position.
        let isPinchEnd = value["phase"] == .string(PointerPhase.pinchEnd.rawValue)
        let x = isPinchEnd ? 0 : try Self.number(value, "x", line: line, limit: GestureFile.positionLimit)
        let y = isPinchEnd ? 0 : try Self.number(value, "y", line: line, limit: GestureFile.positionLimit)
        guard let phaseValue = value["phase"] else { throw .missingField(line: line, field: "phase") }
        guard case let .string(name) = phaseValue, let phase = PointerPhase(rawValue: name) else {
            throw .unknownPhase(line: line, found: phaseValue.serialized)
        }
        var scale = 1.0
        if phase == .pinch {
            scale = try Self.number(value, "scale", line: line, limit: GestureFile.scaleLimit)
            guard scale >= 1 / GestureFile.scaleLimit else {
                throw .absurdValue(line: line, field: "scale", value: scale, limit: GestureFile.scaleLimit)
            }
        }
        let first = firstTimeMilliseconds ?? tMilliseconds
        let relative = tMilliseconds - first
        guard abs(relative) <= GestureFile.relativeTimeLimitMilliseconds else {
            throw .timeOutOfRange(line: line, milliseconds: relative, limit: GestureFile.relativeTimeLimitMilliseconds)
        }
        firstTimeMilliseconds = first
        if phase == .wheel {
            let delta = Point(x: try Self.number(value, "dx", line: line, limit: GestureFile.positionLimit),
                              y: try Self.number(value, "dy", line: line, limit: GestureFile.positionLimit))
            return .wheel(time: relative / 1000, position: Point(x: x, y: y), delta: delta, isPrecise: value["precise"] == .bool(true))
        }
        return PointerEvent(time: relative / 1000, position: Point(x: x, y: y), phase: phase, scale: scale)
    }

    private static func number(_ object: JSONValue, _ field: String, line: Int, limit: Double) throws(GestureFileError) -> Double {
        guard let value = object[field] else { throw .missingField(line: line, field: field) }
        guard case let .number(n) = value else { throw .nonNumericField(line: line, field: field) }
        guard n.isFinite, abs(n) <= limit else {
            throw .absurdValue(line: line, field: field, value: n, limit: limit)
        }
        return n
    }
}
