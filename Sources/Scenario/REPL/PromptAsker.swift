import Foundation
import Keychain
import ScenarioLanguage

/// The REPL's simulated user: shows a Face ID / Touch ID / passcode prompt at the terminal and
/// reads what the person at the keyboard does (`match`, `fail`, `cancel`, `fallback`, or the
/// passcode). End of input dismisses the prompt.
struct PromptAsker {
  let input: ReaderBox
  let write: (String) -> Void

  func ask(_ prompt: AuthenticationPrompt) -> UserResponse? {
    let choices = prompt.acceptedResponses.map { $0 == .enter ? "the passcode" : $0.rawValue }
    write("prompt: \(prompt)\n")
    while true {
      let label = "  \(prompt.kind.title) (\(choices.joined(separator: ", "))) ❯ "
      // A passcode sheet reads without echo, and its answer stays out of the history.
      let read =
        prompt.acceptedResponses.contains(.enter)
        ? input.reader.readSecret(prompt: label) : input.reader.read(prompt: label)
      switch read {
      case .end:
        write("  the prompt was dismissed\n")
        return nil
      case .interrupt:
        // Ctrl-C is the sheet's Cancel button, as a person would tap it.
        guard prompt.acceptedResponses.contains(.cancel) else {
          write("  the prompt was dismissed\n")
          return nil
        }
        write("  Ctrl-C: cancel\n")
        return .cancel
      case .line(let line):
        if let response = Self.response(to: line, for: prompt) { return response }
        write(
          "  \(Self.wrongAnswer(line, for: prompt)); answer with \(choices.joined(separator: ", "))\n"
        )
      }
    }
  }

  /// Why a line is not an answer to the sheet (a passcode sheet's line is never echoed back).
  static func wrongAnswer(_ line: String, for prompt: AuthenticationPrompt) -> String {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return "no answer given" }
    if prompt.acceptedResponses.contains(.enter) { return "not an answer to the passcode sheet" }
    return "`\(trimmed)` is not an answer to the \(prompt.kind.title) prompt"
  }

  /// `match` → `.match`; at a passcode sheet, digits (or `enter 1234`) are the passcode.
  static func response(to line: String, for prompt: AuthenticationPrompt) -> UserResponse? {
    let words = line.split(separator: " ").map(String.init)
    guard let first = words.first else { return nil }
    let accepted = prompt.acceptedResponses
    if accepted.contains(.enter) {
      if first == "enter", words.count == 2 { return .enter(words[1]) }
      if words.count == 1, first != "cancel", first != "enter" { return .enter(first) }
    }
    guard words.count == 1, let kind = UserResponse.Kind(rawValue: first),
      accepted.contains(kind)
    else { return nil }
    switch kind {
    case .match: return .match
    case .fail: return .fail
    case .cancel: return .cancel
    case .fallback: return .fallback
    case .enter: return nil
    }
  }
}

/// The REPL's line reader, shared by the statement loop and the prompt asker.
final class ReaderBox {
  var reader: any LineReader
  init(_ reader: any LineReader) { self.reader = reader }
}
