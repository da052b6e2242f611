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
    case .query(let query, nil): ArgumentFormatter.describe(query)
    case .query(let query, let attributes?):
      ArgumentFormatter.describe(query) + ", " + ArgumentFormatter.describe(attributes)
    }
  }
  private var storedArguments: Arguments
  /// The OSStatus returned (0 for success); for LocalAuthentication, 0 or the LAError code.
  public var status: Int32
  /// `errSecItemNotFound`, `LAError.userCancel`, `errSecSuccess`.
  public var statusName: String {
    get {
      switch storedStatusName {
      case .engine(let status): status.name
      case .text(let name): name
      }
    }
    set { storedStatusName = .text(newValue) }
  }
  private var storedStatusName: StatusName
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
    self.storedStatusName = .text(statusName)
    self.why = why
    self.fix = fix
    self.prompts = prompts
  }

  /// A SecItem call: its dictionaries are formatted, and its status named, only when the
  /// transcript is read, so recording a call costs the code under test little.
  package init(
    function: String, query: SecQuery, attributesToUpdate: SecQuery? = nil,
    status: Keychain.OSStatus, explanation: Explanation?, prompts: [String]
  ) {
    self.function = function
    self.storedArguments = .query(query, attributesToUpdate)
    self.status = status.rawValue
    self.storedStatusName = .engine(status)
    self.why = explanation?.cause
    self.fix = explanation?.fix
    self.prompts = prompts
  }

  private enum Arguments: Sendable, Hashable {
    case text(String)
    /// A SecItem call's query, and SecItemUpdate's attributes to update.
    case query(SecQuery, SecQuery?)
  }

  private enum StatusName: Sendable, Hashable {
    case engine(Keychain.OSStatus)
    case text(String)
  }

  /// Calls are equal when what a test reads of them is: a status named by the engine equals
  /// the same name given as text.
  public static func == (lhs: PhoneCall, rhs: PhoneCall) -> Bool {
    lhs.function == rhs.function && lhs.storedArguments == rhs.storedArguments
      && lhs.status == rhs.status && lhs.statusName == rhs.statusName && lhs.why == rhs.why
      && lhs.fix == rhs.fix && lhs.prompts == rhs.prompts
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(function)
    hasher.combine(storedArguments)
    hasher.combine(status)
    hasher.combine(statusName)
    hasher.combine(why)
    hasher.combine(fix)
    hasher.combine(prompts)
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
