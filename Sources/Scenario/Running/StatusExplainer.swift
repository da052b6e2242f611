import Foundation
import Keychain

/// Resolves the status a user typed (`errSecInteractionNotAllowed`, `-25308`) for `explain`.
public enum StatusExplainer {
  /// The explanation text for a status given by Apple name or number.
  ///
  /// - Throws: `UnknownStatusError` when the name or number is not a Security status this
  ///   simulator knows, with the closest known name when there is one.
  public static func explain(_ text: String) throws(UnknownStatusError) -> String {
    try status(named: text).explanationText
  }

  /// The status a user typed, by name or number, when it is one the simulator knows.
  public static func status(named text: String) throws(UnknownStatusError) -> OSStatus {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let status = OSStatus(nameOrNumber: trimmed), OSStatus.known.contains(status) {
      return status
    }
    let suggestion = NameSuggester.closest(to: trimmed, among: OSStatus.known.map(\.name))
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
    return message + " (known: errSec... names and their numbers, e.g. -25308)"
  }
}
