import Foundation
import KeyEngine
import Keychain
import ScenarioLanguage

/// SecKey statements (docs/scenario-language.md §6, "Keys"): each is one call of the engine's
/// SecKey semantics (`KeyEngine`) on the current device, whose Secure Enclave enforces a key's
/// access control and prompts through the scenario's user. The runner only reports: the
/// CFError's domain and code, the engine's why and fix, and never a private key's bytes.
extension ScenarioSession {
  /// What a SecKey call returned, before it is bound or reported.
  private enum KeyReturn {
    case key(SimulatedKey)
    case data(Data, what: String)
    /// A private key's external representation: only its length is ever reported.
    case privateKeyBytes(count: Int)
    case verified
    case attributes(SecQuery)
  }

  mutating func perform(_ call: KeyCall, binding name: String?, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    let line = statement.location.line
    guard device.platform.hasAppleKeychain else {
      throw ScenarioRuntimeError(
        "\(call.functionName) at line \(line): an Android phone has no SecKey API")
    }
    var storedLines: [String] = []
    let subject: SimulatedKey?
    let returned: Result<KeyReturn, KeyFailure>
    switch call {
    case .createRandomKey(let parameters):
      let query = try evaluator.dictionary(from: parameters)
      subject = nil
      returned = Result { () throws(KeyFailure) -> KeyReturn in
        let generation = try KeyGeneration(parameters: query, enclave: device.secureEnclave)
        for item in generation.itemsToAdd {
          storedLines.append(try store(item, line: line))
        }
        return .key(generation.privateKey)
      }
    case .copyPublicKey(let operand):
      let key = try self.key(operand, line: line)
      subject = key
      returned = Result { () throws(KeyFailure) -> KeyReturn in .key(try key.publicKey()) }
    case .copyAttributes(let operand):
      let key = try self.key(operand, line: line)
      subject = key
      returned = Result { () throws(KeyFailure) -> KeyReturn in
        var attributes = try key.attributes()
        // v_Data is the key's external representation: a private key's is the key itself.
        attributes["v_Data"] = nil
        return .attributes(attributes)
      }
    case .copyExternalRepresentation(let operand):
      let key = try self.key(operand, line: line)
      subject = key
      returned = Result { () throws(KeyFailure) -> KeyReturn in
        let bytes = try key.externalRepresentation()
        guard key.keyClass == .public else { return .privateKeyBytes(count: bytes.count) }
        return .data(bytes, what: key.keyType == .rsa ? "PKCS#1 public key" : "X9.63 public key")
      }
    case .createSignature(let operand, let algorithm, let data):
      let key = try self.key(operand, line: line)
      let message = try bytes(data, line: line)
      subject = key
      returned = Result { () throws(KeyFailure) -> KeyReturn in
        let signature = try key.signature(
          try Self.algorithm(algorithm, key), of: message, enclave: device.secureEnclave)
        return .data(signature, what: "signature")
      }
    case .verifySignature(let operand, let algorithm, let data, let signature):
      let key = try self.key(operand, line: line)
      let message = try bytes(data, line: line)
      let signatureBytes = try bytes(signature, line: line)
      subject = key
      returned = Result { () throws(KeyFailure) -> KeyReturn in
        try key.verify(
          try Self.algorithm(algorithm, key), signature: signatureBytes, of: message)
        return .verified
      }
    case .createEncryptedData(let operand, let algorithm, let plaintext):
      let key = try self.key(operand, line: line)
      let input = try bytes(plaintext, line: line)
      subject = key
      returned = Result { () throws(KeyFailure) -> KeyReturn in
        .data(try key.encrypt(try Self.algorithm(algorithm, key), input), what: "ciphertext")
      }
    case .createDecryptedData(let operand, let algorithm, let ciphertext):
      let key = try self.key(operand, line: line)
      let input = try bytes(ciphertext, line: line)
      subject = key
      returned = Result { () throws(KeyFailure) -> KeyReturn in
        let plaintext = try key.decrypt(
          try Self.algorithm(algorithm, key), input, enclave: device.secureEnclave)
        return .data(plaintext, what: "plaintext")
      }
    }
    return report(
      call, returned, subject: subject, binding: name, storedLines: storedLines, line: line)
  }

  /// Binds the return value (nil after a failure, as in Swift), records the outcome and words
  /// it: `→` the status or the value, the CFError's domain and code, the key, why and fix.
  private mutating func report(
    _ call: KeyCall, _ returned: Result<KeyReturn, KeyFailure>, subject: SimulatedKey?,
    binding name: String?, storedLines: [String], line: Int
  ) -> StepReport {
    var outcome = KeyCallOutcome(function: call.functionName)
    var lines: [String] = []
    let target = name.map { "\($0) = " } ?? ""
    switch returned {
    case .success(.key(let key)):
      if let name { bindings[name] = .key(BoundKey(key: key)) }
      lines.append("→ errSecSuccess: \(target)\(key)")
    case .success(.data(let data, let what)):
      if let name { bindings[name] = .value(.data(data)) }
      outcome.result = .data(data)
      lines.append("→ errSecSuccess: \(target)\(what), \(data.count) bytes")
    case .success(.privateKeyBytes(let count)):
      if let name { bindings[name] = .value(.null) }
      lines.append(
        "→ errSecSuccess: \(count) bytes, the private key itself (never shown; "
          + "\(name.map { "\($0) holds nothing" } ?? "not kept") in the scenario)")
    case .success(.verified):
      if let name { bindings[name] = .value(.bool(true)) }
      outcome.result = .bool(true)
      lines.append("→ true: the signature verifies")
    case .success(.attributes(let attributes)):
      if let name { bindings[name] = .value(.dictionary(attributes)) }
      outcome.result = .dictionary(attributes)
      lines.append("→ errSecSuccess")
      lines.append("  result: " + formatter.format(.dictionary(attributes), indent: 2))
    case .failure(let failure):
      // Swift's nil, or SecKeyVerifySignature's false.
      if let name { bindings[name] = .value(.null) }
      outcome.failure = failure
      if case .verifySignature = call {
        if let name { bindings[name] = .value(.bool(false)) }
        outcome.result = .bool(false)
      }
      lines += failureLines(call, outcome: outcome, failure: failure, subject: subject)
    }
    lastOutcome = .key(outcome, line: line)
    return StepReport(lines: storedLines + lines)
  }

  private func failureLines(
    _ call: KeyCall, outcome: KeyCallOutcome, failure: KeyFailure, subject: SimulatedKey?
  ) -> [String] {
    var lines: [String]
    let value = call.returnsKey || call.isDataCall ? "nil" : "false"
    if let laError = outcome.laError {
      lines = ["→ \(value): \(laError)"]
    } else if let code = failure.localAuthenticationCode {
      lines = ["→ \(value): \(failure.domain) \(code)"]
    } else {
      lines = ["→ \(value): " + failure.status.description]
    }
    if let summary = outcome.errorSummary {
      lines.append(TextWrap.labelled("error: ", "CFError " + summary, indent: 2))
    }
    if let subject {
      lines.append(TextWrap.labelled("key: ", describe(subject), indent: 2))
    }
    lines.append(TextWrap.labelled("why: ", failure.message, indent: 2))
    if let fix = failure.fix { lines.append(TextWrap.labelled("fix: ", fix, indent: 2)) }
    return lines
  }

  /// A key in words: its kind and size, where it lives and its access control; never bytes.
  private func describe(_ key: SimulatedKey) -> String {
    var text = key.description
    if let enclave = key.enclave {
      let control = enclave.accessControl.map { SecValueFormatter.describe(accessControl: $0) }
      text += "; access control: " + (control ?? "none (usable whenever the device is unlocked)")
    }
    return text
  }

  /// Stores one key item as SecKeyCreateRandomKey does (through SecItemAdd, public first) and
  /// says so; a refused add fails the generation as Security reports it.
  private func store(_ item: SecQuery, line: Int) throws(KeyFailure) -> String {
    let outcome = device.secItemAdd(item)
    let which = item["kcls"] == .string(KeyClass.public.rawValue) ? "public" : "private"
    guard outcome.status == .errSecSuccess else {
      throw KeyFailure(
        outcome.status,
        "Key generation failed, error \(outcome.status.rawValue) (failed to add the \(which) "
          + "key to the keychain: \(outcome.status.name))"
          + (outcome.explanation.map { ": " + $0.cause } ?? "")
      ).fixed(by: outcome.explanation?.fix)
    }
    return "  stored: the \(which) key (kSecClassKey) → errSecSuccess"
  }

  /// The key a statement names: bound by `let` to a key, or the public key of one.
  private func key(_ operand: KeyOperand, line: Int) throws(ScenarioRuntimeError) -> SimulatedKey {
    let name = operand.name
    let key: SimulatedKey
    switch bindings[name] {
    case .key(let bound)?:
      key = bound.key
    case .value(.null)?:
      throw ScenarioRuntimeError(
        "'\(name)' is nil at line \(line): the call that bound it failed (Swift would crash "
          + "unwrapping it)")
    case .value?:
      throw ScenarioRuntimeError(
        "'\(name)' is not a key at line \(line): bind one with `let \(name) = "
          + "SecKeyCreateRandomKey(...)`, or with `let \(name) = result` after a "
          + "SecItemCopyMatching with kSecReturnRef on kSecClassKey")
    default:
      throw ScenarioRuntimeError("'\(name)' is not bound to a key (line \(line))")
    }
    guard case .publicKey = operand else { return key }
    do {
      return try key.publicKey()
    } catch {
      throw ScenarioRuntimeError("SecKeyCopyPublicKey(\(name)) at line \(line): \(error.message)")
    }
  }

  /// The bytes a data argument stands for: data, or a string's UTF-8 bytes.
  private func bytes(_ expr: Expr, line: Int) throws(ScenarioRuntimeError) -> Data {
    switch try evaluator.evaluate(expr) {
    case .data(let data): return data
    case .string(let text): return Data(text.utf8)
    case .null:
      throw ScenarioRuntimeError(
        "the data at line \(line) is nil: the call that bound it failed")
    default:
      throw ScenarioRuntimeError("expected data or a string at line \(line)")
    }
  }

  private static func algorithm(_ name: KeyAlgorithmName, _ key: SimulatedKey) throws(KeyFailure)
    -> KeyAlgorithm
  {
    guard let algorithm = KeyAlgorithm(rawValue: name.rawValue) else {
      throw KeyFailure(.errSecParam, "\(name.rawValue): algorithm not supported by the key \(key)")
    }
    return algorithm
  }
}

extension KeyCall {
  /// Whether the call returns data (nil on failure) rather than a Boolean.
  var isDataCall: Bool {
    switch self {
    case .copyExternalRepresentation, .copyAttributes, .createSignature, .createEncryptedData,
      .createDecryptedData:
      true
    default: false
    }
  }
}

extension ScenarioSession {
  /// `show keys`: the current device's key items.
  func keyLines() throws(ScenarioRuntimeError) -> StepReport {
    guard device.platform.hasAppleKeychain else {
      return StepReport(lines: ["no keys: an Android phone has no keychain"])
    }
    let keys: [KeySummary]
    do {
      keys = try device.listKeys()
    } catch {
      throw ScenarioRuntimeError("cannot list the keys: \(error.description)")
    }
    guard !keys.isEmpty else { return StepReport(lines: ["no keys"]) }
    let heading = keys.count == 1 ? "1 key" : "\(keys.count) keys"
    return StepReport(lines: [heading] + keys.flatMap(KeyListing(formatter: formatter).lines))
  }
}
