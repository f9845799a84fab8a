import NIOHPACK
import NIOHTTP2
import Testing
@testable import ScrollLabServer

/// Which of swift-nio-http2's errors end a `serve --http 2` connection at once.
@Suite struct HTTP2StreamHandlerTests {
    @Test func aConnectionsErrorClosesIt() {
        #expect(HTTP2ConnectionErrorCloser.endsConnection(NIOHTTP2Errors.unableToParseFrame()))
        #expect(HTTP2ConnectionErrorCloser.endsConnection(NIOHPACKErrors.MaxHeaderListSizeViolation()))
        #expect(HTTP2ConnectionErrorCloser.endsConnection(NIOHTTP2Errors.excessiveRSTFrames()))
        #expect(HTTP2ConnectionErrorCloser.endsConnection(NIOHTTP2Errors.excessivelyLargeHeaderBlock()))
    }

    @Test func aStreamsErrorLeavesItOpen() {
        #expect(!HTTP2ConnectionErrorCloser.endsConnection(NIOHTTP2Errors.noSuchStream(streamID: 3)))
        #expect(!HTTP2ConnectionErrorCloser.endsConnection(NIOHTTP2Errors.streamClosed(streamID: 3, errorCode: .cancel)))
    }
}
