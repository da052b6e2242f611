internal import COpenSSL

/// ANSI X9.63 key derivation (libcrypto's `X963KDF`): what `ecdhKeyExchange...X963SHA...` and
/// ECIES run over the ECDH shared secret.
public enum X963KeyDerivation {
  public static func derive(
    secret: [UInt8], sharedInfo: [UInt8], byteCount: Int, digest: DigestAlgorithm
  ) throws(KeyCryptoError) -> [UInt8] {
    guard byteCount > 0 else { throw .invalidInput("requested size must be positive") }
    guard let kdf = EVP_KDF_fetch(nil, "X963KDF", nil) else {
      throw OpenSSL.failure("EVP_KDF_fetch(X963KDF)")
    }
    defer { EVP_KDF_free(kdf) }
    guard let context = EVP_KDF_CTX_new(kdf) else { throw OpenSSL.failure("EVP_KDF_CTX_new") }
    defer { EVP_KDF_CTX_free(context) }
    var output = [UInt8](repeating: 0, count: byteCount)
    // The parameter list points into the digest name, the secret and the shared info, so it is
    // used inside the closures that borrow them.
    let derived: Bool = digest.openSSLName.withCString { digestName in
      secret.withUnsafeBytes { secret in
        sharedInfo.withUnsafeBytes { info in
          var parameters = [
            OSSL_PARAM_construct_utf8_string(
              OpenSSL.parameterName("digest"), UnsafeMutablePointer(mutating: digestName), 0),
            OSSL_PARAM_construct_octet_string(
              OpenSSL.parameterName("key"), UnsafeMutableRawPointer(mutating: secret.baseAddress),
              secret.count),
          ]
          if info.count > 0 {
            parameters.append(
              OSSL_PARAM_construct_octet_string(
                OpenSSL.parameterName("info"), UnsafeMutableRawPointer(mutating: info.baseAddress),
                info.count))
          }
          parameters.append(OSSL_PARAM_construct_end())
          return EVP_KDF_derive(context, &output, byteCount, parameters) == 1
        }
      }
    }
    guard derived else { throw OpenSSL.failure("EVP_KDF_derive(X963KDF)") }
    return output
  }
}
