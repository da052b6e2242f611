internal import COpenSSL

/// One private or public key held by libcrypto (`EVP_PKEY`), with Apple's external
/// representations: ANSI X9.63 for elliptic-curve keys (`04 || X || Y`, and `04 || X || Y || K`
/// for a private key) and PKCS#1 DER for RSA (`RSAPublicKey`, `RSAPrivateKey`), as SecKey.h
/// documents for `SecKeyCopyExternalRepresentation`.
///
/// The only type that owns an `EVP_PKEY`; it is immutable once made, which is what makes
/// sharing it across threads safe (libcrypto allows concurrent use of a key that nobody changes).
public final class AsymmetricKey: @unchecked Sendable, CustomStringConvertible {
  let handle: OpaquePointer
  public let family: KeyFamily
  public let isPrivate: Bool

  private init(handle: OpaquePointer, family: KeyFamily, isPrivate: Bool) {
    self.handle = handle
    self.family = family
    self.isPrivate = isPrivate
  }

  deinit { EVP_PKEY_free(handle) }

  /// Never the key's bytes.
  public var description: String {
    "<\(isPrivate ? "private" : "public") \(family) key>"
  }

  // MARK: - Generation

  /// A new random private key on `curve`.
  public static func generate(curve: EllipticCurve) throws(KeyCryptoError) -> AsymmetricKey {
    let handle = try generateHandle(algorithm: "EC") { context in
      EVP_PKEY_CTX_set_group_name(context, curve.groupName)
    }
    return AsymmetricKey(handle: handle, family: .ellipticCurve(curve), isPrivate: true)
  }

  /// A new random RSA private key of `bits` bits (public exponent 65537).
  public static func generateRSA(bits: Int) throws(KeyCryptoError) -> AsymmetricKey {
    let handle = try generateHandle(algorithm: "RSA") { context in
      EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits))
    }
    return AsymmetricKey(handle: handle, family: .rsa(bits: bits), isPrivate: true)
  }

  private static func generateHandle(
    algorithm: String, configure: (OpaquePointer) -> Int32
  ) throws(KeyCryptoError) -> OpaquePointer {
    guard let context = EVP_PKEY_CTX_new_from_name(nil, algorithm, nil) else {
      throw OpenSSL.failure("EVP_PKEY_CTX_new_from_name(\(algorithm))")
    }
    defer { EVP_PKEY_CTX_free(context) }
    guard EVP_PKEY_keygen_init(context) == 1 else { throw OpenSSL.failure("EVP_PKEY_keygen_init") }
    guard configure(context) == 1 else { throw OpenSSL.failure("configuring \(algorithm) keygen") }
    var key: OpaquePointer?
    guard EVP_PKEY_generate(context, &key) == 1, let key else {
      throw OpenSSL.failure("EVP_PKEY_generate(\(algorithm))")
    }
    return key
  }

  // MARK: - Import

  /// An elliptic-curve key from its X9.63 representation; the curve follows from the length
  /// (97 bytes is a P-256 private key or a P-384 public key, hence `isPrivate`). The point must
  /// lie on the curve and, for a private key, belong to the scalar: checked unless
  /// `checked` is false, for bytes this process made and authenticated itself (a key the
  /// simulated Secure Enclave sealed with an AEAD), where the check would only repeat work.
  public static func ellipticCurve(
    x963 bytes: [UInt8], isPrivate: Bool, checked: Bool = true
  ) throws(KeyCryptoError) -> AsymmetricKey {
    guard let curve = EllipticCurve.forRepresentation(byteCount: bytes.count, isPrivate: isPrivate)
    else {
      throw .invalidKeyData(
        "EC \(isPrivate ? "private" : "public") key data is \(bytes.count) bytes; X9.63 "
          + (isPrivate
            ? "private keys are 97 (P-256), 145 (P-384) or 199 (P-521) bytes"
            : "public keys are 65 (P-256), 97 (P-384) or 133 (P-521) bytes"))
    }
    guard bytes.first == 0x04 else {
      throw .invalidKeyData("EC key data does not start with 04 (an uncompressed X9.63 point)")
    }
    let pointLength = curve.publicKeyByteCount
    let point = Array(bytes[0..<pointLength])
    var scalar = isPrivate ? Array(bytes[pointLength...]) : []
    defer { OpenSSL.cleanse(&scalar) }
    let handle = try ECKeyBuilder.build(curve: curve, point: point, scalar: scalar)
    let key = AsymmetricKey(handle: handle, family: .ellipticCurve(curve), isPrivate: isPrivate)
    if checked { try key.check() }
    return key
  }

  /// An RSA key from PKCS#1 DER (`RSAPrivateKey` or `RSAPublicKey`), or a public key from an
  /// X.509 SubjectPublicKeyInfo, which SecKeyCreateWithData also takes.
  public static func rsa(der bytes: [UInt8], isPrivate: Bool) throws(KeyCryptoError)
    -> AsymmetricKey
  {
    let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      if isPrivate { return d2i_PrivateKey(EVP_PKEY_RSA, nil, &cursor, buffer.count) }
      if let key = d2i_PublicKey(EVP_PKEY_RSA, nil, &cursor, buffer.count) { return key }
      cursor = buffer.baseAddress
      return d2i_PUBKEY(nil, &cursor, buffer.count)
    }
    guard let handle = parsed, EVP_PKEY_get_base_id(handle) == EVP_PKEY_RSA else {
      if let parsed { EVP_PKEY_free(parsed) }
      OpenSSL.clearErrors()
      throw .invalidKeyData(
        isPrivate
          ? "not a PKCS#1 RSAPrivateKey (DER)"
          : "not a PKCS#1 RSAPublicKey or an X.509 SubjectPublicKeyInfo (DER)")
    }
    let key = AsymmetricKey(
      handle: handle, family: .rsa(bits: Int(EVP_PKEY_get_bits(handle))), isPrivate: isPrivate)
    try key.check()
    return key
  }

  /// libcrypto's consistency checks: the public point is on the curve (or the RSA numbers are
  /// sane), and a private key's public half belongs to it.
  private func check() throws(KeyCryptoError) {
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, handle, nil) else {
      throw OpenSSL.failure("EVP_PKEY_CTX_new_from_pkey")
    }
    defer { EVP_PKEY_CTX_free(context) }
    let valid =
      isPrivate ? EVP_PKEY_pairwise_check(context) : EVP_PKEY_public_check(context)
    guard valid == 1 else {
      OpenSSL.clearErrors()
      throw .invalidKeyData(
        isPrivate
          ? "the private key and its public part do not belong together"
          : "the public key is not valid (for EC: the point is not on the curve)")
    }
  }

  // MARK: - Export

  /// Apple's external representation: X9.63 for EC, PKCS#1 DER for RSA. For a private key
  /// these bytes are the secret; the caller keeps them out of logs and errors.
  public func externalRepresentation() throws(KeyCryptoError) -> [UInt8] {
    switch family {
    case .ellipticCurve(let curve):
      let point = try publicPoint(curve: curve)
      guard isPrivate else { return point }
      return point + (try privateScalar(curve: curve))
    case .rsa:
      return try derEncoding(isPrivate ? i2d_PrivateKey : i2d_PublicKey, "i2d (PKCS#1)")
    }
  }

  /// The public key's bytes as SecKey hashes them for `kSecAttrApplicationLabel`: the X9.63
  /// point for EC, PKCS#1 `RSAPublicKey` for RSA.
  public func publicKeyBytes() throws(KeyCryptoError) -> [UInt8] {
    switch family {
    case .ellipticCurve(let curve): try publicPoint(curve: curve)
    case .rsa: try derEncoding(i2d_PublicKey, "i2d_PublicKey")
    }
  }

  /// The public key as an X.509 SubjectPublicKeyInfo (DER): what `openssl` and most other
  /// tools read.
  public func subjectPublicKeyInfo() throws(KeyCryptoError) -> [UInt8] {
    try derEncoding(i2d_PUBKEY, "i2d_PUBKEY")
  }

  /// The public half of this key (itself when it is public).
  public func publicKey() throws(KeyCryptoError) -> AsymmetricKey {
    guard isPrivate else { return self }
    let bytes = try publicKeyBytes()
    switch family {
    case .ellipticCurve: return try .ellipticCurve(x963: bytes, isPrivate: false)
    case .rsa: return try .rsa(der: bytes, isPrivate: false)
    }
  }

  /// RSA's modulus size in bytes, or the largest signature for EC (`SecKeyGetBlockSize`).
  public var blockByteCount: Int { Int(EVP_PKEY_get_size(handle)) }

  private func publicPoint(curve: EllipticCurve) throws(KeyCryptoError) -> [UInt8] {
    var point = [UInt8](repeating: 0, count: curve.publicKeyByteCount)
    var length = 0
    guard
      EVP_PKEY_get_octet_string_param(
        handle, OSSL_PKEY_PARAM_PUB_KEY, &point, point.count, &length) == 1,
      length == point.count
    else { throw OpenSSL.failure("reading the EC public point") }
    return point
  }

  private func privateScalar(curve: EllipticCurve) throws(KeyCryptoError) -> [UInt8] {
    var number: OpaquePointer?
    guard EVP_PKEY_get_bn_param(handle, OSSL_PKEY_PARAM_PRIV_KEY, &number) == 1, let number else {
      throw OpenSSL.failure("reading the EC private scalar")
    }
    defer { BN_clear_free(number) }
    var scalar = [UInt8](repeating: 0, count: curve.fieldByteCount)
    guard BN_bn2binpad(number, &scalar, Int32(scalar.count)) == Int32(scalar.count) else {
      throw OpenSSL.failure("BN_bn2binpad")
    }
    return scalar
  }

  private typealias DEREncoder = (
    OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
  ) -> Int32

  private func derEncoding(_ encode: DEREncoder, _ step: String) throws(KeyCryptoError)
    -> [UInt8]
  {
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    let length = encode(handle, &buffer)
    guard length > 0, let buffer else { throw OpenSSL.failure(step) }
    defer {
      OPENSSL_cleanse(buffer, Int(length))
      copenssl_free(buffer)
    }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
  }
}
