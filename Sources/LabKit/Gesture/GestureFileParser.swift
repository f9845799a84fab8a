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
        let event: PointerEvent
        if let sample = Self.pointerSample(body) {
            event = try checkedEvent(sample, line: line)
        } else {
            if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }) { return nil }
            guard let text = String(validating: body, as: UTF8.self) else { throw .invalidUTF8(line: line) }
            event = try parseEvent(text[...], line: line)
        }
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

    /// A pointer sample as the lab writes it, `{"t_ms":…,"x":…,"y":…,"phase":"down|move|up"}` with nothing
    /// else (no space, no other key, JSON's number grammar), read without building a JSON value; nil for
    /// any other line, which the JSON parser then reads. Its numbers are converted as the JSON parser
    /// converts them, so both readings give the same event.
    static func pointerSample(_ body: [UInt8]) -> (t: Double, x: Double, y: Double, phase: PointerPhase)? {
        body.withUnsafeBufferPointer { bytes -> (t: Double, x: Double, y: Double, phase: PointerPhase)? in
            var i = 0
            func expect(_ literal: StaticString) -> Bool {
                let n = literal.utf8CodeUnitCount
                guard i + n <= bytes.count else { return false }
                let start = literal.utf8Start
                for k in 0..<n where bytes[i + k] != start[k] { return false }
                i += n
                return true
            }
            func isDigit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
            // The digits read so far as an integer, and how many there were and after the point.
            var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0
            func digit() {
                mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
                digits += 1
                i += 1
            }
            func number() -> Double? {
                let start = i
                mantissa = 0; digits = 0; fractionDigits = 0
                var exact = true
                let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
                if negative { i += 1 }
                guard isDigit(i) else { return nil }
                if bytes[i] == UInt8(ascii: "0") { digit() } else { while isDigit(i) { digit() } }
                if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                    i += 1
                    guard isDigit(i) else { return nil }
                    let before = digits
                    while isDigit(i) { digit() }
                    fractionDigits = digits - before
                }
                if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                    exact = false
                    i += 1
                    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                    guard isDigit(i) else { return nil }
                    while isDigit(i) { i += 1 }
                }
                // At most 15 digits and 22 after the point: the integer and the power of ten are exact
                // doubles, and one correctly rounded division gives what `Double(String)` gives.
                if exact, digits <= 15, fractionDigits < Self.powersOfTen.count {
                    let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
                    return negative ? -value : value
                }
                return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
            }
            guard expect("{\"t_ms\":"), let t = number(), expect(",\"x\":"), let x = number(),
                  expect(",\"y\":"), let y = number(), expect(",\"phase\":\"") else { return nil }
            let phase: PointerPhase
            if expect("move\"}") { phase = .move } else if expect("down\"}") { phase = .down } else if expect("up\"}") { phase = .up } else { return nil }
            return i == bytes.count ? (t, x, y, phase) : nil
        }
    }

    /// 10⁰ … 10²², each exact as a double.
    static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// The event of a sample `pointerSample` read, with `parseEvent`'s checks in its order.
    private mutating func checkedEvent(_ sample: (t: Double, x: Double, y: Double, phase: PointerPhase),
                                       line: Int) throws(GestureFileError) -> PointerEvent {
        let tMilliseconds = try Self.checked(sample.t, "t_ms", line: line, limit: GestureFile.timeLimitMilliseconds)
        let x = try Self.checked(sample.x, "x", line: line, limit: GestureFile.positionLimit)
        let y = try Self.checked(sample.y, "y", line: line, limit: GestureFile.positionLimit)
        let first = firstTimeMilliseconds ?? tMilliseconds
        let relative = tMilliseconds - first
        guard abs(relative) <= GestureFile.relativeTimeLimitMilliseconds else {
            throw .timeOutOfRange(line: line, milliseconds: relative, limit: GestureFile.relativeTimeLimitMilliseconds)
        }
        firstTimeMilliseconds = first
        return PointerEvent(time: relative / 1000, position: Point(x: x, y: y), phase: sample.phase, scale: 1)
    }

    private static func checked(_ n: Double, _ field: String, line: Int, limit: Double) throws(GestureFileError) -> Double {
        guard n.isFinite, abs(n) <= limit else {
            throw .absurdValue(line: line, field: field, value: n, limit: limit)
        }
        return n
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
