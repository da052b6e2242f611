internal import COpenSSL

/// Converts ECDSA signatures between X9.62 DER (`SEQUENCE { r, s }`, what libcrypto makes) and
/// RFC 4754's fixed-size `r || s` (Apple's `...RFC4754...` algorithms).
enum ECDSASignatureEncoding {
  static func rawFromDER(_ der: [UInt8], fieldByteCount: Int) throws(KeyCryptoError) -> [UInt8] {
    let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
      var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
      return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
    }
    guard let signature = parsed else { throw OpenSSL.failure("d2i_ECDSA_SIG") }
    defer { ECDSA_SIG_free(signature) }
    var raw = [UInt8](repeating: 0, count: 2 * fieldByteCount)
    let count = Int32(fieldByteCount)
    let wrote = raw.withUnsafeMutableBufferPointer { out in
      BN_bn2binpad(ECDSA_SIG_get0_r(signature), out.baseAddress, count) == count
        && BN_bn2binpad(ECDSA_SIG_get0_s(signature), out.baseAddress! + fieldByteCount, count)
          == count
    }
    guard wrote else { throw OpenSSL.failure("BN_bn2binpad") }
    return raw
  }

  static func derFromRaw(_ raw: [UInt8]) throws(KeyCryptoError) -> [UInt8] {
    let half = raw.count / 2
    guard let signature = ECDSA_SIG_new() else { throw OpenSSL.failure("ECDSA_SIG_new") }
    defer { ECDSA_SIG_free(signature) }
    let r = BN_bin2bn(raw, Int32(half), nil)
    let s = Array(raw[half...]).withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32(half), nil) }
    guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
      throw OpenSSL.failure("ECDSA_SIG_set0")
    }
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    let length = i2d_ECDSA_SIG(signature, &buffer)
    guard length > 0, let buffer else { throw OpenSSL.failure("i2d_ECDSA_SIG") }
    defer { copenssl_free(buffer) }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
  }
}
