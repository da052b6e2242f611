internal import COpenSSL

/// The hash functions SecKey's algorithms name (SHA-1 and the SHA-2 family).
public enum DigestAlgorithm: String, CaseIterable, Sendable {
  case sha1 = "SHA1"
  case sha224 = "SHA224"
  case sha256 = "SHA256"
  case sha384 = "SHA384"
  case sha512 = "SHA512"

  /// The digest's length in bytes.
  public var byteCount: Int {
    switch self {
    case .sha1: 20
    case .sha224: 28
    case .sha256: 32
    case .sha384: 48
    case .sha512: 64
    }
  }

  /// libcrypto's name for the digest (`EVP_MD_fetch`, OSSL_PARAM digest names).
  var openSSLName: String {
    switch self {
    case .sha1: "SHA1"
    case .sha224: "SHA2-224"
    case .sha256: "SHA2-256"
    case .sha384: "SHA2-384"
    case .sha512: "SHA2-512"
    }
  }

  /// libcrypto's digest object; the default provider always has these five.
  var evpDigest: OpaquePointer {
    switch self {
    case .sha1: EVP_sha1()
    case .sha224: EVP_sha224()
    case .sha256: EVP_sha256()
    case .sha384: EVP_sha384()
    case .sha512: EVP_sha512()
    }
  }

  /// The digest of `message`.
  public func digest(_ message: [UInt8]) throws(KeyCryptoError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let ok = message.withUnsafeBytes { input in
      EVP_Digest(input.baseAddress, input.count, &out, &length, evpDigest, nil)
    }
    guard ok == 1 else { throw OpenSSL.failure("EVP_Digest(\(rawValue))") }
    return Array(out[0..<Int(length)])
  }
}
