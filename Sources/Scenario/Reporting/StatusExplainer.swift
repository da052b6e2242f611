import Foundation
import Keychain

/// Resolves what a user typed after `explain` (`errSecInteractionNotAllowed`, `-25308`, `noErr`,
/// `LAError.userCancel`), so the shell command and the REPL statement say the same thing.
public enum StatusExplainer {
  /// The explanation text for a status given by Apple name or number, or an LAError.
  ///
  /// - Throws: `UnknownStatusError` when the name or number is not a Security status or an
  ///   LAError this simulator knows, with the closest known name when there is one.
  public static func explain(_ text: String) throws(UnknownStatusError) -> String {
    explain(try subject(for: text))
  }

  /// What a user typed after `explain`: an OSStatus name or number (`25308` without its sign
  /// too, as people copy it from a log), `noErr`, an LAError by name (`LAError.notInteractive`
  /// or `notInteractive`) or number (`-1004`). A number that is both a known OSStatus and an
  /// LAError is the OSStatus; its explanation mentions the LAError.
  static func subject(for text: String) throws(UnknownStatusError) -> ExplainSubject {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed == Vocabulary.noErr { return .status(.errSecSuccess) }
    let bare = trimmed.hasPrefix("LAError.") ? String(trimmed.dropFirst(8)) : trimmed
    if let error = LAErrorCode(name: bare) { return .laError(error) }
    if let status = OSStatus(nameOrNumber: trimmed), OSStatus.known.contains(status) {
      return .status(status)
    }
    if let number = Int(trimmed) {
      if let error = LAErrorCode(rawValue: number) { return .laError(error) }
      if number > 0, let status = OSStatus(nameOrNumber: "-\(number)"),
        OSStatus.known.contains(status)
      {
        return .status(status)
      }
    }
    let names = OSStatus.known.map(\.name) + LAErrorCode.allSpellings
    let suggestion = Suggestion.nearest(to: bare, in: names).map {
      LAErrorCode(name: $0) == nil ? $0 : "LAError." + $0
    }
    throw UnknownStatusError(text: trimmed, suggestion: suggestion)
  }

  /// The explanation text for a parsed `explain` subject (`.lastOutcome` is resolved by the
  /// session before it gets here).
  static func explain(_ subject: ExplainSubject) -> String {
    switch subject {
    case .status(let status):
      var text = explanationText(for: status)
      if let error = LAErrorCode(rawValue: Int(status.rawValue)) {
        text += "\n\n(\(status.rawValue) is also \(error): `explain LAError.\(error.name)`)"
      }
      return text
    case .laError(let error):
      let keychainStatus = error.osStatus
      let heading = TextWrap.wrap(
        "\(error): \(error.meaning).", first: "", rest: "  ", width: explanationWidth)
      return heading + "\nIn a keychain call it becomes \(keychainStatus.name)"
        + " (\(keychainStatus.rawValue))."
    case .lastOutcome:
      return "nothing to explain yet: `explain` alone explains the last call's outcome"
    }
  }

  /// The width `explain` lays its text out in: the output's (see ``OutputStyle``).
  public static var explanationWidth: Int { TextWrap.terminalWidth }

  /// A multi-line explanation: name, number and Apple's message, then the engine's guidance
  /// (meaning, causes and fix) wrapped to `width` columns.
  ///
  /// ```
  /// errSecItemNotFound (-25300): The specified item could not be found in the keychain.
  ///
  /// What it means
  ///   ...
  /// ```
  public static func explanationText(for status: OSStatus, width: Int = explanationWidth)
    -> String
  {
    guard let guidance = status.guidance else {
      guard OSStatus.known.contains(status) else {
        return "\(status.name): not a status of Security's SecBase.h"
      }
      return status.description + "\n\n"
        + TextWrap.wrap(
          "The four SecItem calls on iOS do not return this code; it belongs to Security's "
            + "other APIs (certificates, trust, import and export).", first: "", rest: "",
          width: width)
    }
    func indented(_ text: String, hanging: Int = 2) -> String {
      TextWrap.wrap(
        text, first: "  ", rest: String(repeating: " ", count: hanging), width: width)
    }
    var lines = [status.description, "", "What it means", indented(guidance.meaning), ""]
    lines.append("Common causes")
    lines += guidance.causes.map { indented("- " + $0, hanging: 4) }
    lines += ["", "Fix", indented(guidance.fix)]
    return lines.joined(separator: "\n")
  }

  /// The status a user typed, by name or number, when it is one the simulator knows.
  public static func status(named text: String) throws(UnknownStatusError) -> OSStatus {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let status = OSStatus(nameOrNumber: trimmed), OSStatus.known.contains(status) {
      return status
    }
    let suggestion = Suggestion.nearest(to: trimmed, in: OSStatus.known.map(\.name))
    throw UnknownStatusError(text: trimmed, suggestion: suggestion)
  }
}

/// A status name or number the simulator has no entry for.
public struct UnknownStatusError: Error, Equatable, CustomStringConvertible {
  public let text: String
  /// The closest known name, for "did you mean".
  public let suggestion: String?

  public var description: String {
    var message = "unknown status '\(text)'"
    if let suggestion { message += "; did you mean '\(suggestion)'?" }
    return message
      + " (known: errSec... names and their numbers, e.g. -25308, and LAError names and numbers)"
  }
}
