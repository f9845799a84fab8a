import Testing
@testable import ScrollLabCore

/// A TLS failure's few words, out of swift-nio-ssl's error descriptions.
@Suite struct TLSErrorTextTests {
    @Test func boringSSLsReasonIsTheWordAfterItsLibrary() {
        let description = "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /x/ssl/handshake.cc:393]))"
        #expect(TLSErrorText.reason(in: description) == "CERTIFICATE_VERIFY_FAILED")
    }

    @Test func withoutOneThereIsNone() {
        #expect(TLSErrorText.reason(in: "uncleanShutdown") == nil)
        #expect(TLSErrorText.reason(in: "OPENSSL_internal: at") == nil)
    }
}
