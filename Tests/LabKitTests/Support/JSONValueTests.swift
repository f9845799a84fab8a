import ScrollKit
import Testing
@testable import LabKit

/// `JSONValue.serialized`: the exact text every JSON-lines interface writes.
@Suite struct JSONValueTests {
    @Test func stringsAreEscapedAsJSONAndOtherTextKeptAsItIs() {
        let value = JSONValue.string("a\"b\\c\nd\re\tf\u{01}g\u{1F}h é ✓ 🙂 \u{7F}")
        #expect(value.serialized == #""a\"b\\c\nd\re\tf\u0001g\u001fh é ✓ 🙂 \#u{7F}""#)
    }

    @Test func keysAreEscapedLikeValues() {
        let value = JSONValue.object([("plain", .null), ("q\"uote", .bool(true)), ("tab\t", .bool(false))])
        #expect(value.serialized == #"{"plain":null,"q\"uote":true,"tab\t":false}"#)
    }

    @Test func numbersKeepSixDecimalsAndWholeNumbersHaveNone() {
        let value = JSONValue.array([.number(1.25), .number(2), .number(-0.1234567), .number(.nan), .number(.infinity),
                                     .int(25117), .number(1e300)])
        #expect(value.serialized == "[1.25,2,-0.123457,null,null,25117,1e+300]")
    }

    @Test func nestedValuesAndEmptyOnes() {
        let value = JSONValue.object([("id", .string("adaptive|latency=80|session-00017")), ("a", .array([])), ("o", .object([])),
                                      ("p", .point(.init(x: 1, y: 0.5)))])
        #expect(value.serialized == #"{"id":"adaptive|latency=80|session-00017","a":[],"o":{},"p":{"x":1,"y":0.5}}"#)
    }
}
