import Foundation
import Keychain
import ScenarioLanguage

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

  /// What a user typed after `explain` (``ExplainSubject/parse(_:)``).
  static func subject(for text: String) throws(UnknownStatusError) -> ExplainSubject {
    try ExplainSubject.parse(text)
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
    // Appended, not an array of lines joined: `joined` is generic code the runtime resolves
    // types for at first use, which the start-up pays (docs/benchmarks.md).
    var text = status.description + "\n\nWhat it means\n" + indented(guidance.meaning)
    text += "\n\nCommon causes"
    for cause in guidance.causes { text += "\n" + indented("- " + cause, hanging: 4) }
    text += "\n\nFix\n" + indented(guidance.fix)
    return text
  }

  /// A status given by Apple name or number (``ExplainSubject/status(named:)``).
  public static func status(named text: String) throws(UnknownStatusError) -> OSStatus {
    try ExplainSubject.status(named: text)
  }

}
