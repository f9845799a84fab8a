import LabKit
import Testing
@testable import ScrollLabServer

/// `scrolllab serve`'s pacing of a body.
@Suite struct ImageServerTests {
    /// Every answer's `Date` (RFC 9110 §6.6.1) in IMF-fixdate, the RFC's own example and a leap day.
    @Test func theDateIsIMFFixdate() {
        #expect(HTTPStatus.date(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPStatus.date(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPStatus.date(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        let head = String(decoding: HTTPStatus.head(status: 404, fields: [("Content-Length", "0")]), as: UTF8.self)
        #expect(head.hasPrefix("HTTP/1.1 404 Not Found\r\nDate: ") && head.hasSuffix(" GMT\r\nContent-Length: 0\r\n\r\n"))
    }

    /// The origin form and the absolute form (RFC 9112 §3.2.2) name the same image; nothing else does.
    @Test func anImagesPathInEitherForm() {
        #expect(ImageServer.asset(in: "/img/3") == 3 && ImageServer.asset(in: "/img/17.jpg") == 17)
        #expect(ImageServer.asset(in: "http://127.0.0.1:8080/img/3") == 3)
        #expect(ImageServer.asset(in: "HTTPS://example.org/img/5.jpg") == 5)
        for target in ["http://127.0.0.1:8080", "http://h/nothing/img/3", "/imgs/3", "img/3", "ftp://h/img/3", "/img/3/4"] {
            #expect(ImageServer.asset(in: target) == nil, "\(target)")
        }
    }

    @Test func aSlowLinkSendsSmallChunks() {
        #expect(ImageServer.chunkBytes(for: .threeG) == 256)           // 97.5 bytes a millisecond
        #expect(ImageServer.chunkBytes(for: .edge) == 256)
        #expect(ImageServer.chunkBytes(for: .veryBad) == 256)          // 125 bytes a millisecond
    }

    @Test func aFastLinkSendsAMillisecondsWorth() {
        #expect(ImageServer.chunkBytes(for: .lte) == 6250)             // 50 Mbit/s
        #expect(ImageServer.chunkBytes(for: .wifi) == 5000)            // 40 Mbit/s
    }

    @Test func anUnshapedServerSendsLargeChunks() {
        #expect(ImageServer.chunkBytes(for: nil) == 65_536)
    }
}
