import Testing
@testable import ScrollLabServer

/// B-SERVE-2: `scrolllab serve` reads a request head in linear time, refuses one past a limit as soon as
/// the limit is passed, and answers a malformed one.
@Suite struct HTTPRequestHeadTests {
    func read(_ text: String) -> HTTPHeadReader.Outcome {
        var reader = HTTPHeadReader()
        return reader.append(Array(text.utf8))
    }

    @Test func aRequestIsReadWithItsFields() throws {
        guard case let .head(head, consumed) = read("GET /img/3.jpg HTTP/1.1\r\nHost: h\r\nConnection:  close \r\n\r\nNEXT") else {
            Issue.record("not read")
            return
        }
        #expect(head.method == "GET" && head.target == "/img/3.jpg" && head.minorVersion == 1)
        #expect(head.field("host") == "h" && head.field("connection") == "close" && !head.keepsAlive && !head.hasBody)
        #expect(consumed == "GET /img/3.jpg HTTP/1.1\r\nHost: h\r\nConnection:  close \r\n\r\n".utf8.count)
    }

    @Test func bytesMayArriveOneAtATimeAndBareLineFeedsEndLines() {
        var reader = HTTPHeadReader()
        let bytes = Array("\r\nGET / HTTP/1.0\nX-A: 1\n\n".utf8)
        for b in bytes.dropLast() { #expect(reader.append([b]) == .incomplete) }
        guard case let .head(head, consumed) = reader.append([bytes.last!]) else {
            Issue.record("not read")
            return
        }
        #expect(head.minorVersion == 0 && !head.keepsAlive && head.field("x-a") == "1" && consumed == 1)
    }

    @Test func limitsAreRefusedAsSoonAsPassed() {
        var reader = HTTPHeadReader()
        #expect(reader.append(Array("GET /".utf8) + [UInt8](repeating: 0x61, count: HTTPHeadReader.maxRequestLine - 5)) == .incomplete)
        #expect(reader.append([0x61]) == .refused(status: 414, reason: "request line over 8192 bytes"))
        var fields = HTTPHeadReader()
        _ = fields.append(Array("GET / HTTP/1.1\r\nX: ".utf8))
        #expect(fields.append([UInt8](repeating: 0x61, count: HTTPHeadReader.maxFieldLine)) == .refused(status: 431, reason: "header line over 8192 bytes"))
        var many = HTTPHeadReader()
        let line = "X-Field: " + String(repeating: "v", count: 100) + "\r\n"
        var outcome = many.append(Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8))
        while outcome == .incomplete { outcome = many.append(Array(line.utf8)) }
        #expect(outcome == .refused(status: 431, reason: "more than 100 header fields"))
        #expect(many.buffer.count <= HTTPHeadReader.maxHeadBytes)
    }

    @Test func malformedRequestsAreNamed() {
        #expect(read("GARBAGE\r\n\r\n") == .refused(status: 400, reason: "malformed request line"))
        #expect(read("GET  / HTTP/1.1\r\nHost: h\r\n\r\n") == .refused(status: 400, reason: "malformed request line"))
        #expect(read("GET / HTTP/2.0\r\n\r\n") == .refused(status: 505, reason: "HTTP version not supported"))
        #expect(read("GET / FOO/1.1\r\n\r\n") == .refused(status: 400, reason: "malformed request line"))
        #expect(read("GET / HTTP/1.1\r\n\r\n") == .refused(status: 400, reason: "an HTTP/1.1 request needs one Host field"))
        #expect(read("GET / HTTP/1.1\r\nHost: h\r\nBad Name: x\r\n\r\n") == .refused(status: 400, reason: "malformed header line"))
        #expect(read("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n") == .refused(status: 400, reason: "folded header line"))
        #expect(read("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n")
                == .refused(status: 400, reason: "both Transfer-Encoding and Content-Length"))
        #expect(read("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")
                == .refused(status: 400, reason: "bad Content-Length"))
        // A path that is not UTF-8 is read (shown with U+FFFD), not refused.
        var reader = HTTPHeadReader()
        guard case let .head(head, _) = reader.append(Array("GET /img/".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.0\r\n\r\n".utf8)) else {
            Issue.record("not read")
            return
        }
        #expect(head.target == "/img/\u{FFFD}\u{FFFD}")
    }

    @Test func aRequestWithABodyClosesItsConnection() {
        guard case let .head(head, _) = read("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\n") else {
            Issue.record("not read")
            return
        }
        #expect(head.hasBody && head.keepsAlive)
    }
}
