/// A strict, small JSON parser for one line of a gesture file (RFC 8259 grammar, no extensions).
///
/// Hand-written so that parsing is identical on every platform and never goes through
/// locale- or bridging-dependent number handling. Numbers are validated against the JSON grammar
/// before conversion (so `nan`, `inf`, hex and leading `+` are rejected); a number too large for a
/// `Double` converts to an infinity and is caught by the gesture-file checks.
struct JSONLineParser {
    /// Why a line is not valid JSON.
    struct Failure: Error, Equatable {
        /// Human-readable reason, with the 1-based column where it was noticed.
        var message: String
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// Prepares to parse `text`.
    init(_ text: Substring) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses the whole text as exactly one JSON value surrounded by optional whitespace.
    static func parse(_ text: Substring) throws(Failure) -> JSONValue {
        var parser = JSONLineParser(text)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.scalars.count else {
            throw parser.failure("unexpected text after the JSON value")
        }
        return value
    }

    private static let maximumDepth = 64

    private func failure(_ reason: String) -> Failure {
        Failure(message: "\(reason) at column \(index + 1)")
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipWhitespace() {
        while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(Failure) {
        for expected in literal.unicodeScalars {
            guard current == expected else { throw failure("invalid literal (expected \(literal))") }
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nesting too deep") }
        guard let c = current else { throw failure("unexpected end of line") }
        switch c {
        case "{": return try parseObject(depth: depth)
        case "[": return try parseArray(depth: depth)
        case "\"": return .string(try parseString())
        case "t": try expect("true"); return .bool(true)
        case "f": try expect("false"); return .bool(false)
        case "n": try expect("null"); return .null
        case "-", "0"..."9": return .number(try parseNumber())
        default: throw failure("unexpected character '\(c.escaped(asASCII: true))'")
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        index += 1  // {
        var pairs: [(String, JSONValue)] = []
        var keys: Set<String>?
        skipWhitespace()
        if current == "}" { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard current == "\"" else { throw failure("expected a quoted key") }
            let key = try parseString()
            // A long object checks its keys in a set (a result line has about 45), a short one in its pairs.
            if keys == nil, pairs.count == 8 { keys = Set(pairs.map(\.0)) }
            if keys?.insert(key).inserted == false || (keys == nil && pairs.contains(where: { $0.0 == key })) {
                throw failure("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard current == ":" else { throw failure("expected ':' after key \"\(key)\"") }
            index += 1
            skipWhitespace()
            pairs.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case ",": index += 1
            case "}": index += 1; return .object(pairs)
            default: throw failure("expected ',' or '}' in object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if current == "]" { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case ",": index += 1
            case "]": index += 1; return .array(items)
            default: throw failure("expected ',' or ']' in array")
            }
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        // Most strings are ASCII with nothing to escape: made from their bytes at once.
        var end = index
        while end < scalars.count, scalars[end].value < 0x80, scalars[end].value >= 0x20, scalars[end] != "\"", scalars[end] != "\\" {
            end += 1
        }
        if end < scalars.count, scalars[end] == "\"" {
            let start = index
            index = end + 1
            return String(unsafeUninitializedCapacity: end - start) { bytes in
                for k in 0..<(end - start) { bytes[k] = UInt8(truncatingIfNeeded: scalars[start + k].value) }
                return end - start
            }
        }
        var result = String.UnicodeScalarView()
        while true {
            guard let c = current else { throw failure("unterminated string") }
            index += 1
            switch c {
            case "\"":
                return String(result)
            case "\\":
                guard let e = current else { throw failure("unterminated escape") }
                index += 1
                switch e {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "/": result.append("/")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "u": result.append(try parseUnicodeEscape())
                default: throw failure("invalid escape '\\\(e)'")
                }
            default:
                guard c.value >= 0x20 else { throw failure("control character in string") }
                result.append(c)
            }
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, c.isASCII, let digit = Int(String(c), radix: 16)
            else { throw failure("invalid \\u escape") }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard current == "\\" else { throw failure("unpaired surrogate in \\u escape") }
            index += 1
            guard current == "u" else { throw failure("unpaired surrogate in \\u escape") }
            index += 1
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
            let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { throw failure("invalid \\u escape") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in \\u escape") }
        return scalar
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        if current == "-" { index += 1 }
        guard let first = current, ("0"..."9").contains(first) else { throw failure("invalid number") }
        if first == "0" {
            index += 1
        } else {
            skipDigits()
        }
        if current == "." {
            index += 1
            guard let c = current, ("0"..."9").contains(c) else { throw failure("invalid number (digit expected after '.')") }
            skipDigits()
        }
        if current == "e" || current == "E" {
            index += 1
            if current == "+" || current == "-" { index += 1 }
            guard let c = current, ("0"..."9").contains(c) else { throw failure("invalid number (digit expected in exponent)") }
            skipDigits()
        }
        // The grammar above admits only ASCII, so the scalars are the number's bytes.
        let text = String(decoding: scalars[start..<index].lazy.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number") }
        return value
    }

    private mutating func skipDigits() {
        while let c = current, ("0"..."9").contains(c) { index += 1 }
    }
}
