import Keychain
import ScenarioLanguage

/// The simulated user of a scenario or a REPL session: answers prompts from the queue that
/// `user will ...` fills, and — in the REPL — asks at the terminal when the queue is empty.
///
/// It keeps a log of every prompt and answer for the transcript, and notes when a prompt found
/// no usable answer, which the session turns into a scenario error.
final class ScriptedUserAgent: UserAgent {
  /// Asks a person for an answer (the REPL); `nil` in files.
  typealias Asker = (AuthenticationPrompt) -> UserResponse?

  /// One `user will ...` statement's answer and how many of it are left. A count, not copies:
  /// `user will fail 10000000 times` costs one entry.
  struct QueuedAnswer: Hashable {
    var answer: UserAnswer
    var remaining: Int
    /// The line of the `user will` that queued it, for the warning when it is never used.
    var line: Int = 0
  }

  /// Answers queued by `user will ...`, consumed in order.
  private(set) var queue: [QueuedAnswer] = []
  var ask: Asker?
  /// Transcript lines for the prompts of the current statement.
  private(set) var log: [String] = []
  /// How many prompts the current statement showed.
  private(set) var promptCount = 0
  /// The last prompt of the current statement, for `expect sheet offers`.
  private(set) var lastPrompt: AuthenticationPrompt?
  /// Set when a prompt found the queue empty or an answer that does not fit it.
  private(set) var problem: String?

  init(ask: Asker? = nil) { self.ask = ask }

  /// Starts a new statement: clears the log, the count and the problem.
  func beginStatement() {
    log = []
    promptCount = 0
    lastPrompt = nil
    problem = nil
  }

  /// Queues `answer` `times` times (nothing when `times` is not positive).
  func enqueue(_ answer: UserAnswer, times: Int, line: Int = 0) {
    guard times > 0 else { return }
    if let last = queue.last, last.answer == answer {
      // Saturating: `Int.max` answers plus one more is still "more than anyone will use".
      queue[queue.count - 1].remaining =
        last.remaining.addingReportingOverflow(times).overflow
        ? Int.max : last.remaining + times
    } else {
      queue.append(QueuedAnswer(answer: answer, remaining: times, line: line))
    }
  }

  /// Forgets every queued answer (`reset`).
  func removeAllAnswers() { queue = [] }

  /// How many answers are still queued, saturating at `Int.max`.
  var unusedCount: Int {
    queue.reduce(0) { total, entry in
      let (sum, overflow) = total.addingReportingOverflow(entry.remaining)
      return overflow ? Int.max : sum
    }
  }

  /// Takes the next queued answer.
  private func dequeue() -> UserAnswer {
    let answer = queue[0].answer
    queue[0].remaining -= 1
    if queue[0].remaining == 0 { queue.removeFirst() }
    return answer
  }

  func respond(to prompt: AuthenticationPrompt) -> UserResponse? {
    promptCount += 1
    lastPrompt = prompt
    guard problem == nil else { return nil }
    // The asker shows the prompt and the answer live at the terminal: nothing to log.
    if queue.isEmpty, let ask { return ask(prompt) }
    log.append("prompt: \(prompt)")
    guard !queue.isEmpty else {
      problem =
        "the \(prompt.kind.title) prompt found no scripted answer; queue one before this "
        + "statement with `user will "
        + prompt.acceptedResponses.map(\.rawValue).joined(separator: "|") + "`"
      return nil
    }
    let answer = dequeue()
    let response = answer.response
    guard prompt.acceptedResponses.contains(response.kind) else {
      problem =
        "the scripted answer `user will \(answer)` does not fit the \(prompt.kind.title) "
        + "prompt\(Self.stage(of: prompt)), which offers "
        + prompt.acceptedResponses.map(\.rawValue).joined(separator: ", ")
      return nil
    }
    log.append("user: \(answer)")
    return response
  }

  /// ` after 2 failed scans (buttons: Cancel, Enter Password)`, or nothing for a fresh sheet.
  private static func stage(of prompt: AuthenticationPrompt) -> String {
    guard prompt.failedScans > 0 else { return "" }
    let scans = prompt.failedScans == 1 ? "1 failed scan" : "\(prompt.failedScans) failed scans"
    return " after \(scans) (buttons: \(prompt.buttons.joined(separator: ", ")))"
  }
}

extension UserAnswer {
  /// The engine's spelling of this answer.
  var response: UserResponse {
    switch self {
    case .match: .match
    case .fail: .fail
    case .cancel: .cancel
    case .fallback: .fallback
    case .enter(let passcode): .enter(passcode)
    }
  }
}
