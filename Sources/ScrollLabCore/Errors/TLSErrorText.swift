/// A TLS failure in a few words, for a log line or a failed load's reason: BoringSSL's reason
/// (`CERTIFICATE_VERIFY_FAILED`, …) out of an error's description, where it gives one. The server
/// (`serve --tls`) and the HTTP/2 client (async-http-client) both run on swift-nio-ssl.
package enum TLSErrorText {
    /// BoringSSL's reason in `description` (the word after `OPENSSL_internal:`), or nil.
    package static func reason(in description: String) -> String? {
        guard let range = description.range(of: "OPENSSL_internal:") else { return nil }
        let reason = description[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return reason.isEmpty ? nil : String(reason)
    }
}
