internal import Keychain

/// The user of the simulated phone: queued answers first, then the chosen behaviour.
///
/// Only called by the device while the phone's lock is held, so its state needs no lock of
/// its own.
final class PhoneUser: UserAgent {
  var behaviour: UserBehaviour
  var queue: [UserAnswer] = []
  /// The passcode a cooperative user types; the phone keeps it in step with the device.
  var passcode: String?
  /// The faces or fingers enrolled now, for `.face(name)`; read while the device is in use
  /// (the phone's lock is held), so it reads the device directly.
  var enrolledIdentities: () -> [String] = { [] }
  /// Prompts shown so far, for the transcript. Unchecked for exclusivity, as the phone's
  /// state is: only touched under the phone's lock, and read at every call.
  @exclusivity(unchecked) private(set) var prompts: [String] = []

  init(behaviour: UserBehaviour) {
    self.behaviour = behaviour
  }

  func respond(to prompt: AuthenticationPrompt) -> UserResponse? {
    prompts.append(prompt.description)
    if !queue.isEmpty {
      let answer = queue.removeFirst()
      let response = response(for: answer)
      guard prompt.acceptedResponses.contains(response.kind) else {
        // Said in the transcript: the test queued an answer this sheet has no button for
        // (Face ID stops scanning after two failures, LAContext.h).
        let offered = prompt.acceptedResponses.map(\.rawValue).joined(separator: ", ")
        prompts[prompts.count - 1] +=
          " — the queued answer `\(answer)` is not offered by this sheet (it offers "
          + offered + "), so the sheet was dismissed"
        return nil
      }
      return response
    }
    switch behaviour {
    case .absent:
      return nil
    case .cooperative:
      if prompt.kind == .passcode { return passcode.map { .enter($0) } }
      return .match
    }
  }

  /// The prompts shown since the last call, oldest first. Most calls show none: then the
  /// list is only read, not replaced (each access to a class's stored property is checked for
  /// exclusivity, which was most of what this cost).
  func takePrompts() -> [String] {
    let shown = prompts
    if !shown.isEmpty { prompts = [] }
    return shown
  }

  private func response(for answer: UserAnswer) -> UserResponse {
    switch answer {
    case .match: .match
    case .fail: .fail
    case .cancel: .cancel
    case .fallback: .fallback
    case .enterPasscode(let passcode): .enter(passcode)
    case .face(let name): enrolledIdentities().contains(name) ? .match : .fail
    }
  }
}
