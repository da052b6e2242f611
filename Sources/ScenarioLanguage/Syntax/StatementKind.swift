import DeviceState
import KeychainEngine

/// Every statement the scenario language knows, core and extension.
///
/// One case per section of the language's core contract (docs/scenario-language.md marks the
/// core forms), plus the REPL words, so one parser serves scenario files and the REPL alike. A
/// runner that cannot act on a case (a file has no use for `quit`) reports it rather than
/// ignoring it.
package enum StatementKind: Hashable, Sendable {
  // MARK: - Core (docs/scenario-language.md §3-§10)

  /// `device passcode 123456`, `device lock`, `device unlock biometry`, ...
  case device(DeviceCommand)
  /// `biometry type faceID`, `biometry enroll alice`, `biometry remove alice`.
  case biometry(BiometryCommand)
  /// `wait 3h`: advance the simulated clock.
  case wait(SimulatedDuration)
  /// `app install ...`, `app use ...`, `app background`, `app foreground`.
  case app(AppCommand)
  /// `user will match`; `times` is 1 unless the extension `user will fail 5 times` is used.
  case userWill(UserAnswer, times: Int)
  /// The four SecItem calls, bare or in Swift call form (`let status =` is dropped).
  case secItem(SecItemCall)
  /// `let name = <expr>`: a dictionary, an access control, `LAContext()` or (extension) a value.
  case bind(name: String, value: Expr)
  /// `ctx.evaluatePolicy(...)` and the other LAContext members, on the context bound to `context`.
  case context(String, ContextAction)
  /// `expect ...` (docs/scenario-language.md §9).
  case expect(Expectation)
  /// `say "text"`.
  case say(String)
  /// `show device`, `show items`, and the extensions `show apps`, `show devices`.
  case show(ShowTopic)

  // MARK: - Several devices (extension)

  /// `icloud sign-in <apple-id>`, `icloud sign-out`, `icloud keychain on|off`.
  case icloud(ICloudCommand)
  /// `backup create|restore|list ...`, `transfer from <device>`.
  case backup(BackupCommand)
  /// `mac app <bundleID> daemon|catalyst|ad-hoc|signed`: how an app runs on the current Mac.
  case mac(MacCommand)
  /// `let shared = createKeychain(...)`, `shared.setItem("k", "v")`: the cross-platform package.
  case package(PackageCommand)
  /// `let key = SecKeyCreateRandomKey([...], &error)`, `SecKeyCreateSignature(key, ...)`: a
  /// SecKey call, and the name a `let` binds its return value to.
  case key(KeyCall, binding: String?)

  // MARK: - Extensions (REPL words, also accepted in files)

  /// `help` or `help <topic>`.
  case help(topic: String?)
  /// `explain errSecInteractionNotAllowed`, `explain -34018`, `explain LAError.userCancel`.
  case explain(ExplainSubject)
  /// `reset`: a fresh device, as at the start of a scenario.
  case reset
  /// `quit` or `exit`.
  case quit
  /// `var result: CFTypeRef?` pasted from Swift: declares nothing the simulator needs.
  case declaration(name: String)
}

/// What `show` prints.
package enum ShowTopic: String, Hashable, Sendable, CaseIterable {
  case device, items, apps, devices, cloud, keys
}

/// What `explain` explains.
package enum ExplainSubject: Hashable, Sendable {
  case status(OSStatus)
  case laError(LAErrorCode)
  /// `explain` alone: the last outcome of the session.
  case lastOutcome
}
