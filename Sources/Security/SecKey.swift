// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation
internal import KeyEngine
internal import Keychain
internal import KeychainSimulatorPhone

/// `SecKeyRef`: a private or public key of the simulated phone. Software keys only so far
/// (EC P-256/384/521 and RSA), held by OpenSSL's libcrypto; every rule is the engine's
/// (`KeyEngine`). Equal when they are the same key of the same class, as `CFEqual` says.
public final class SecKey: NSObject, @unchecked Sendable {
  let engineKey: SimulatedKey

  init(_ engineKey: SimulatedKey) {
    self.engineKey = engineKey
    super.init()
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SecKey else { return false }
    if other === self { return true }
    return other.engineKey.keyClass == engineKey.keyClass
      && (try? other.engineKey.applicationLabel()) == (try? engineKey.applicationLabel())
      && (try? other.engineKey.externalRepresentation())
        == (try? engineKey.externalRepresentation())
  }

  public override var hash: Int { engineKey.sizeInBits ^ engineKey.keyClass.hashValue }

  /// Never the key's bytes.
  public override var description: String { engineKey.description }
}

/// `SecKeyAlgorithm`: a CFString naming an algorithm (`algid:sign:ECDSA:message-X962:SHA256`),
/// with Apple's static members (generated from the engine's catalog).
public struct SecKeyAlgorithm: RawRepresentable, Hashable, @unchecked Sendable {
  public let rawValue: CFString
  public init(rawValue: CFString) { self.rawValue = rawValue }
  init(constant: String) { self.rawValue = SecConstantString(constant) }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  /// The engine's algorithm, or nil for a string Security does not define.
  var engineAlgorithm: KeyAlgorithm? { KeyAlgorithm(rawValue: text) }

  /// The raw string: a constant's own, any other CFString bridged. Not `rawValue as String`
  /// alone: that bridge copies the string character by character here, some 24 000
  /// instructions for an algorithm's name, twice per SecKey call (docs/benchmarks.md, "SecKey").
  private var text: String {
    if let constant = rawValue as? SecConstantString { return constant.text }
    return rawValue as String
  }
}

/// `SecKeyOperationType`, with Apple's raw values.
public enum SecKeyOperationType: Int, Sendable {
  case sign = 0
  case verify = 1
  case encrypt = 2
  case decrypt = 3
  case keyExchange = 4
}

/// `SecKeyKeyExchangeParameter`: the keys of `SecKeyCopyKeyExchangeResult`'s parameters.
public struct SecKeyKeyExchangeParameter: RawRepresentable, Hashable, @unchecked Sendable {
  public let rawValue: CFString
  public init(rawValue: CFString) { self.rawValue = rawValue }
  public static let requestedSize = SecKeyKeyExchangeParameter(
    rawValue: SecConstantString("requestedSize"))
  public static let sharedInfo = SecKeyKeyExchangeParameter(
    rawValue: SecConstantString("sharedInfo"))
}

nonisolated(unsafe) public let kSecKeyKeyExchangeParameterRequestedSize: CFString =
  SecKeyKeyExchangeParameter.requestedSize.rawValue
nonisolated(unsafe) public let kSecKeyKeyExchangeParameterSharedInfo: CFString =
  SecKeyKeyExchangeParameter.sharedInfo.rawValue

public func SecKeyGetTypeID() -> CFTypeID { 0x5ecc }

/// Makes a key pair as `parameters` say and returns its private key; stores the keys the
/// parameters mark `kSecAttrIsPermanent` in the keychain through SecItemAdd (public first).
public func SecKeyCreateRandomKey(
  _ parameters: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? {
  SecKeyCall.run("SecKeyCreateRandomKey", [], error) { () throws(KeyFailure) -> SecKey in
    let query: SecQuery
    do throws(ValueTranslator.Untranslatable) {
      query = try ValueTranslator.query(parameters, role: "parameters")
    } catch {
      throw KeyFailure(.errSecParam, error.reason)
    }
    let generation = try SecKeyCall.onDevice { device throws(KeyFailure) in
      try KeyGeneration(parameters: query, enclave: device.secureEnclave)
    }
    for item in generation.itemsToAdd {
      try SecKeyCall.store(item)
    }
    return SecKey(generation.privateKey)
  }
}

/// The public key of `key` (itself when public).
public func SecKeyCopyPublicKey(_ key: SecKey) -> SecKey? {
  guard let publicKey = try? key.engineKey.publicKey() else { return nil }
  return publicKey === key.engineKey ? key : SecKey(publicKey)
}

/// Apple's external representation: X9.63 for EC keys, PKCS#1 for RSA.
public func SecKeyCopyExternalRepresentation(
  _ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  SecKeyCall.run("SecKeyCopyExternalRepresentation", [key], error) { () throws(KeyFailure) -> CFData in
    try key.engineKey.externalRepresentation() as NSData
  }
}

/// A key from its external representation; nothing is stored.
public func SecKeyCreateWithData(
  _ keyData: CFData, _ attributes: CFDictionary,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? {
  SecKeyCall.run("SecKeyCreateWithData", [keyData], error) { () throws(KeyFailure) -> SecKey in
    let query: SecQuery
    do throws(ValueTranslator.Untranslatable) {
      query = try ValueTranslator.query(attributes, role: "attributes")
    } catch {
      throw KeyFailure(.errSecParam, error.reason)
    }
    return SecKey(try KeyImport.key(data: keyData.contents, attributes: query))
  }
}

/// The key's attributes, as `SecKeyCopyAttributes` reports a software key.
public func SecKeyCopyAttributes(_ key: SecKey) -> CFDictionary? {
  guard let attributes = try? key.engineKey.attributes() else { return nil }
  return attributes.mapValues(ValueTranslator.object) as NSDictionary
}

/// `SecKeyGetBlockSize`.
public func SecKeyGetBlockSize(_ key: SecKey) -> Int { key.engineKey.blockSize }

public func SecKeyIsAlgorithmSupported(
  _ key: SecKey, _ operation: SecKeyOperationType, _ algorithm: SecKeyAlgorithm
) -> Bool {
  guard let engineAlgorithm = algorithm.engineAlgorithm,
    let engineOperation = KeyOperation(rawValue: operation.rawValue)
  else { return false }
  return key.engineKey.supports(engineOperation, engineAlgorithm)
}

public func SecKeyCreateSignature(
  _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ dataToSign: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  SecKeyCall.run("SecKeyCreateSignature", [key, algorithm, dataToSign], error) { () throws(KeyFailure) -> CFData in
    let engineAlgorithm = try SecKeyCall.algorithm(algorithm, key)
    return try SecKeyCall.privateOperation(key) { enclave throws(KeyFailure) in
      try key.engineKey.signature(engineAlgorithm, of: dataToSign.contents, enclave: enclave)
    } as NSData
  }
}

public func SecKeyVerifySignature(
  _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ signedData: CFData, _ signature: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
  SecKeyCall.run("SecKeyVerifySignature", [key, algorithm, signedData, signature], error) { () throws(KeyFailure) -> Bool in
    try key.engineKey.verify(
      try SecKeyCall.algorithm(algorithm, key), signature: signature.contents,
      of: signedData.contents)
    return true
  } ?? false
}

public func SecKeyCreateEncryptedData(
  _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ plaintext: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  SecKeyCall.run("SecKeyCreateEncryptedData", [key, algorithm, plaintext], error) { () throws(KeyFailure) -> CFData in
    try key.engineKey.encrypt(try SecKeyCall.algorithm(algorithm, key), plaintext.contents)
      as NSData
  }
}

public func SecKeyCreateDecryptedData(
  _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ ciphertext: CFData,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  SecKeyCall.run("SecKeyCreateDecryptedData", [key, algorithm, ciphertext], error) { () throws(KeyFailure) -> CFData in
    let engineAlgorithm = try SecKeyCall.algorithm(algorithm, key)
    return try SecKeyCall.privateOperation(key) { enclave throws(KeyFailure) in
      try key.engineKey.decrypt(engineAlgorithm, ciphertext.contents, enclave: enclave)
    } as NSData
  }
}

public func SecKeyCopyKeyExchangeResult(
  _ privateKey: SecKey, _ algorithm: SecKeyAlgorithm, _ publicKey: SecKey,
  _ parameters: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? {
  SecKeyCall.run("SecKeyCopyKeyExchangeResult", [privateKey, algorithm, publicKey], error) { () throws(KeyFailure) -> CFData in
    let requested = parameters[SecKeyKeyExchangeParameter.requestedSize.rawValue as String]
    let shared = parameters[SecKeyKeyExchangeParameter.sharedInfo.rawValue as String]
    var requestedSize: Int? = nil
    if let requested {
      guard let number = requested as? NSNumber else {
        throw KeyFailure(.errSecParam, "kSecKeyKeyExchangeParameterRequestedSize is not a CFNumber")
      }
      requestedSize = number.intValue
    }
    var sharedInfo: Data? = nil
    if let shared {
      guard let data = shared as? Data else {
        throw KeyFailure(
          .errSecParam, "ECDHKeyExchange wrong sharedInfo type (must be CFData/NSData)")
      }
      sharedInfo = data
    }
    let engineAlgorithm = try SecKeyCall.algorithm(algorithm, privateKey)
    return try SecKeyCall.privateOperation(privateKey) { enclave throws(KeyFailure) in
      try privateKey.engineKey.keyExchange(
        engineAlgorithm, with: publicKey.engineKey, requestedSize: requestedSize,
        sharedInfo: sharedInfo, enclave: enclave)
    } as NSData
  }
}

/// One SecKey call through the translation layer: run it, hand a failure out as a CFError in
/// `NSOSStatusErrorDomain` (SecCFError.h), and record it in the calling phone's transcript.
enum SecKeyCall {
  static func run<Result>(
    _ function: StaticString, _ arguments: [any SecKeyCallArgument],
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?, _ body: () throws(KeyFailure) -> Result
  ) -> Result? {
    do {
      let result = try body()
      record(function, arguments, failure: nil)
      return result
    } catch let failure {
      error?.pointee = Unmanaged.passRetained(cfError(failure))
      record(function, arguments, failure: failure)
      return nil
    }
  }

  /// The arguments as the transcript shows them (``SecKeyCallArgument``).
  private static func describe(_ arguments: [any SecKeyCallArgument]) -> String {
    arguments.map(\.transcriptText).joined(separator: ", ")
  }

  /// The CFError of a failure: Security's own in `NSOSStatusErrorDomain`, a Secure Enclave
  /// operation's LocalAuthentication error passed through in its own domain.
  static func cfError(_ failure: KeyFailure) -> CFError {
    guard failure.localAuthenticationCode != nil else {
      return SecurityError.make(failure.status.rawValue, failure.message)
    }
    return NSError(
      domain: failure.domain, code: failure.code,
      userInfo: [NSLocalizedDescriptionKey: failure.message])
  }

  /// Runs `body` on the calling phone's device, under its lock.
  static func onDevice<T>(_ body: (SimulatedDevice) throws(KeyFailure) -> T) throws(KeyFailure)
    -> T
  {
    guard let phone = SimulatedPhone.current else {
      throw KeyFailure(.errSecNotAvailable, "no simulated phone")
    }
    return try phone.withDevice(body)
  }

  /// A private-key operation: a software key runs it here; a Secure Enclave key runs it in the
  /// phone's enclave, which may prompt.
  static func privateOperation<T>(
    _ key: SecKey, _ body: ((any SecureEnclaveAccess)?) throws(KeyFailure) -> T
  ) throws(KeyFailure) -> T {
    guard key.engineKey.enclave != nil else { return try body(nil) }
    return try onDevice { device throws(KeyFailure) in try body(device.secureEnclave) }
  }

  /// The engine's algorithm; a string Security does not define is unsupported by every key.
  static func algorithm(_ algorithm: SecKeyAlgorithm, _ key: SecKey) throws(KeyFailure)
    -> KeyAlgorithm
  {
    guard let known = algorithm.engineAlgorithm else {
      throw KeyFailure(
        .errSecParam, "\(algorithm.rawValue): algorithm not supported by the key \(key)")
    }
    return known
  }

  /// Stores a key item through the phone's SecItemAdd, as SecKey.m's `add_key` does.
  static func store(_ item: SecQuery) throws(KeyFailure) {
    guard let phone = SimulatedPhone.current else {
      throw KeyFailure(.errSecNotAvailable, "no simulated phone to store the key on")
    }
    let outcome = phone.recordingSecItemCall("SecItemAdd", query: item) { device in
      device.secItemAdd(item)
    }
    guard outcome.status == .errSecSuccess else {
      // As apps see it (e.g. -25308 while the device is locked: "Key generation failed,
      // error -25308").
      throw KeyFailure(
        outcome.status,
        "Key generation failed, error \(outcome.status.rawValue) (failed to add key to "
          + "keychain: \(outcome.status.name))")
    }
  }

  /// Records the call; a LocalAuthentication failure under its own code and name
  /// (`LAError.userCancel`, -2), as the app's CFError carries it.
  private static func record(
    _ function: StaticString, _ arguments: [any SecKeyCallArgument], failure: KeyFailure?
  ) {
    let status: Int32
    let statusName: String
    if let failure, let code = failure.localAuthenticationCode {
      status = Int32(code)
      statusName = LAErrorCode(rawValue: code).map { "LAError.\($0.name)" } ?? "LAError \(code)"
    } else {
      let osStatus = failure?.status ?? .errSecSuccess
      status = osStatus.rawValue
      statusName = osStatus.name
    }
    SimulatedPhone.current?.record(
      PhoneCall(
        function: function.description, arguments: describe(arguments), status: status,
        statusName: statusName, why: failure?.message, fix: failure?.fix))
  }
}

/// An argument of a SecKey call as the transcript shows it: a key by its description, an
/// algorithm by its Swift name, data by its size only (never key bytes or plaintext). A protocol
/// rather than casts from `Any`, which were two thirds of recording a call (docs/benchmarks.md,
/// "SecKey").
protocol SecKeyCallArgument {
  var transcriptText: String { get }
}

extension SecKey: SecKeyCallArgument {
  var transcriptText: String { description }
}

extension SecKeyAlgorithm: SecKeyCallArgument {
  var transcriptText: String { "." + (engineAlgorithm?.name ?? text) }
}

extension NSData: SecKeyCallArgument {
  var transcriptText: String { "<\(length) bytes>" }
}

/// `SecKeyGeneratePair` (deprecated since iOS 15): `SecKeyCreateRandomKey` and
/// `SecKeyCopyPublicKey`, as SecKey.m implements it; the failure's OSStatus is the result.
@available(*, deprecated, message: "Use SecKeyCreateRandomKey")
public func SecKeyGeneratePair(
  _ parameters: CFDictionary, _ publicKey: UnsafeMutablePointer<SecKey?>?,
  _ privateKey: UnsafeMutablePointer<SecKey?>?
) -> OSStatus {
  var error: Unmanaged<CFError>?
  guard let key = SecKeyCreateRandomKey(parameters, &error) else {
    return OSStatus(truncatingIfNeeded: error?.takeRetainedValue().code ?? Int(errSecParam))
  }
  privateKey?.pointee = key
  publicKey?.pointee = SecKeyCopyPublicKey(key)
  return errSecSuccess
}
