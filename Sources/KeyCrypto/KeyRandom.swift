/// Random bytes from libcrypto's CSPRNG, for session keys the key algorithms make.
public enum KeyRandom {
  public static func bytes(_ count: Int) throws(KeyCryptoError) -> [UInt8] {
    try OpenSSL.randomBytes(count)
  }

  /// Overwrites secret bytes (a session key, a shared secret, an exported private key) with
  /// zeros in a way the compiler keeps (`OPENSSL_cleanse`), before they are released.
  public static func wipe(_ bytes: inout [UInt8]) { OpenSSL.cleanse(&bytes) }
}
