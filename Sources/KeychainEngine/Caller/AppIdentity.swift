import DeviceState

/// An installed app as the keychain sees it: its bundle id, team and entitlements.
///
/// The keychain decides which items an app may touch from the ordered list of access groups
/// its entitlements grant (docs/evidence.md §5.1, `SecTaskCopyAccessGroups`).
public struct AppIdentity: Sendable, Hashable, Codable {
  public var bundleID: String
  public var teamID: String
  /// `keychain-access-groups`, in entitlement order, `$(AppIdentifierPrefix)` already expanded.
  public var keychainAccessGroups: [String]
  /// `com.apple.security.application-groups`.
  public var appGroups: [String]
  /// Whether the app is signed with an `application-identifier` entitlement (every App Store
  /// app is; an unsigned tool is not, and then may have no keychain access at all).
  public var hasApplicationIdentifier: Bool
  /// For an app extension, the bundle id of the app that contains it. An extension is its own
  /// executable with its own entitlements: the host's groups are never inherited.
  public var hostBundleID: String?
  /// For an app extension, its kind when known (whether it can present UI); `nil` for an app,
  /// or an extension whose kind was not given (treated as able to present UI).
  public var extensionKind: AppExtensionKind?

  /// - Parameters:
  ///   - keychainAccessGroups: entries may start with `$(AppIdentifierPrefix)`, which expands
  ///     to `<teamID>.` as it does at signing time.
  public init(
    bundleID: String, teamID: String, keychainAccessGroups: [String] = [],
    appGroups: [String] = [], hasApplicationIdentifier: Bool = true, hostBundleID: String? = nil,
    extensionKind: AppExtensionKind? = nil
  ) {
    self.bundleID = bundleID
    self.teamID = teamID
    self.keychainAccessGroups = keychainAccessGroups.map {
      $0.replacingPrefix("$(AppIdentifierPrefix)", with: "\(teamID).")
    }
    self.appGroups = appGroups
    self.hasApplicationIdentifier = hasApplicationIdentifier
    self.hostBundleID = hostBundleID
    self.extensionKind = extensionKind
  }

  /// The app every scenario starts with: `com.example.app` of team `ABCDE12345`.
  public static let example = AppIdentity(bundleID: "com.example.app", teamID: "ABCDE12345")

  /// `<teamID>.<bundleID>`, the `application-identifier` entitlement.
  public var applicationIdentifier: String { "\(teamID).\(bundleID)" }

  /// The access groups in Security's order: keychain-access-groups, the application
  /// identifier, the app groups; duplicates dropped; `com.apple.token` last. The first is the
  /// default group for SecItemAdd (evidence §5.2).
  public var accessGroups: [String] {
    var ordered = keychainAccessGroups
    if hasApplicationIdentifier { ordered.append(applicationIdentifier) }
    ordered += appGroups
    var seen: Set<String> = []
    var unique = ordered.filter { seen.insert($0).inserted }
    if let token = unique.firstIndex(of: Self.tokenGroup) {
      unique.append(unique.remove(at: token))
    }
    return unique
  }

  /// Whether ``accessGroups`` holds any group, without building the list: every SecItem call
  /// asks, and building it (the list, a set to drop duplicates) was about 2 % of a call
  /// (docs/benchmarks-history.md). Dropping duplicates never empties a list.
  var hasAccessGroups: Bool {
    !keychainAccessGroups.isEmpty || hasApplicationIdentifier || !appGroups.isEmpty
  }

  /// ``accessGroups``' first group, SecItemAdd's default, without building the list: the
  /// first group in Security's order that is not the token group (dropping duplicates keeps
  /// first places; the token group goes last), else the token group if it is the only one.
  var defaultAccessGroup: String? {
    var listsToken = false
    for group in keychainAccessGroups {
      if group != Self.tokenGroup { return group }
      listsToken = true
    }
    if hasApplicationIdentifier {
      let identifier = applicationIdentifier
      if identifier != Self.tokenGroup { return identifier }
      listsToken = true
    }
    for group in appGroups {
      if group != Self.tokenGroup { return group }
      listsToken = true
    }
    return listsToken ? Self.tokenGroup : nil
  }

  /// `kSecAttrAccessGroupToken`: readable by entitled apps, never writable (evidence §5.2).
  package static let tokenGroup = "com.apple.token"
}

extension String {
  fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
    hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
  }
}
