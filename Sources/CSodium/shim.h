#include <sodium.h>

/*
 * Raw-pointer forms of the libsodium calls Keybag makes. Swift hands over
 * `UnsafeRawPointer`s (`const void *`), so no `bindMemory` casts are needed on
 * the Swift side; these wrappers only convert the pointer types.
 */

static inline int csodium_generichash(void *out, size_t out_len, const void *in,
                                      unsigned long long in_len, const void *key,
                                      size_t key_len) {
  return crypto_generichash((unsigned char *)out, out_len, (const unsigned char *)in, in_len,
                            (const unsigned char *)key, key_len);
}

static inline int csodium_argon2id(void *out, unsigned long long out_len, const void *password,
                                   unsigned long long password_len, const void *salt,
                                   unsigned long long ops_limit, size_t mem_limit) {
  return crypto_pwhash((unsigned char *)out, out_len, (const char *)password, password_len,
                       (const unsigned char *)salt, ops_limit, mem_limit,
                       crypto_pwhash_ALG_ARGON2ID13);
}

static inline int csodium_aead_encrypt(void *ciphertext, const void *plaintext,
                                       unsigned long long plaintext_len, const void *ad,
                                       unsigned long long ad_len, const void *nonce,
                                       const void *key) {
  return crypto_aead_xchacha20poly1305_ietf_encrypt(
      (unsigned char *)ciphertext, NULL, (const unsigned char *)plaintext, plaintext_len,
      (const unsigned char *)ad, ad_len, NULL, (const unsigned char *)nonce,
      (const unsigned char *)key);
}

static inline int csodium_aead_decrypt(void *plaintext, const void *ciphertext,
                                       unsigned long long ciphertext_len, const void *ad,
                                       unsigned long long ad_len, const void *nonce,
                                       const void *key) {
  return crypto_aead_xchacha20poly1305_ietf_decrypt(
      (unsigned char *)plaintext, NULL, NULL, (const unsigned char *)ciphertext, ciphertext_len,
      (const unsigned char *)ad, ad_len, (const unsigned char *)nonce,
      (const unsigned char *)key);
}
