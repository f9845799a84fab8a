import Testing
@testable import LabKit

/// The line parser's strings, keys and numbers: a string with nothing to escape (made from its bytes at
/// once) and one with escapes read the same; a duplicate key is refused at its column whether the keys are
/// plain (compared by their bytes) or not (compared as strings, canonically equivalent keys included), in a
/// short object or a long one; a column counts scalars, not bytes; a number reads as the full conversion
/// (`Double(String)`) reads it, bit for bit, on the fast path or off it.
@Suite struct JSONLineParserTests {
    static func string(_ line: String) throws -> String? {
        guard case let .string(s)? = try JSONLineParser.parse(line[...])["s"] else { return nil }
        return s
    }

    static func failure(_ line: String) -> String? {
        do { _ = try JSONLineParser.parse(line[...]); return nil } catch { return error.message }
    }

    @Test func stringsReadTheSameWithOrWithoutEscapes() throws {
        #expect(try Self.string(#"{"s":""}"#) == "")
        #expect(try Self.string(#"{"s":"adaptive|latency=0|cache=12|session-00000"}"#) == "adaptive|latency=0|cache=12|session-00000")
        #expect(try Self.string(#"{"s":"a\"b"}"#) == "a\"b")
        #expect(try Self.string(#"{"s":"\\end"}"#) == "\\end")
        #expect(try Self.string(#"{"s":"tab\there"}"#) == "tab\there")
        #expect(try Self.string(#"{"s":"café ☕"}"#) == "café ☕")
        #expect(try Self.string(#"{"s":"\u00e9\ud83d\ude00 x"}"#) == "é😀 x")
        #expect(try Self.string(#"{"s":"~\u007f"}"#) == "~\u{7F}")
    }

    @Test func controlCharactersAndOpenStringsAreRefusedWhereTheyStand() {
        #expect(Self.failure("{\"s\":\"x\u{01}y\"}") == "control character in string at column 9")
        #expect(Self.failure(#"{"s":"abc"#) == "unterminated string at column 10")
        #expect(Self.failure(#"{"s":"ab\q"}"#) == "invalid escape '\\q' at column 11")
    }

    @Test(arguments: [3, 8, 9, 12, 40])
    func aDuplicateKeyIsRefusedAtItsColumn(keys: Int) {
        let pairs = (0..<keys).map { #""k\#($0)":\#($0)"# }
        for repeated in [0, keys / 2, keys - 1] {
            let line = "{" + (pairs + [#""k\#(repeated)":0"#]).joined(separator: ",") + "}"
            let column = line.count - 2 - 1 + 1   // the last key's closing quote ends before ":0}"
            #expect(Self.failure(line) == "duplicate key \"k\(repeated)\" at column \(column)", "\(keys) keys, k\(repeated) again")
        }
        let distinct = "{" + pairs.joined(separator: ",") + "}"
        #expect(Self.failure(distinct) == nil)
    }

    @Test(arguments: [2, 12])
    func canonicallyEquivalentKeysAreOneKey(padding: Int) {
        let pads = (0..<padding).map { #""p\#($0)":0"# }.joined(separator: ",")
        let line = "{" + pads + ",\"\u{E9}\":1,\"e\u{301}\":2}"
        #expect(Self.failure(line)?.hasPrefix("duplicate key") == true)
    }

    @Test func aPlainKeyAndAnEscapedOneAreTheSameKey() {
        #expect(Self.failure(#"{"\u0061":1,"a":2}"#) == "duplicate key \"a\" at column 16")
        #expect(Self.failure(#"{"a":1,"\u0061":2}"#) == "duplicate key \"a\" at column 16")
        // A key of another scalar canonically equivalent to an ASCII one (KELVIN SIGN and K).
        #expect(Self.failure("{\"K\":1,\"\u{212A}\":2}") == "duplicate key \"\u{212A}\" at column 11")
        let long = (0..<70).map { #""k\#($0)":0"# }
        #expect(Self.failure("{" + (long + [#""k3":0"#]).joined(separator: ",") + "}")?.hasPrefix("duplicate key \"k3\"") == true)
        #expect(Self.failure("{" + (long + [#""k\u0036\u0039":0"#]).joined(separator: ",") + "}")?.hasPrefix("duplicate key \"k69\"") == true)
        #expect(Self.failure("{" + long.joined(separator: ",") + "}") == nil)
    }

    @Test func columnsCountScalars() {
        // "é" and "☕" are two and three bytes: the columns are where an editor shows them.
        #expect(Self.failure(#"{"s":"é","x":tru}"#) == "invalid literal (expected true) at column 17")
        #expect(Self.failure(#"{"s":"☕"} x"#) == "unexpected text after the JSON value at column 11")
        #expect(Self.failure(#"{"s":"\é"}"#) == "invalid escape '\\é' at column 9")
        #expect(Self.failure(#"{"s":☕}"#) == "unexpected character '\\u{2615}' at column 6")
    }

    @Test func numbersReadAsTheFullConversionDoes() throws {
        var state: UInt64 = 58
        func draw(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(draw(10))) }) }
        var texts = ["0", "-0", "-0.0", "0e5", "1e22", "1e23", "9007199254740992", "9007199254740993", "0.1", "0.30000000000000004",
                     "4.9e-324", "2.5e-324", "1.7976931348623157e308", "1.8e308", "-1E-5", "123456789012345678901234", "1e-22", "1e-23"]
        for _ in 0..<20_000 {
            var text = draw(3) == 0 ? "-" : ""
            text += draw(4) == 0 ? "0" : String(1 + draw(9)) + digits(draw(20))
            if draw(2) == 0 { text += "." + digits(1 + draw(20)) }
            if draw(2) == 0 { text += ["e", "E"][draw(2)] + ["", "+", "-"][draw(3)] + String(draw(draw(2) == 0 ? 30 : 400)) }
            texts.append(text)
        }
        for text in texts {
            guard case let .number(value) = try JSONLineParser.parse(text[...]) else { Issue.record("\(text) is no number"); continue }
            let expected = try #require(Double(text))
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) against \(expected)")
        }
    }
}
