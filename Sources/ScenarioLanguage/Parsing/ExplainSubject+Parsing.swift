import Foundation
import KeychainEngine

/// What a user typed after `explain` (`errSecInteractionNotAllowed`, `-25308`, `noErr`,
/// `LAError.userCancel`): the language reads it, ``StatusExplainer`` words it.
extension ExplainSubject {
  /// What a user typed after `explain`: an OSStatus name or number (`25308` without its sign
  /// too, as people copy it from a log), `noErr`, an LAError by name (`LAError.notInteractive`
  /// or `notInteractive`) or number (`-1004`). A number that is both a known OSStatus and an
  /// LAError is the OSStatus; its explanation mentions the LAError.
  package static func parse(_ text: String) throws(UnknownStatusError) -> ExplainSubject {
    let trimmed = trimmingBlanks(text)
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

  /// The status a user typed, by name or number, when it is one the simulator knows.
  public static func status(named text: String) throws(UnknownStatusError) -> OSStatus {
    let trimmed = trimmingBlanks(text)
    if let status = OSStatus(nameOrNumber: trimmed), OSStatus.known.contains(status) {
      return status
    }
    let suggestion = Suggestion.nearest(to: trimmed, in: OSStatus.known.map(\.name))
    throw UnknownStatusError(text: trimmed, suggestion: suggestion)
  }

  /// `text` without leading and trailing blanks: exactly what Foundation's
  /// `CharacterSet.whitespaces` holds (CoreFoundation's whitespace set: the Unicode space
  /// separators, tab, and U+200B ZERO WIDTH SPACE), trimmed scalar by scalar as Foundation trims.
  /// Written out because Foundation's trimming loads its character-set tables, a sixth of
  /// `keychain-sim explain`'s start-up (docs/benchmarks.md, "Start-up").
  static func trimmingBlanks(_ text: String) -> String {
    func isBlank(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
      default: false
      }
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
      let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(scalars[first...last])
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
