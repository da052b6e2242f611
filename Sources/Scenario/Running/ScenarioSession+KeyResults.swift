import Foundation
import KeyEngine
import Keychain

extension ScenarioSession {
  /// A SecItemCopyMatching on kSecClassKey, as the client side of SecItem shapes it
  /// (`SecItemResultCopyPrepared`, KeyEngine's ``KeyItemReference``): kSecReturnRef builds a
  /// key from each row — the one key found alone is what `let key = result` binds — and the
  /// result reported shows a key as its description. A private key's bytes (a software key's
  /// `v_Data`, which kSecReturnData returns as Apple does) are never shown: the recorded result
  /// holds their length in words instead.
  mutating func shapeKeyResult(_ outcome: SecItemOutcome, query: SecQuery) -> SecItemOutcome {
    lastKeyReference = nil
    guard let request = KeyReferenceRequest(query: query), let result = outcome.result else {
      return outcome
    }
    let asksRef = request.returnsRef
    var keys: [SimulatedKey] = []
    var failures: [KeyFailure] = []
    func shape(_ value: SecValue) -> SecValue {
      guard case .dictionary(let row) = value else {
        // Bare data: the key's bytes, whichever class; only their length is shown.
        if case .data(let data) = value { return Self.withheld(data) }
        return value
      }
      var shaped = row
      if asksRef {
        do {
          let key = try request.key(fromRow: row, enclave: device.secureEnclave)
          keys.append(key)
          shaped = request.companion(of: row) ?? [:]
          shaped["v_Ref"] = .string(key.description)
        } catch {
          failures.append(error)
        }
      }
      if case .data(let data)? = shaped["v_Data"], row["kcls"] != .string(KeyClass.public.rawValue)
      {
        shaped["v_Data"] = Self.withheld(data)
      }
      if asksRef, shaped.count == 1, let reference = shaped["v_Ref"] { return reference }
      return .dictionary(shaped)
    }
    var shapedOutcome = outcome
    if case .array(let rows) = result {
      shapedOutcome.result = .array(rows.map(shape))
    } else {
      shapedOutcome.result = shape(result)
    }
    if keys.count == 1, case .string? = shapedOutcome.result { lastKeyReference = keys[0] }
    if let failure = failures.first {
      // As Security does: a row that makes no SecKeyRef fails the call.
      shapedOutcome = SecItemOutcome(
        status: failure.status, explanation: Explanation(cause: failure.message, fix: failure.fix))
    }
    return shapedOutcome
  }

  /// Key bytes as the transcript may show them: their length only.
  private static func withheld(_ data: Data) -> SecValue {
    .string("<\(data.count) bytes of key data, not shown>")
  }
}
