internal import COpenSSL

/// Makes an `EVP_PKEY` from an elliptic-curve point and, for a private key, its scalar
/// (`EVP_PKEY_fromdata` over an `OSSL_PARAM` list).
enum ECKeyBuilder {
  static func build(curve: EllipticCurve, point: [UInt8], scalar: [UInt8]) throws(KeyCryptoError)
    -> OpaquePointer
  {
    var number: OpaquePointer? = nil
    defer { if let number { BN_clear_free(number) } }
    if !scalar.isEmpty {
      number = BN_secure_new() ?? BN_new()
      guard let number, BN_bin2bn(scalar, Int32(scalar.count), number) != nil else {
        throw OpenSSL.failure("BN_bin2bn")
      }
    }
    // The builder keeps pointers to what is pushed until `OSSL_PARAM_BLD_to_param` copies it,
    // so the group name and the point stay borrowed until then.
    let built: OpaquePointer? = curve.groupName.withCString { groupName in
      point.withUnsafeBytes { point in
        guard let builder = OSSL_PARAM_BLD_new() else { return nil }
        defer { OSSL_PARAM_BLD_free(builder) }
        guard
          OSSL_PARAM_BLD_push_utf8_string(builder, OpenSSL.parameterName("group"), groupName, 0) == 1,
          OSSL_PARAM_BLD_push_octet_string(
            builder, OpenSSL.parameterName("pub"), point.baseAddress, point.count) == 1,
          number.map({ OSSL_PARAM_BLD_push_BN(builder, OpenSSL.parameterName("priv"), $0) == 1 })
            ?? true
        else { return nil }
        return OpaquePointer(OSSL_PARAM_BLD_to_param(builder))
      }
    }
    guard let built else { throw OpenSSL.failure("building the EC key parameters") }
    let parameters = UnsafeMutablePointer<OSSL_PARAM>(built)
    defer { OSSL_PARAM_free(parameters) }
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
      throw OpenSSL.failure("EVP_PKEY_CTX_new_from_name(EC)")
    }
    defer { EVP_PKEY_CTX_free(context) }
    guard EVP_PKEY_fromdata_init(context) == 1 else {
      throw OpenSSL.failure("EVP_PKEY_fromdata_init")
    }
    var key: OpaquePointer? = nil
    let selection =
      scalar.isEmpty ? copenssl_selection_public_key() : copenssl_selection_key_pair()
    guard EVP_PKEY_fromdata(context, &key, selection, parameters) == 1, let key else {
      OpenSSL.clearErrors()
      throw .invalidKeyData("the bytes are not a point on \(curve.groupName)")
    }
    return key
  }
}
