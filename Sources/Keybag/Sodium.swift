internal import CSodium

/// The only file that calls libsodium's `crypto_*` functions.
///
/// Thin, throwing wrappers (never Optional results): random bytes, BLAKE2b keyed
/// hashing (`crypto_generichash`), Argon2id (`crypto_pwhash`) and XChaCha20-Poly1305-IETF.
/// Related libsodium documentation: https://doc.libsodium.org/
enum Sodium {
  // MARK: - Sizes

  /// Class keys, wrapping keys and derived keys are all XChaCha20-Poly1305 keys.
  static let keyByteCount = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
  static let nonceByteCount = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
  static let tagByteCount = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
  static let saltByteCount = Int(crypto_pwhash_argon2id_SALTBYTES)
  /// The keybag checksum: BLAKE2b-256.
  static let checksumByteCount = Int(crypto_generichash_BYTES)
  /// What sealing adds to a plaintext: the nonce in front, the tag behind.
  static let sealedOverhead = nonceByteCount + tagByteCount

  // MARK: - Initialisation

  /// `sodium_init()` runs once, on first use; it is safe to call from any thread.
  private static let initialised: Bool = sodium_init() >= 0

  /// Every entry point calls this: libsodium's functions are unsafe before `sodium_init`.
  private static func ready() {
    precondition(initialised, "libsodium failed to initialise (sodium_init() < 0)")
  }

  // MARK: - Randomness

  /// `count` bytes from the system CSPRNG (`randombytes_buf`).
  static func randomBytes(_ count: Int) -> [UInt8] {
    ready()
    var bytes = [UInt8](repeating: 0, count: count)
    guard count > 0 else { return bytes }
    bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) }
    return bytes
  }

  /// A fresh random key.
  static func randomKey() -> SecretBytes {
    ready()
    let key = SecretBytes(count: keyByteCount)
    key.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) }
    return key
  }

  // MARK: - Key derivation

  /// BLAKE2b-256 of `message` keyed by `key` (`crypto_generichash`): how the UID is mixed into
  /// every wrapping key, so that a keybag blob is useless without its device's UID.
  static func keyedHash(key: SecretBytes, message: SecretBytes) -> SecretBytes {
    let out = SecretBytes(count: keyByteCount)
    out.withUnsafeMutableBytes { out in
      message.withUnsafeBytes { message in generichash(into: out, key: key, message: message) }
    }
    return out
  }

  /// BLAKE2b of `message` keyed by `key`, `count` bytes long: the item store's search
  /// hashes, computed for every attribute of every add and query, so it takes plain bytes.
  static func shortKeyedHash(key: SecretBytes, message: [UInt8], count: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: count)
    out.withUnsafeMutableBytes { out in
      message.withUnsafeBytes { message in generichash(into: out, key: key, message: message) }
    }
    return out
  }

  /// Keyed BLAKE2b of `message` into `out`, whose size (16 to 64 bytes) is the hash's.
  static func keyedHash(
    into out: UnsafeMutableRawBufferPointer, key: SecretBytes, message: UnsafeRawBufferPointer
  ) {
    generichash(into: out, key: key, message: message)
  }

  /// Keyed BLAKE2b (`crypto_generichash`) of `message` into `out`, whose size is the hash's;
  /// the one call behind ``keyedHash(key:message:)`` and ``shortKeyedHash(key:message:count:)``.
  private static func generichash(
    into out: UnsafeMutableRawBufferPointer, key: SecretBytes, message: UnsafeRawBufferPointer
  ) {
    ready()
    let status = key.withUnsafeBytes { key in
      csodium_generichash(
        out.baseAddress!, out.count, message.baseAddress, UInt64(message.count),
        key.baseAddress, key.count)
    }
    precondition(status == 0, "crypto_generichash failed with valid sizes")
  }

  /// Unkeyed BLAKE2b-256 of `message` (`crypto_generichash`): the keybag blob's checksum,
  /// which tells damage apart from a wrong passcode.
  static func checksum(_ message: some Collection<UInt8>) -> [UInt8] {
    ready()
    let bytes = Array(message)
    var out = [UInt8](repeating: 0, count: checksumByteCount)
    let status = out.withUnsafeMutableBytes { out in
      bytes.withUnsafeBytes { bytes in
        csodium_generichash(
          out.baseAddress!, out.count, bytes.baseAddress, UInt64(bytes.count), nil, 0)
      }
    }
    precondition(status == 0, "crypto_generichash failed with valid sizes")
    return out
  }

  /// Argon2id13 (`crypto_pwhash`) of `password` with `salt` and `parameters`.
  ///
  /// - Throws: ``KeybagError/keyDerivationFailed`` when libsodium refuses (usually memory).
  static func argon2id(
    password: SecretBytes, salt: [UInt8], parameters: KDFParameters
  ) throws(KeybagError) -> SecretBytes {
    ready()
    precondition(salt.count == saltByteCount, "Argon2id salt must be \(saltByteCount) bytes")
    guard let memLimit = Int(exactly: parameters.memLimit) else {
      throw .keyDerivationFailed
    }
    let out = SecretBytes(count: keyByteCount)
    let status = out.withUnsafeMutableBytes { out in
      password.withUnsafeBytes { password in
        salt.withUnsafeBytes { salt in
          csodium_argon2id(
            out.baseAddress!, UInt64(out.count), password.baseAddress!, UInt64(password.count),
            salt.baseAddress!, parameters.opsLimit, memLimit)
        }
      }
    }
    guard status == 0 else { throw .keyDerivationFailed }
    return out
  }

  /// Argon2id with libsodium's "interactive" pass count over 32 MiB: about 60 ms on the 2-core
  /// build machines (libsodium's own 64 MiB interactive limit measured about 145 ms there), in
  /// the tens of milliseconds Apple calibrates a passcode derivation to (~80 ms, [APS]).
  static let realisticParameters = KDFParameters(
    opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE),
    memLimit: 32 << 20)

  /// Libsodium's Argon2id minimum limits: fast enough for hundreds of tests.
  static let minimumParameters = KDFParameters(
    opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MIN),
    memLimit: UInt64(crypto_pwhash_argon2id_MEMLIMIT_MIN))

  // MARK: - AEAD

  /// XChaCha20-Poly1305-IETF with a fresh random nonce. Returns `nonce ‖ ciphertext ‖ tag`.
  static func seal(_ plaintext: [UInt8], key: SecretBytes, associatedData: [UInt8]) -> [UInt8] {
    plaintext.withUnsafeBytes { seal($0, key: key, associatedData: associatedData) }
  }

  /// Seals key material without copying it out of its ``SecretBytes``.
  static func seal(_ plaintext: SecretBytes, key: SecretBytes, associatedData: [UInt8])
    -> [UInt8]
  {
    plaintext.withUnsafeBytes { seal($0, key: key, associatedData: associatedData) }
  }

  /// Opens `nonce ‖ ciphertext ‖ tag`.
  ///
  /// - Throws: ``KeybagError/authenticationFailed`` if the tag does not verify (wrong key,
  ///   wrong associated data, tampered or truncated bytes).
  static func open(_ sealed: [UInt8], key: SecretBytes, associatedData: [UInt8])
    throws(KeybagError) -> [UInt8]
  {
    guard sealed.count >= nonceByteCount + tagByteCount else { throw .authenticationFailed }
    var output = [UInt8](repeating: 0, count: sealed.count - nonceByteCount - tagByteCount)
    let status = output.withUnsafeMutableBytes {
      open(sealed, key: key, associatedData: associatedData, into: $0)
    }
    guard status == 0 else { throw .authenticationFailed }
    return output
  }

  /// Opens sealed key material straight into a ``SecretBytes``.
  static func openSecret(_ sealed: [UInt8], key: SecretBytes, associatedData: [UInt8])
    throws(KeybagError) -> SecretBytes
  {
    guard sealed.count >= nonceByteCount + tagByteCount else { throw .authenticationFailed }
    let output = SecretBytes(count: sealed.count - nonceByteCount - tagByteCount)
    let status = output.withUnsafeMutableBytes {
      open(sealed, key: key, associatedData: associatedData, into: $0)
    }
    guard status == 0 else { throw .authenticationFailed }
    return output
  }

  private static func seal(
    _ plaintext: UnsafeRawBufferPointer, key: SecretBytes, associatedData: [UInt8]
  ) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: nonceByteCount + plaintext.count + tagByteCount)
    output.withUnsafeMutableBytes { output in
      associatedData.withUnsafeBytes { ad in
        seal(plaintext, key: key, associatedData: ad, into: output)
      }
    }
    return output
  }

  /// Seals `plaintext` into `output`, which must be exactly
  /// `nonce ‖ ciphertext ‖ tag` long: the item path, which writes its key id in front and so
  /// wants no intermediate array.
  static func seal(
    _ plaintext: UnsafeRawBufferPointer, key: SecretBytes,
    associatedData ad: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
  ) {
    ready()
    precondition(output.count == nonceByteCount + plaintext.count + tagByteCount)
    let nonce = output.baseAddress!
    randombytes_buf(nonce, nonceByteCount)
    let status = key.withUnsafeBytes { key in
      csodium_aead_encrypt(
        nonce + nonceByteCount, plaintext.baseAddress, UInt64(plaintext.count),
        ad.baseAddress, UInt64(ad.count), nonce, key.baseAddress!)
    }
    precondition(status == 0, "crypto_aead_xchacha20poly1305_ietf_encrypt failed")
  }

  /// Opens `nonce ‖ ciphertext ‖ tag` read in place into `output` (exactly the plaintext
  /// size). Returns libsodium's status: 0 when the tag verifies.
  static func open(
    _ sealed: UnsafeRawBufferPointer, key: SecretBytes,
    associatedData ad: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
  ) -> Int32 {
    ready()
    guard sealed.count >= nonceByteCount + tagByteCount,
      output.count == sealed.count - nonceByteCount - tagByteCount
    else { return -1 }
    let nonce = sealed.baseAddress!
    return key.withUnsafeBytes { key in
      csodium_aead_decrypt(
        output.baseAddress, nonce + nonceByteCount, UInt64(sealed.count - nonceByteCount),
        ad.baseAddress, UInt64(ad.count), nonce, key.baseAddress!)
    }
  }

  /// Overwrites `bytes` with zeros (`sodium_memzero`, which the compiler may not elide): a
  /// plaintext's buffer once it has been read.
  static func wipe(_ bytes: UnsafeMutableRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    sodium_memzero(base, bytes.count)
  }

  /// The `[UInt8]` form behind both array `open`s; `output` is exactly the plaintext size.
  private static func open(
    _ sealed: [UInt8], key: SecretBytes, associatedData: [UInt8],
    into output: UnsafeMutableRawBufferPointer
  ) -> Int32 {
    sealed.withUnsafeBytes { sealed in
      associatedData.withUnsafeBytes { ad in
        open(sealed, key: key, associatedData: ad, into: output)
      }
    }
  }
}
