#ifndef CSERVECERTIFICATE_H
#define CSERVECERTIFICATE_H

#include <stdint.h>

/// `serve --tls`'s certificate, made with the system's OpenSSL (libcrypto): a new P-256 key and a
/// self-signed certificate for it (ECDSA with SHA-256, X.509 v3, a random 127-bit serial), subject and
/// issuer CN "scrolllab serve", valid from `notBefore` to `notAfter` (seconds since 1970), with basic
/// constraints CA:TRUE pathlen 0 and key usage digitalSignature, keyCertSign (both critical), extended
/// key usage serverAuth, and subject alternative names IP 127.0.0.1 and DNS localhost.
/// Returns 0 with the certificate's PEM in `*certificatePEM` and the key's (PKCS #8) in `*keyPEM`, each
/// NUL-terminated and freed by the caller with `cservecertificate_free`; or -1 with `error` (at most
/// `errorSize` bytes) saying why.
int cservecertificate_make(int64_t notBefore, int64_t notAfter, char **certificatePEM, char **keyPEM,
                           char *error, int errorSize);

/// Frees a PEM `cservecertificate_make` returned.
void cservecertificate_free(char *pem);

#endif
