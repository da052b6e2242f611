import Foundation
import KeyCrypto
import KeychainEngine

/// `SecKeyCreateRandomKey`'s rules (`SecKey.m`): which key to make from the parameters, and
/// which of the pair to store in the keychain.
public struct KeyGeneration: Sendable {
  /// The new private key, which the call returns.
  public let privateKey: SimulatedKey
  /// Its public half.
  public let publicKey: SimulatedKey
  /// The SecItemAdd attributes of each key the parameters ask to store, public first (Apple
  /// adds the public key first and does not roll it back when the private add fails).
  public let itemsToAdd: [SecQuery]

  /// Makes a key pair as `parameters` ask (`kSecAttrKeyType`, `kSecAttrKeySizeInBits`,
  /// `kSecAttrTokenID`, `kSecPrivateKeyAttrs`, `kSecPublicKeyAttrs`, `kSecAttrIsPermanent`).
  ///
  /// `enclave` is the device's Secure Enclave, if it has one: `kSecAttrTokenID` with
  /// `kSecAttrTokenIDSecureEnclave` makes the private key there.
  public init(parameters: SecQuery, enclave: (any SecureEnclaveAccess)? = nil)
    throws(KeyFailure)
  {
    if let token = parameters["tkid"] {
      try self.init(secureEnclaveParameters: parameters, token: token, enclave: enclave)
    } else {
      try self.init(softwareParameters: parameters)
    }
  }

  /// A software key pair (`SecECKeyGeneratePair`, `SecRSAKeyGeneratePair`).
  private init(softwareParameters parameters: SecQuery) throws(KeyFailure) {
    let keyType: KeyType
    switch parameters["type"] {
    case .string(let text)?:
      guard let known = KeyType(rawValue: text) else { throw Self.missingType }
      keyType = known
    default:
      throw Self.missingType
    }
    let bits = Self.sizeInBits(parameters["bsiz"])
    let material: AsymmetricKey
    do {
      switch keyType {
      case .ellipticCurve:
        guard let bits, let curve = EllipticCurve(rawValue: bits) else {
          throw Self.sizeNotAllowed(keyType, parameters["bsiz"])
        }
        material = try AsymmetricKey.generate(curve: curve)
      case .rsa:
        // SecRSAKey.c: 512 to 8192 bits (kMaximumRSAKeyBits); libcrypto wants whole bytes.
        guard let bits, (512...8192).contains(bits), bits % 8 == 0 else {
          throw Self.sizeNotAllowed(keyType, parameters["bsiz"])
        }
        material = try AsymmetricKey.generateRSA(bits: bits)
      }
    } catch let failure as KeyFailure {
      throw failure
    } catch let error as KeyCryptoError {
      throw KeyFailure(.errSecInternal, "failed to generate key: \(error.reason)")
    } catch {
      throw KeyFailure(.errSecInternal, "failed to generate key: \(error)")
    }
    privateKey = SimulatedKey(material: material)
    publicKey = try privateKey.publicKey()
    itemsToAdd = try Self.items(
      privateKey, publicKey, privateParameters: Self.merged(parameters, "private"),
      publicParameters: Self.merged(parameters, "public"), privateIsPermanentByDefault: false)
  }

  /// SecCTKKeyCreateRandomKey (`SecCTKKey.m`): the private key is made in the token, with the
  /// top-level parameters winning over `kSecPrivateKeyAttrs` (the opposite of software keys),
  /// and stored unless `kSecAttrIsPermanent` is false; a stored public key is an ordinary
  /// software row.
  private init(secureEnclaveParameters parameters: SecQuery, token: SecValue, enclave: (any SecureEnclaveAccess)?)
    throws(KeyFailure)
  {
    guard token == .string(SimulatedKey.secureEnclaveTokenID) else {
      throw KeyFailure(
        .errSecParam, "Failed to generate keypair: unknown kSecAttrTokenID \(token)")
    }
    guard let enclave else {
      // What SecKeyCreateRandomKey answers where there is no Secure Enclave (CryptoTokenKit
      // unavailable: errSecUnimplemented, SecCTKKey.m), which apps probe for.
      throw KeyFailure(
        .errSecUnimplemented,
        "Failed to generate keypair: this device has no Secure Enclave (kSecAttrTokenID: "
          + "kSecAttrTokenIDSecureEnclave)")
    }
    guard parameters["type"] == .string(KeyType.ellipticCurve.rawValue),
      Self.sizeInBits(parameters["bsiz"]) == 256
    else {
      throw KeyFailure(
        .errSecParam,
        "Failed to generate keypair: the Secure Enclave makes only 256-bit EC keys "
          + "(kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits 256)")
    }
    var privateParameters: SecQuery = [:]
    if case .dictionary(let sub)? = parameters["private"] { privateParameters = sub }
    for (key, value) in parameters { privateParameters[key] = value }
    for key in ["private", "public", "type", "bsiz"] { privateParameters[key] = nil }
    var control: SecAccessControl? = nil
    if case .accessControl(let given)? = privateParameters["accc"] { control = given }
    var context: LAContext? = nil
    if case .authenticationContext(let given)? = privateParameters["u_AuthCtx"] { context = given }
    var prompt: String? = nil
    if case .string(let given)? = privateParameters["u_OpPrompt"] { prompt = given }

    let made = try enclave.createKey(accessControl: control)
    privateKey = SimulatedKey(
      enclave: EnclaveKeyReference(
        tokenObject: made.tokenObject, accessControl: control, authenticationContext: context,
        operationPrompt: prompt),
      publicKey: made.publicKey)
    publicKey = try privateKey.publicKey()
    itemsToAdd = try Self.items(
      privateKey, publicKey, privateParameters: privateParameters,
      publicParameters: Self.merged(parameters, "public"), privateIsPermanentByDefault: true)
  }

  /// The keys to store, public first (SecKey.m): a public key only when its
  /// `kSecAttrIsPermanent` is true, a private key unless it is false for a token key, only when
  /// true for a software key.
  private static func items(
    _ privateKey: SimulatedKey, _ publicKey: SimulatedKey, privateParameters: SecQuery,
    publicParameters: SecQuery, privateIsPermanentByDefault: Bool
  ) throws(KeyFailure) -> [SecQuery] {
    var items: [SecQuery] = []
    if publicParameters["perm"] == .bool(true) {
      items.append(try publicKey.itemAttributes(given: publicParameters))
    }
    let privateIsPermanent =
      privateIsPermanentByDefault
      ? privateParameters["perm"] != .bool(false) : privateParameters["perm"] == .bool(true)
    if privateIsPermanent {
      items.append(try privateKey.itemAttributes(given: privateParameters))
    }
    return items
  }

  private static let missingType = KeyFailure.param(
    "incorrect or missing kSecAttrKeyType in key generation request")

  private static func sizeNotAllowed(_ type: KeyType, _ value: SecValue?) -> KeyFailure {
    let allowed =
      type == .ellipticCurve ? "256, 384 or 521 bits" : "512 to 8192 bits, a multiple of 8"
    let given = value.map(KeyFailure.describe) ?? "missing"
    return KeyFailure(
      .errSecKeySizeNotAllowed,
      "failed to generate key: kSecAttrKeySizeInBits \(given) is not allowed for "
        + "\(type.constantName) (\(allowed))")
  }

  /// `kSecAttrKeySizeInBits` as a CFNumber or a CFString of digits.
  static func sizeInBits(_ value: SecValue?) -> Int? {
    switch value {
    case .number(let number)?: Int(exactly: number)
    case .string(let text)?: Int(text)
    default: nil
    }
  }

  /// SecKey.m's `merge_params`: the sub-dictionary, then every top-level entry it lacks, less
  /// the entries that only belong at the top. A `kSecAttrIsPermanent` that is not a CFBoolean
  /// counts as absent (Apple's `getBoolForKey` logs and uses the default).
  static func merged(_ parameters: SecQuery, _ subKey: String) -> SecQuery {
    var result: SecQuery = [:]
    if case .dictionary(let sub)? = parameters[subKey] { result = sub }
    for (key, value) in parameters where result[key] == nil { result[key] = value }
    for key in ["private", "public", "type", "bsiz"] { result[key] = nil }
    if subKey == "public" { result["tkid"] = nil }
    return result
  }
}

extension SimulatedKey {
  /// What SecItemAdd stores for this key: the caller's attributes, then every attribute of the
  /// key the caller did not give (`SecItemAttributesPrepare` expands `kSecValueRef` this way,
  /// so an app's own `kSecAttrApplicationLabel` wins), `kSecClass` keys and the external
  /// representation as the secret.
  ///
  /// A Secure Enclave key's row is a token item (`SecItem.m` `SecTokenItemAdd`): its secret is
  /// the token object, its `pdmn` is forced to `dk` ("token items should be accessible always
  /// because have own ACL encoded in OID") and the access control lives only in the token
  /// object, so the row can be found while the device is locked and the enclave enforces the
  /// protection when the key is used.
  public func itemAttributes(given: SecQuery) throws(KeyFailure) -> SecQuery {
    var item = given
    for (key, value) in try attributes() where item[key] == nil {
      item[key] = value
    }
    item["class"] = .string("keys")
    if let enclave {
      item["v_Data"] = .data(enclave.tokenObject)
      item["pdmn"] = .string("dk")
      item["accc"] = nil
      item["tkid"] = .string(Self.secureEnclaveTokenID)
      item["u_AuthCtx"] = nil
      item["u_OpPrompt"] = nil
    }
    return item
  }
}
