import KeyCrypto

/// A `SecKeyAlgorithm`: Apple's raw string (`algid:sign:ECDSA:message-X962:SHA256`), its Swift
/// name, and what it means, read from the string's own grammar as `SecKeyAdaptors.m` spells it.
public struct KeyAlgorithm: Hashable, Sendable, CustomStringConvertible {
  /// The CFString value of the `kSecKeyAlgorithm…` constant.
  public let rawValue: String
  /// The Swift name of the static member (`ecdsaSignatureMessageX962SHA256`).
  public let name: String
  public let meaning: Meaning

  public var description: String { rawValue }

  /// What the algorithm does, and to which kind of key.
  public enum Meaning: Sendable {
    /// A signature scheme. `hashesMessage`: the "message" variants hash their input with
    /// `digest`; the "digest" ones take a digest of exactly `digest`'s length (or any length
    /// when `digest` is nil).
    case signature(SignatureScheme, digest: DigestAlgorithm?, hashesMessage: Bool)
    /// RSA encryption with `padding`.
    case rsaEncryption(RSAPadding)
    /// RSA-OAEP key wrap of a random AES key, then AES-GCM (`…OAEPSHA256AESGCM`).
    case rsaEncryptionWithAESGCM(DigestAlgorithm)
    /// ECIES (`eciesEncryption…`).
    case ecies(IntegratedEncryption)
    /// ECDH, raw (`kdfDigest` nil) or through the X9.63 KDF.
    case ecdh(kdfDigest: DigestAlgorithm?)
  }

  /// The key type the algorithm belongs to.
  public var keyType: KeyType {
    switch meaning {
    case .signature(let scheme, _, _):
      switch scheme {
      case .ecdsaX962, .ecdsaRFC4754: .ellipticCurve
      case .rsaPKCS1v15, .rsaPSS, .rsaRaw: .rsa
      }
    case .rsaEncryption, .rsaEncryptionWithAESGCM: .rsa
    case .ecies, .ecdh: .ellipticCurve
    }
  }

  /// The two operations an algorithm serves: (private-key side, public-key side).
  public var operations: (privateKey: KeyOperation, publicKey: KeyOperation?) {
    switch meaning {
    case .signature: (.sign, .verify)
    case .rsaEncryption, .rsaEncryptionWithAESGCM, .ecies: (.decrypt, .encrypt)
    case .ecdh: (.keyExchange, nil)
    }
  }

  /// The algorithm whose raw string is `rawValue`, if Security defines it.
  public init?(rawValue: String) {
    guard let known = Self.byRawValue[rawValue] else { return nil }
    self = known
  }

  init(name: String, rawValue: String, meaning: Meaning) {
    self.name = name
    self.rawValue = rawValue
    self.meaning = meaning
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  private static let byRawValue: [String: KeyAlgorithm] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.rawValue, $0) })
}
