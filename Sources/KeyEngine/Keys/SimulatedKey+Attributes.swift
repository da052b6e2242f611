import Foundation
import KeychainEngine

extension SimulatedKey {
  /// `SecKeyCopyAttributes` of a software key (SecKey.h; `SecKey.m`
  /// `SecKeyCopyAttributeDictionaryWithLocalKey`): the key class and type as their string
  /// constants, the size, the SHA-1 application label, `perm` true whatever the key's storage
  /// ("mark all keys as permanent"), the usage flags of the key's class and the external
  /// representation as `v_Data`.
  ///
  /// A Secure Enclave key reports `tkid` (`com.apple.setoken`) and its access control, is
  /// sensitive and never extractable, and has no `v_Data` (its key never leaves the enclave).
  public func attributes() throws(KeyFailure) -> SecQuery {
    if let enclave {
      var attributes = try softwareAttributes(withData: false)
      attributes["tkid"] = .string(Self.secureEnclaveTokenID)
      attributes["sens"] = .bool(true)
      attributes["asen"] = .bool(true)
      attributes["extr"] = .bool(false)
      attributes["next"] = .bool(true)
      if let control = enclave.accessControl { attributes["accc"] = .accessControl(control) }
      return attributes
    }
    return try softwareAttributes(withData: true)
  }

  /// `kSecAttrTokenIDSecureEnclave`.
  public static let secureEnclaveTokenID = "com.apple.setoken"

  private func softwareAttributes(withData: Bool) throws(KeyFailure) -> SecQuery {
    var attributes: SecQuery = [
      "class": .string("keys"),
      "kcls": .string(keyClass.rawValue),
      "type": .string(keyType.rawValue),
      "bsiz": .number(Int64(sizeInBits)),
      "esiz": .number(Int64(sizeInBits)),
      "klbl": .data(try applicationLabel()),
      "perm": .bool(true),
      "priv": .bool(true),
      "modi": .bool(true),
      "sens": .bool(false),
      "asen": .bool(false),
      "extr": .bool(true),
      "next": .bool(false),
      "snrc": .bool(false),
      "vyrc": .bool(false),
    ]
    if withData { attributes["v_Data"] = .data(try externalRepresentation()) }
    for (name, value) in usageFlags { attributes[name] = .bool(value) }
    return attributes
  }

  /// The usage flags SecKey reports per key class (`encr decr drve sign vrfy wrap unwp`),
  /// with Apple's quirks: an RSA public key says it can decrypt, no public key can derive,
  /// and an RSA private key cannot derive.
  private var usageFlags: [(String, Bool)] {
    switch keyClass {
    case .private:
      [
        ("encr", false), ("decr", true), ("drve", keyType == .ellipticCurve), ("sign", true),
        ("vrfy", false), ("wrap", false), ("unwp", true),
      ]
    case .public:
      [
        ("encr", true), ("decr", keyType == .rsa), ("drve", false), ("sign", false),
        ("vrfy", true), ("wrap", true), ("unwp", false),
      ]
    }
  }
}
