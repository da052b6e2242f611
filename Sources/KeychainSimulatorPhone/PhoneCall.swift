package import Keychain

/// One call the code under test made on the simulated phone, as the transcript keeps it.
public struct PhoneCall: Sendable, Hashable, CustomStringConvertible {
  /// `SecItemCopyMatching`, `LAContext.evaluatePolicy`, ...
  public var function: String
  /// The arguments, Apple's names for keys and values; secrets shown as a byte count only.
  /// Formatted when read, so recording a call costs the code under test nothing.
  public var arguments: String {
    switch storedArguments {
    case .text(let text): text
    case .queries(let queries): queries.map(ArgumentFormatter.describe).joined(separator: ", ")
    }
  }
  private var storedArguments: Arguments
  /// The OSStatus returned (0 for success); for LocalAuthentication, 0 or the LAError code.
  public var status: Int32
  /// `errSecItemNotFound`, `LAError.userCancel`, `errSecSuccess`.
  public var statusName: String
  /// Why the call did not simply succeed, as the engine explains it.
  public var why: String?
  /// What usually fixes it.
  public var fix: String?
  /// The prompts the call showed the user (`Face ID for com.example.app: “Sign in”`).
  public var prompts: [String]

  public init(
    function: String, arguments: String, status: Int32, statusName: String, why: String? = nil,
    fix: String? = nil, prompts: [String] = []
  ) {
    self.function = function
    self.storedArguments = .text(arguments)
    self.status = status
    self.statusName = statusName
    self.why = why
    self.fix = fix
    self.prompts = prompts
  }

  /// A SecItem call: its dictionaries are formatted only when the transcript is read.
  package init(
    function: String, queries: [SecQuery], status: Keychain.OSStatus, explanation: Explanation?
  ) {
    self.function = function
    self.storedArguments = .queries(queries)
    self.status = status.rawValue
    self.statusName = status.name
    self.why = explanation?.cause
    self.fix = explanation?.fix
    self.prompts = []
  }

  private enum Arguments: Sendable, Hashable {
    case text(String)
    case queries([SecQuery])
  }

  /// ```
  /// SecItemCopyMatching [kSecClass: kSecClassGenericPassword, ...] → errSecInteractionNotAllowed (-25308)
  ///   why: ...
  ///   fix: ...
  /// ```
  public var description: String {
    var lines = ["\(function) \(arguments) → \(statusName) (\(status))"]
    lines += prompts.map { "  prompt: \($0)" }
    if let why { lines.append("  why: \(why)") }
    if let fix { lines.append("  fix: \(fix)") }
    return lines.joined(separator: "\n")
  }
}
