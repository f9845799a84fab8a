import Testing
@testable import LabKit

/// `JSONValue.Fields` finds what `JSONValue[key]` finds: keys present and absent, in an object of ASCII
/// keys (matched by their bytes' hash) and in one with other scalars (matched as strings, so canonically
/// equivalent keys match).
@Suite struct JSONValueFieldsTests {
    static let lookups = ["id", "blankTileSeconds", "absent", "", "K", "é", "e\u{301}", "k7", "k70", "\u{212A}"]

    @Test(arguments: [
        #"{"id":"x","blankTileSeconds":1.5,"k7":7,"":0}"#,
        "{" + (0..<70).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}",
        #"{"é":1,"id":"y"}"#,
        #"{"e\u0301":1,"K":2}"#,
        "{\"\u{212A}\":3,\"id\":\"z\"}",
        #"{}"#, #"[1,2]"#, #""id""#,
    ])
    func findsWhatTheSubscriptFinds(line: String) throws {
        let value = try JSONLineParser.parse(line[...])
        let fields = JSONValue.Fields(value)
        for key in Self.lookups {
            #expect(fields[key] == value[key], "\(key) in \(line)")
        }
    }

    @Test func matchesByHashAndByString() throws {
        let ascii = JSONValue.Fields(try JSONLineParser.parse(#"{"a":1,"b":2}"#[...]))
        #expect(ascii["b"] == .number(2))
        #expect(ascii["c"] == nil)
        let other = JSONValue.Fields(try JSONLineParser.parse(#"{"e\u0301":1}"#[...]))
        #expect(other["é"] == .number(1))
    }
}
