#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

/*
 * What Swift cannot call directly: OPENSSL_free is a macro that passes __FILE__ and __LINE__
 * to CRYPTO_free; EVP_CIPHER_CTX_ctrl's GCM commands are macros of int constants.
 */
static inline void copenssl_free(void *pointer) { OPENSSL_free(pointer); }

static inline int copenssl_gcm_set_iv_length(EVP_CIPHER_CTX *context, int length) {
  return EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, length, NULL);
}

static inline int copenssl_gcm_get_tag(EVP_CIPHER_CTX *context, void *tag, int length) {
  return EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, length, tag);
}

static inline int copenssl_gcm_set_tag(EVP_CIPHER_CTX *context, void *tag, int length) {
  return EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, length, tag);
}

/* EVP_PKEY_fromdata's selections are macros of macros with casts, which Swift does not import. */
static inline int copenssl_selection_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int copenssl_selection_key_pair(void) { return EVP_PKEY_KEYPAIR; }
