import ScrollKit

/// Why a gesture file could not be read. Every case carries the 1-based line number.
public enum GestureFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line is not valid JSON.
    case invalidJSON(line: Int, reason: String)
    /// The line is valid JSON but not an object.
    case notAnObject(line: Int)
    /// A required field (`t_ms`, `x`, `y` or `phase`) is absent.
    case missingField(line: Int, field: String)
    /// A numeric field holds something other than a JSON number.
    case nonNumericField(line: Int, field: String)
    /// A numeric field is infinite or NaN (a number too large for a `Double`), or beyond the allowed magnitude.
    case absurdValue(line: Int, field: String, value: Double, limit: Double)
    /// `phase` is not one of `PointerPhase`'s names (`found` is the value as written).
    case unknownPhase(line: Int, found: String)
    /// A `move` or `up` comes while the pointer is not down.
    case pointerNotDown(line: Int, phase: PointerPhase)
    /// A `down` comes while the pointer is already down.
    case pointerAlreadyDown(line: Int)
    /// The line's bytes are not UTF-8.
    case invalidUTF8(line: Int)
    /// The line is longer than `limit` bytes (no newline in sight: not a gesture file).
    case lineTooLong(line: Int, limit: Int)
    /// `t_ms` lies `milliseconds` from the first sample's, beyond what the model's clocks represent.
    case timeOutOfRange(line: Int, milliseconds: Double, limit: Double)

    /// The 1-based line the error was found on.
    public var line: Int {
        switch self {
        case let .invalidJSON(line, _), let .notAnObject(line), let .missingField(line, _),
             let .nonNumericField(line, _), let .absurdValue(line, _, _, _), let .unknownPhase(line, _),
             let .pointerNotDown(line, _), let .pointerAlreadyDown(line), let .invalidUTF8(line),
             let .lineTooLong(line, _), let .timeOutOfRange(line, _, _):
            return line
        }
    }

    /// One line for a person: where and what, e.g. `line 3: field "x" must be a number`.
    public var description: String {
        let what: String
        switch self {
        case let .invalidJSON(_, reason):
            what = "not valid JSON: \(reason)"
        case .notAnObject:
            what = "expected a JSON object like {\"t_ms\":0,\"x\":0,\"y\":0,\"phase\":\"down\"}"
        case let .missingField(_, field):
            what = "missing field \"\(field)\""
        case let .nonNumericField(_, field):
            what = "field \"\(field)\" must be a number"
        case let .absurdValue(_, field, value, limit):
            if !value.isFinite {
                what = "field \"\(field)\" is not a finite number"
            } else if field == "scale" {
                // A pinch's scale is a ratio: zero, negative or vanishing is no scale at all.
                what = "field \"scale\" is \(value): a pinch's scale lies between \(1 / limit) and \(limit)"
            } else {
                what = "field \"\(field)\" is \(value), beyond the allowed magnitude \(limit)"
            }
        case let .unknownPhase(_, found):
            what = "unknown phase \(found) (expected \(Self.phaseNames))"
        case let .pointerNotDown(_, phase):
            what = "\"\(phase.rawValue)\" without a preceding \"down\""
        case .pointerAlreadyDown:
            what = "\"down\" while the pointer is already down (missing \"up\")"
        case .invalidUTF8:
            what = "not valid UTF-8 text"
        case let .lineTooLong(_, limit):
            what = "longer than \(limit) bytes (not a gesture file?)"
        case let .timeOutOfRange(_, milliseconds, limit):
            what = "\"t_ms\" lies \(milliseconds) ms from the first sample's, beyond \(limit) ms (times count from the first sample)"
        }
        return "line \(line): \(what)"
    }

    /// Every phase a line may name, from `PointerPhase` itself so the message cannot leave one out:
    /// `"down", "move", … or "wheel"`.
    static var phaseNames: String {
        let names = PointerPhase.allCases.map { "\"\($0.rawValue)\"" }
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
