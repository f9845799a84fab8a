import Testing
@testable import LabKit

/// The line parser's strings and keys: a plain ASCII string (made from its bytes at once) and one with
/// escapes or other scalars (made scalar by scalar) read the same, and a duplicate key is refused at the
/// same column whether the object is short (its pairs searched) or long (its keys in a set), canonically
/// equivalent keys included.
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
}
