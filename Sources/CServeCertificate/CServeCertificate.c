#include "CServeCertificate.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Writes what failed and OpenSSL's first queued error into `error`.
static int fail(const char *what, char *error, int errorSize) {
    char reason[200] = "";
    unsigned long code = ERR_get_error();
    if (code != 0) ERR_error_string_n(code, reason, sizeof reason);
    ERR_clear_error();
    snprintf(error, (size_t)errorSize, "%s%s%s", what, code != 0 ? ": " : "", reason);
    return -1;
}

/// The memory BIO's bytes as a new NUL-terminated string, or NULL.
static char *bio_string(BIO *bio) {
    char *bytes = NULL;
    long length = BIO_get_mem_data(bio, &bytes);
    if (length < 0) return NULL;
    char *copy = malloc((size_t)length + 1);
    if (copy == NULL) return NULL;
    memcpy(copy, bytes, (size_t)length);
    copy[length] = 0;
    return copy;
}

/// Adds the extension `nid` with OpenSSL's configuration `value` (self-signed: issuer and subject are `x`).
static int add_extension(X509 *x, int nid, const char *value) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, x, x, NULL, NULL, 0);
    X509_EXTENSION *extension = X509V3_EXT_nconf_nid(NULL, &context, nid, value);
    if (extension == NULL) return 0;
    int added = X509_add_ext(x, extension, -1);
    X509_EXTENSION_free(extension);
    return added;
}

/// A random positive serial of 127 bits (RFC 5280 §4.1.2.2: at most 20 octets, positive).
static int set_serial(X509 *x) {
    unsigned char bytes[16];
    if (RAND_bytes(bytes, sizeof bytes) != 1) return 0;
    bytes[0] &= 0x7f;
    bytes[0] |= 0x40;
    BIGNUM *number = BN_bin2bn(bytes, sizeof bytes, NULL);
    if (number == NULL) return 0;
    int set = BN_to_ASN1_INTEGER(number, X509_get_serialNumber(x)) != NULL;
    BN_free(number);
    return set;
}

int cservecertificate_make(int64_t notBefore, int64_t notAfter, char **certificatePEM, char **keyPEM,
                           char *error, int errorSize) {
    *certificatePEM = NULL;
    *keyPEM = NULL;
    int status = -1;
    X509 *x = NULL;
    BIO *certificateBIO = NULL, *keyBIO = NULL;
    EVP_PKEY *key = EVP_EC_gen("P-256");
    if (key == NULL) { fail("cannot make a P-256 key", error, errorSize); goto done; }
    x = X509_new();
    if (x == NULL || X509_set_version(x, X509_VERSION_3) != 1 || !set_serial(x)) {
        fail("cannot start a certificate", error, errorSize);
        goto done;
    }
    if (ASN1_TIME_set(X509_getm_notBefore(x), (time_t)notBefore) == NULL
        || ASN1_TIME_set(X509_getm_notAfter(x), (time_t)notAfter) == NULL) {
        fail("cannot set the certificate's validity", error, errorSize);
        goto done;
    }
    X509_NAME *name = X509_get_subject_name(x);
    if (X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)"scrolllab serve", -1, -1, 0) != 1
        || X509_set_issuer_name(x, name) != 1 || X509_set_pubkey(x, key) != 1) {
        fail("cannot name the certificate", error, errorSize);
        goto done;
    }
    if (!add_extension(x, NID_basic_constraints, "critical,CA:TRUE,pathlen:0")
        || !add_extension(x, NID_key_usage, "critical,digitalSignature,keyCertSign")
        || !add_extension(x, NID_ext_key_usage, "serverAuth")
        || !add_extension(x, NID_subject_alt_name, "IP:127.0.0.1,DNS:localhost")) {
        fail("cannot add the certificate's extensions", error, errorSize);
        goto done;
    }
    if (X509_sign(x, key, EVP_sha256()) <= 0) { fail("cannot sign the certificate", error, errorSize); goto done; }
    certificateBIO = BIO_new(BIO_s_mem());
    keyBIO = BIO_new(BIO_s_mem());
    if (certificateBIO == NULL || keyBIO == NULL || PEM_write_bio_X509(certificateBIO, x) != 1
        || PEM_write_bio_PrivateKey(keyBIO, key, NULL, NULL, 0, NULL, NULL) != 1) {
        fail("cannot write the certificate's PEM", error, errorSize);
        goto done;
    }
    *certificatePEM = bio_string(certificateBIO);
    *keyPEM = bio_string(keyBIO);
    if (*certificatePEM == NULL || *keyPEM == NULL) {
        free(*certificatePEM);
        free(*keyPEM);
        *certificatePEM = NULL;
        *keyPEM = NULL;
        snprintf(error, (size_t)errorSize, "out of memory for the certificate's PEM");
        goto done;
    }
    status = 0;
done:
    BIO_free(certificateBIO);
    BIO_free(keyBIO);
    X509_free(x);
    EVP_PKEY_free(key);
    return status;
}

void cservecertificate_free(char *pem) { free(pem); }
