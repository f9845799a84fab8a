import Foundation
import SwiftASN1
import Testing
import X509
@testable import ScrollLabServer

/// `serve --tls`'s certificate made at start, and what its listener offers by ALPN.
@Suite struct ServeCertificateTests {
    @Test func theCertificateIsSelfSignedForLoopbackAndValidADay() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let made = try ServeCertificate.make(now: now)
        let certificate = try Certificate(pemEncoded: made.pem)
        #expect(certificate.issuer == certificate.subject)
        #expect(certificate.publicKey.isValidSignature(certificate.signature, for: certificate))
        #expect(certificate.notValidBefore == now.addingTimeInterval(-3600))
        #expect(certificate.notValidAfter == now.addingTimeInterval(86400))
        let names = try #require(try certificate.extensions.subjectAlternativeNames)
        #expect(Array(names) == [.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])), .dnsName("localhost")])
        #expect(try certificate.extensions.extendedKeyUsage == ExtendedKeyUsage([.serverAuth]))
        #expect(made.keyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
    }

    @Test func eachStartMakesANewKey() throws {
        #expect(try ServeCertificate.make().pem != ServeCertificate.make().pem)
    }

    @Test func theServerContextTakesTheCertificateAndItsKey() throws {
        _ = try ServeCertificate.make().serverContext(protocols: ServeListener.alpnProtocols(.http2))
    }

    @Test func alpnOffersH2FirstOnlyWhereItSpeaksHTTP2() {
        #expect(ServeListener.alpnProtocols(.http1) == ["http/1.1"])
        #expect(ServeListener.alpnProtocols(.http2) == ["h2", "http/1.1"])
    }
}
