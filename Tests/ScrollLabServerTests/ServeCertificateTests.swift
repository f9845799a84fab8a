import Foundation
import NIOSSL
import Testing
@testable import ScrollLabServer

/// `serve --tls`'s certificate made at start, and what its listener offers by ALPN. (That a client
/// trusting the PEM completes a handshake with `127.0.0.1`, and one that does not fails, is
/// AsyncImageFetcherTests'.)
@Suite struct ServeCertificateTests {
    @Test func theCertificateIsForLoopbackAndValidADayFromAnHourAgo() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let made = try ServeCertificate.make(now: now)
        let certificate = try NIOSSLCertificate(bytes: Array(made.pem.utf8), format: .pem)
        #expect(certificate.notValidBefore == 1_800_000_000 - 3600)
        #expect(certificate.notValidAfter == 1_800_000_000 + 86400)
        let names = certificate._subjectAlternativeNames().map { ($0.nameType, Array($0.contents)) }
        #expect(names.map(\.0) == [.ipAddress, .dnsName])
        #expect(names.map(\.1) == [[127, 0, 0, 1], Array("localhost".utf8)])
        #expect(certificate.description.contains(";common_name=scrolllab serve"))
        // A positive serial of 127 bits: 16 octets, the first under 0x80.
        #expect(certificate.serialNumber.count == 16 && certificate.serialNumber[0] & 0xc0 == 0x40)
        #expect(made.keyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(made.pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
    }

    @Test func eachStartMakesANewKeyAndSerial() throws {
        let first = try ServeCertificate.make(), second = try ServeCertificate.make()
        #expect(first.pem != second.pem && first.keyPEM != second.keyPEM)
    }

    @Test func theServerContextTakesTheCertificateAndItsKey() throws {
        _ = try ServeCertificate.make().serverContext(protocols: ServeListener.alpnProtocols(.http2))
    }

    @Test func alpnOffersH2FirstOnlyWhereItSpeaksHTTP2() {
        #expect(ServeListener.alpnProtocols(.http1) == ["http/1.1"])
        #expect(ServeListener.alpnProtocols(.http2) == ["h2", "http/1.1"])
    }
}
