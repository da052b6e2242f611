import Keychain

/// What an app keeps in the keychain and which background work reads it: the input of
/// `keychain-sim simulate`, read from a spec file (``AppSpec/parse(_:file:)``).
public struct AppSpec: Sendable, Equatable {
  /// One keychain item the app stores.
  public struct Item: Sendable, Equatable {
    public var name: String
    public var protection: ProtectionClass
    /// The access control flags, when the item has one (a prompt is needed to read it).
    public var accessControl: SecAccessControlCreateFlags?
    public var synchronizable: Bool

    public init(
      name: String, protection: ProtectionClass,
      accessControl: SecAccessControlCreateFlags? = nil, synchronizable: Bool = false
    ) {
      self.name = name
      self.protection = protection
      self.accessControl = accessControl
      self.synchronizable = synchronizable
    }

    /// Whether reading it asks the user (Face ID, Touch ID or the passcode).
    public var needsPrompt: Bool { accessControl.map { !$0.isEmpty } ?? false }
    /// Whether the item is bound to the enrolled faces or fingers at the time it was saved.
    public var boundToBiometrySet: Bool {
      accessControl?.contains(.biometryCurrentSet) ?? false
    }
  }

  /// One kind of background work and the items it reads each time it runs.
  public struct Work: Sendable, Equatable {
    public var name: String
    public var kind: BackgroundWorkKind
    public var reads: [String]
    public var runsPerDay: Double
    /// For work in an extension: whether the extension has the app's keychain access group.
    /// Without it every read fails with -34018 (errSecMissingEntitlement).
    public var hasAccessGroup: Bool

    public init(
      name: String, kind: BackgroundWorkKind, reads: [String], runsPerDay: Double? = nil,
      hasAccessGroup: Bool = true
    ) {
      self.name = name
      self.kind = kind
      self.reads = reads
      self.runsPerDay = runsPerDay ?? kind.defaultRunsPerDay
      self.hasAccessGroup = hasAccessGroup
    }
  }

  public var items: [Item]
  public var work: [Work]
  /// How many people use the app (`users N`), for the report to scale the simulated phones'
  /// shares to; `nil` when the spec does not say.
  public var users: Int?

  public init(items: [Item], work: [Work], users: Int? = nil) {
    self.items = items
    self.work = work
    self.users = users
  }

  /// The item named `name`.
  public func item(named name: String) -> Item? { items.first { $0.name == name } }

  /// The configuration that avoids every failure a setting can avoid: A-tier items become the
  /// matching AfterFirstUnlock class (ThisDeviceOnly kept), access control is dropped from items
  /// read in the background, and extensions get the app's access group. What remains is what no
  /// setting fixes: reads before the first unlock after a reboot.
  public var fixed: AppSpec {
    var copy = self
    copy.items = items.map { item in
      var fixedItem = item
      fixedItem.protection = item.protection.afterFirstUnlockEquivalent
      fixedItem.accessControl = nil
      return fixedItem
    }
    copy.work = work.map { work in
      var fixedWork = work
      fixedWork.hasAccessGroup = true
      return fixedWork
    }
    return copy
  }
}

extension ProtectionClass {
  /// The AfterFirstUnlock class with the same migration rule: the fix for background reads.
  var afterFirstUnlockEquivalent: ProtectionClass {
    switch self {
    case .ak: .ck
    case .aku, .akpu: .cku
    default: self
    }
  }
}
