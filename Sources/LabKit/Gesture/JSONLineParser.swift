/// A strict, small JSON parser for one line of a gesture file, a feed or a sweep's results (RFC 8259
/// grammar, no extensions).
///
/// Hand-written so that parsing is identical on every platform and never goes through
/// locale- or bridging-dependent number handling. Numbers are validated against the JSON grammar
/// before conversion (so `nan`, `inf`, hex and leading `+` are rejected); a number too large for a
/// `Double` converts to an infinity and is caught by the gesture-file checks.
///
/// It reads the line's UTF-8 bytes in place (a report reads millions of result lines); a failure's
/// column counts Unicode scalars, as an editor does.
struct JSONLineParser {
    /// Why a line is not valid JSON.
    struct Failure: Error, Equatable {
        /// Human-readable reason, with the 1-based column where it was noticed.
        var message: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses the whole text as exactly one JSON value surrounded by optional whitespace.
    static func parse(_ text: Substring) throws(Failure) -> JSONValue {
        var text = text
        let outcome = text.withUTF8 { bytes in
            Result { () throws(Failure) -> JSONValue in
                var parser = JSONLineParser(bytes)
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == bytes.count else {
                    throw parser.failure("unexpected text after the JSON value")
                }
                return value
            }
        }
        return try outcome.get()
    }

    private static let maximumDepth = 64

    private func failure(_ reason: String) -> Failure {
        // The scalars before `index`: the bytes that start one (a Swift string is valid UTF-8).
        var column = 1
        for k in 0..<index where bytes[k] & 0xC0 != 0x80 { column += 1 }
        return Failure(message: "\(reason) at column \(column)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The scalar that starts at byte `i`, and its length in bytes.
    private func scalar(at i: Int) -> (scalar: Unicode.Scalar, length: Int) {
        var iterator = UnsafeBufferPointer(rebasing: bytes[i...]).makeIterator()
        var decoder = UTF8()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator) else { return ("\u{FFFD}", 1) }
        return (scalar, UTF8.width(scalar))
    }

    private mutating func skipWhitespace() {
        while let c = current, c == .space || c == .tab || c == .newline || c == .carriageReturn { index += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard current == byte else { throw failure("invalid literal (expected \(literal))") }
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nesting too deep") }
        guard let c = current else { throw failure("unexpected end of line") }
        switch c {
        case .openBrace: return try parseObject(depth: depth)
        case .openBracket: return try parseArray(depth: depth)
        case .quote: return .string(try parseString().string)
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case .minus, UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character '\(scalar(at: index).scalar.escaped(asASCII: true))'")
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        index += 1  // {
        var pairs: [(String, JSONValue)] = []
        var keys = ObjectKeys()
        skipWhitespace()
        if current == .closeBrace { index += 1; return .object(pairs) }
        pairs.reserveCapacity(16)
        while true {
            skipWhitespace()
            guard current == .quote else { throw failure("expected a quoted key") }
            let keyStart = index + 1
            let (key, isPlain) = try parseString()
            let isNew = isPlain ? keys.insertPlain(UnsafeBufferPointer(rebasing: bytes[keyStart..<(index - 1)]), key: key, pairs: pairs)
                                : keys.insert(key, pairs: pairs)
            guard isNew else { throw failure("duplicate key \"\(key)\"") }
            skipWhitespace()
            guard current == .colon else { throw failure("expected ':' after key \"\(key)\"") }
            index += 1
            skipWhitespace()
            pairs.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case .comma?: index += 1
            case .closeBrace?: index += 1; return .object(pairs)
            default: throw failure("expected ',' or '}' in object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        index += 1  // [
        var items: [JSONValue] = []
        skipWhitespace()
        if current == .closeBracket { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case .comma?: index += 1
            case .closeBracket?: index += 1; return .array(items)
            default: throw failure("expected ',' or ']' in array")
            }
        }
    }

    /// The string, and whether it is plain: ASCII written as it is (no escape), so equal to another plain
    /// string exactly when their bytes are.
    private mutating func parseString() throws(Failure) -> (string: String, isPlain: Bool) {
        index += 1  // opening quote
        // Most strings have nothing to escape: made from their bytes at once. A byte of a multi-byte scalar
        // is never a quote, a backslash or a control character.
        let start = index
        var end = index
        var bits: UInt8 = 0
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] != .quote, bytes[end] != .backslash { bits |= bytes[end]; end += 1 }
        if end < bytes.count, bytes[end] == .quote {
            index = end + 1
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self), bits < 0x80)
        }
        var result = Array(bytes[start..<end])
        index = end
        while true {
            guard let c = current else { throw failure("unterminated string") }
            switch c {
            case .quote:
                index += 1
                return (String(decoding: result, as: UTF8.self), false)
            case .backslash:
                index += 1
                guard current != nil else { throw failure("unterminated escape") }
                let (e, length) = scalar(at: index)
                index += length
                switch e {
                case "\"": result.append(.quote)
                case "\\": result.append(.backslash)
                case "/": result.append(UInt8(ascii: "/"))
                case "b": result.append(0x08)
                case "f": result.append(0x0C)
                case "n": result.append(.newline)
                case "r": result.append(.carriageReturn)
                case "t": result.append(.tab)
                case "u": UTF8.encode(try parseUnicodeEscape()) { result.append($0) }
                default: throw failure("invalid escape '\\\(e)'")
                }
            default:
                index += 1
                guard c >= 0x20 else { throw failure("control character in string") }
                result.append(c)
            }
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch current {
            case let c? where c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case let c? where c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case let c? where c >= UInt8(ascii: "A") && c <= UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard current == .backslash else { throw failure("unpaired surrogate in \\u escape") }
            index += 1
            guard current == UInt8(ascii: "u") else { throw failure("unpaired surrogate in \\u escape") }
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
        var number = DecimalDigits()
        if current == .minus { number.isNegative = true; index += 1 }
        guard let first = current, first.isDigit else { throw failure("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let c = current, c.isDigit { number.append(c, fraction: false); index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let c = current, c.isDigit else { throw failure("invalid number (digit expected after '.')") }
            while let c = current, c.isDigit { number.append(c, fraction: true); index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            var sign = 1
            if current == .plus || current == .minus { sign = current == .minus ? -1 : 1; index += 1 }
            guard let c = current, c.isDigit else { throw failure("invalid number (digit expected in exponent)") }
            var exponent = 0
            while let c = current, c.isDigit {
                exponent = Swift.min(exponent * 10 + Int(c - UInt8(ascii: "0")), 1 << 20)
                index += 1
            }
            number.exponent += sign * exponent
        }
        if let exact = number.exactValue { return exact }
        // The grammar above admits only ASCII: the text is the number's bytes.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number") }
        return value
    }
}

/// An object's keys so far, to refuse a duplicate. Keys are equal as Swift strings are (canonically
/// equivalent); two plain keys (`parseString`) only when their bytes are, so most objects (every key
/// plain, as the lab writes them) compare their keys' bytes by a hash and never hash a string. From the
/// first key that is not plain, or past `plainLimit` keys, every key is in a set.
private struct ObjectKeys {
    private static let plainLimit = 64
    /// The plain keys: their bytes' hash (`JSONValue.Fields.asciiHash`), and where they are in the line.
    private var plain: [(hash: UInt64, bytes: UnsafeBufferPointer<UInt8>)] = []
    private var all: Set<String>?

    /// Adds a plain key; false when the object has it already.
    mutating func insertPlain(_ bytes: UnsafeBufferPointer<UInt8>, key: String, pairs: [(String, JSONValue)]) -> Bool {
        guard all == nil, plain.count < Self.plainLimit else { return insert(key, pairs: pairs) }
        guard let hash = JSONValue.Fields.asciiHash(bytes) else { return insert(key, pairs: pairs) }
        for other in plain where other.hash == hash && other.bytes.elementsEqual(bytes) { return false }
        plain.append((hash, bytes))
        return true
    }

    /// Adds any key; false when the object has one equal to it.
    mutating func insert(_ key: String, pairs: [(String, JSONValue)]) -> Bool {
        if all == nil { all = Set(pairs.map(\.0)) }
        return all!.insert(key).inserted
    }
}

/// A JSON number's digits as an integer and a power of ten, for the numbers a double holds exactly.
private struct DecimalDigits {
    var isNegative = false
    var significand: UInt64 = 0
    var exponent = 0
    /// More digits than 19 (a `UInt64`'s): left to the full conversion.
    var isTruncated = false

    mutating func append(_ digit: UInt8, fraction: Bool) {
        let d = UInt64(digit - UInt8(ascii: "0"))
        if significand <= (UInt64.max - 9) / 10 {
            significand = significand * 10 + d
            if fraction { exponent -= 1 }
        } else {
            isTruncated = true
            if !fraction { exponent += 1 }
        }
    }

    /// Powers of ten a double holds exactly.
    private static let powers: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
                                           1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// The number correctly rounded, when one multiplication or division of two exact doubles gives it
    /// (Clinger's fast path: a significand up to 2⁵³ and a power of ten up to 10²²); nil otherwise.
    var exactValue: Double? {
        guard !isTruncated, significand <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        let magnitude = exponent >= 0 ? Double(significand) * Self.powers[exponent] : Double(significand) / Self.powers[-exponent]
        return isNegative ? -magnitude : magnitude
    }
}

private extension UInt8 {
    static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":"), minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+")

    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
