import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The certificate `serve --tls` makes at start: self-signed (a P-256 key, ECDSA with SHA-256), for
/// `127.0.0.1` and `localhost`, valid from an hour before `now` for a day. Its PEM is what a client is
/// told to trust (`--source-ca FILE`); nothing of it outlives the server but that file.
package struct ServeCertificate: Sendable {
    /// The certificate, PEM.
    package let pem: String
    /// Its private key, PEM (PKCS #8).
    let keyPEM: String

    /// Why no certificate could be made.
    package struct MakeError: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) { self.description = description }
    }

    /// Makes a new key and certificate.
    package static func make(now: Date = Date()) throws(MakeError) -> ServeCertificate {
        do {
            let signing = P256.Signing.PrivateKey()
            let key = Certificate.PrivateKey(signing)
            let name = try DistinguishedName { CommonName("scrolllab serve") }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])), .dnsName("localhost")])
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(86400),
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: key
            )
            return ServeCertificate(pem: try certificate.serializeAsPEM().pemString, keyPEM: signing.pemRepresentation)
        } catch {
            throw MakeError(description: "\(error)")
        }
    }

    /// The server's TLS context: this certificate and key, ALPN offering `protocols` in order of preference.
    package func serverContext(protocols: [String]) throws(MakeError) -> ServeTLS {
        do {
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(pem.utf8), format: .pem))],
                privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem))
            )
            configuration.applicationProtocols = protocols
            return ServeTLS(context: try NIOSSLContext(configuration: configuration))
        } catch {
            throw MakeError(description: "\(error)")
        }
    }
}

/// A TLS server context for `ServeListener` (`ServeCertificate.serverContext`).
package struct ServeTLS: Sendable {
    let context: NIOSSLContext
}
