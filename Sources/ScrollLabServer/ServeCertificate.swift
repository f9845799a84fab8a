import CServeCertificate
import Foundation
import NIOSSL

/// The certificate `serve --tls` makes at start: self-signed (a P-256 key, ECDSA with SHA-256), for
/// `127.0.0.1` and `localhost`, valid from an hour before `now` for a day. Made with the system's OpenSSL
/// (`CServeCertificate`): a throwaway certificate needs a key and a signature, not a certificate library
/// and a second copy of BoringSSL in every build. Its PEM is what a client is told to trust
/// (`--source-ca FILE`); nothing of it outlives the server but that file.
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
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        var certificate: UnsafeMutablePointer<CChar>?
        var key: UnsafeMutablePointer<CChar>?
        var error = [CChar](repeating: 0, count: 256)
        let status = cservecertificate_make(seconds - 3600, seconds + 86400, &certificate, &key, &error, Int32(error.count))
        defer {
            cservecertificate_free(certificate)
            cservecertificate_free(key)
        }
        guard status == 0, let certificate, let key else {
            throw MakeError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return ServeCertificate(pem: String(cString: certificate), keyPEM: String(cString: key))
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
