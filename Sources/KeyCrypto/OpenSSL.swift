internal import COpenSSL

/// Helpers shared by the files that call libcrypto: its error queue and its buffers.
enum OpenSSL {
  /// A ``KeyCryptoError/libraryFailure(_:)`` naming `step` and the reasons on libcrypto's
  /// error queue, which it empties (so one failure's reasons never leak into the next).
  static func failure(_ step: String) -> KeyCryptoError {
    .libraryFailure("\(step) failed" + queuedReasons())
  }

  /// The reasons on the error queue as `: reason; reason`, emptying it; "" when empty.
  static func queuedReasons() -> String {
    var reasons: [String] = []
    while case let code = ERR_get_error(), code != 0 {
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      reasons.append(text)
    }
    return reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")
  }

  /// Empties the error queue after an expected failure (a signature that does not verify).
  static func clearErrors() { ERR_clear_error() }

  /// `count` bytes from libcrypto's CSPRNG.
  static func randomBytes(_ count: Int) throws(KeyCryptoError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    guard count > 0 else { return bytes }
    guard RAND_bytes(&bytes, Int32(count)) == 1 else { throw failure("RAND_bytes") }
    return bytes
  }

  /// Overwrites `bytes` with zeros in a way the compiler keeps (`OPENSSL_cleanse`).
  static func cleanse(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { buffer in
      if let base = buffer.baseAddress { OPENSSL_cleanse(base, buffer.count) }
    }
  }
}

extension OpenSSL {
  /// A parameter name that outlives the call: `OSSL_PARAM` lists and builders keep the pointer
  /// to their names, so a Swift `String` (bridged to a temporary C string) cannot be one.
  static func parameterName(_ name: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
