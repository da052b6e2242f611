import Foundation

/// A small reference model of the data-protection rules, written from Apple's evidence
/// (docs/evidence.md) and the choices docs/fidelity.md records where that evidence is
/// uncertain, not from the engine's code. It predicts the outcome of
/// every ``ModelStep``; the model-based test checks the engine against it.
struct KeychainModel {
  enum Lock: Equatable {
    case beforeFirstUnlock
    case unlocked
    case locked(since: Int64)
  }

  struct Item: Equatable {
    var account: String
    var accessibility: String
    var data: String
  }

  /// What a step is expected to give: a device operation done or refused, or a SecItem
  /// call's OSStatus and returned secrets.
  enum Observation: Equatable, CustomStringConvertible {
    case device(done: Bool)
    case call(status: Int32, returned: Returned)

    var description: String {
      switch self {
      case .device: outcome
      case .call(let status, let returned): "OSStatus \(status), returned \(returned)"
      }
    }

    /// "done", "refused", "OSStatus -25308": the outcome without the data returned.
    var outcome: String {
      switch self {
      case .device(let done): done ? "done" : "refused"
      case .call(let status, _): "OSStatus \(status)"
      }
    }
  }

  /// The result of a call, reduced to the secrets it carries. `many` is sorted: the order of
  /// several results is unspecified (docs/evidence.md §4).
  enum Returned: Equatable, CustomStringConvertible {
    case nothing
    case one(String)
    case many([String])
    /// kSecReturnAttributes: the account and kSecAttrAccessible.
    case attributes(account: String, accessibility: String)
    /// A result of a shape the model never predicts.
    case unexpected(String)

    var description: String {
      switch self {
      case .nothing: "nothing"
      case .one(let data): "\"\(data)\""
      case .many(let data): "[" + data.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
      case .attributes(let account, let accessibility): "[acct: \(account), pdmn: \(accessibility)]"
      case .unexpected(let text): "unexpected \(text)"
      }
    }
  }

  // OSStatus values (docs/evidence.md §1).
  static let success: Int32 = 0
  static let notAvailable: Int32 = -25291
  static let duplicateItem: Int32 = -25299
  static let itemNotFound: Int32 = -25300
  static let interactionNotAllowed: Int32 = -25308

  /// Class A keys survive this long after the lock button (docs/evidence.md §6.2, [APS]: 10 s).
  var classAGracePeriod: Int64 = 10_000
  var passcode: String?
  var lock = Lock.unlocked
  var now: Int64 = 0
  var failedAttempts = 0
  var blockedUntil: Int64?
  /// In insertion order.
  var items: [Item] = []

  // MARK: - Rules

  /// Fact sheet §10: D always; C once unlocked since boot or with no passcode; A (ak, aku,
  /// akpu) with no passcode, while unlocked, or within the grace period; akpu only while a
  /// passcode is set.
  func isAvailable(_ accessibility: String) -> Bool {
    if accessibility == "akpu", passcode == nil { return false }
    guard passcode != nil else { return true }
    switch accessibility {
    case "dk", "dku": return true
    case "ck", "cku": return lock != .beforeFirstUnlock
    default:
      switch lock {
      case .unlocked: return true
      case .beforeFirstUnlock: return false
      case .locked(let since): return now - since < classAGracePeriod
      }
    }
  }

  /// The delay after the n-th consecutive wrong passcode (docs/fidelity.md "Escalating
  /// passcode delays", from [APS]: 1–4 none, 5 one minute, 6 five, 7–8 fifteen, then an hour).
  static func delay(afterFailures count: Int) -> Int64 {
    switch count {
    case ..<5: 0
    case 5: 60_000
    case 6: 300_000
    case 7, 8: 900_000
    default: 3_600_000
    }
  }

  var isBlocked: Bool { blockedUntil.map { now < $0 } ?? false }

  // MARK: - Steps

  /// Applies `step` and returns what the engine should report.
  mutating func apply(_ step: ModelStep) -> Observation {
    switch step {
    case .setPasscode(let code):
      // Passcode settings happen in Settings, on an unlocked device (docs/fidelity.md).
      guard passcode == nil, lock == .unlocked else { return .device(done: false) }
      passcode = code
      return .device(done: true)
    case .changePasscode(let from, let to):
      guard enterPasscodeInSettings(from) else { return .device(done: false) }
      passcode = to
      return .device(done: true)
    case .removePasscode(let code):
      guard enterPasscodeInSettings(code) else { return .device(done: false) }
      passcode = nil
      // The akpu class key is destroyed and its items deleted (docs/evidence.md §6.4).
      items.removeAll { $0.accessibility == "akpu" }
      return .device(done: true)
    case .lock:
      if lock == .unlocked { lock = .locked(since: now) }
      return .device(done: true)
    case .unlock(let code):
      return .device(done: unlock(code))
    case .wait(let milliseconds):
      now += milliseconds
      return .device(done: true)
    case .reboot, .reopen:
      // A reopened device file comes back as after a reboot (docs/cli.md, `--device`).
      lock = .beforeFirstUnlock
      // A delay running at a restart starts over (docs/fidelity.md, [APS]).
      if isBlocked { blockedUntil = now + Self.delay(afterFailures: failedAttempts) }
      return .device(done: true)
    case .add(let account, let accessibility, let data):
      return .call(status: add(account, accessibility, data), returned: .nothing)
    case .copy(let account):
      return copy(account)
    case .attributes(let account):
      let observation = copy(account)
      guard case .call(Self.success, _) = observation,
        let item = items.first(where: { $0.account == account })
      else { return observation }
      return .call(
        status: Self.success,
        returned: .attributes(account: item.account, accessibility: item.accessibility))
    case .rename(let account, let new):
      // The new primary key collides with another item: -25299 (docs/evidence.md §2.4, si-10),
      // after the old item has been decrypted (locked: -25308, §6.2).
      let collides = new != account && items.contains { $0.account == new }
      let status = update(account, collidingWith: collides) { $0.account = new }
      return .call(status: status, returned: .nothing)
    case .exists(let account):
      // Item metadata is sealed with the class key too, so even a query returning nothing
      // needs it (docs/evidence.md §6.2, MED).
      let observation = copy(account)
      guard case .call(let status, _) = observation else { return observation }
      return .call(status: status, returned: .nothing)
    case .copyAll:
      return copyAll()
    case .updateData(let account, let data):
      return .call(status: update(account) { $0.data = data }, returned: .nothing)
    case .updateAccessibility(let account, let accessibility):
      let status = update(account, resealingIn: accessibility) {
        $0.accessibility = accessibility
      }
      return .call(status: status, returned: .nothing)
    case .delete(let account):
      // Deleting by primary key needs no class key (docs/evidence.md §6.2, UNCERTAIN;
      // docs/fidelity.md "Deleting a locked item").
      guard let index = items.firstIndex(where: { $0.account == account }) else {
        return .call(status: Self.itemNotFound, returned: .nothing)
      }
      items.remove(at: index)
      return .call(status: Self.success, returned: .nothing)
    }
  }

  /// A passcode typed in Settings (change, remove): refused during a delay or when the device
  /// is not unlocked or has no passcode; a wrong one counts as a failed attempt.
  private mutating func enterPasscodeInSettings(_ code: String) -> Bool {
    guard !isBlocked, passcode != nil, lock == .unlocked else { return false }
    return check(code)
  }

  private mutating func unlock(_ code: String?) -> Bool {
    guard passcode != nil else {
      lock = .unlocked  // a swipe
      return true
    }
    guard let code, !isBlocked else { return false }
    guard check(code) else { return false }
    lock = .unlocked
    return true
  }

  /// Compares a typed passcode: a right one resets the count of failures, a wrong one adds
  /// one and may start a delay.
  private mutating func check(_ code: String) -> Bool {
    if code == passcode {
      failedAttempts = 0
      blockedUntil = nil
      return true
    }
    failedAttempts += 1
    let delay = Self.delay(afterFailures: failedAttempts)
    if delay > 0 { blockedUntil = now + delay }
    return false
  }

  /// Fact sheet §6.4 (akpu without a passcode: -25291), §6.2 (a class key that is not
  /// available: -25308), §3 (same primary key: -25299), in the order of §10.
  private mutating func add(_ account: String, _ accessibility: String, _ data: String) -> Int32 {
    if accessibility == "akpu", passcode == nil { return Self.notAvailable }
    guard isAvailable(accessibility) else { return Self.interactionNotAllowed }
    guard !items.contains(where: { $0.account == account }) else { return Self.duplicateItem }
    items.append(Item(account: account, accessibility: accessibility, data: data))
    return Self.success
  }

  private func copy(_ account: String) -> Observation {
    guard let item = items.first(where: { $0.account == account }) else {
      return .call(status: Self.itemNotFound, returned: .nothing)
    }
    guard isAvailable(item.accessibility) else {
      return .call(status: Self.interactionNotAllowed, returned: .nothing)
    }
    return .call(status: Self.success, returned: .one(item.data))
  }

  /// kSecMatchLimitAll visits every match; one that cannot be decrypted fails the whole call
  /// (docs/evidence.md §4).
  private func copyAll() -> Observation {
    guard !items.isEmpty else { return .call(status: Self.itemNotFound, returned: .nothing) }
    guard items.allSatisfy({ isAvailable($0.accessibility) }) else {
      return .call(status: Self.interactionNotAllowed, returned: .nothing)
    }
    return .call(status: Self.success, returned: .many(items.map(\.data).sorted()))
  }

  /// An update decrypts the old item (docs/evidence.md §6.2: locked → -25308) and, when it moves
  /// the item to another class, seals it under that class's key (unavailable → -25308;
  /// akpu without a passcode has no key at all → -25291, §6.4).
  private mutating func update(
    _ account: String, resealingIn newAccessibility: String? = nil,
    collidingWith collides: Bool = false,
    _ change: (inout Item) -> Void
  ) -> Int32 {
    guard let index = items.firstIndex(where: { $0.account == account }) else {
      return Self.itemNotFound
    }
    guard isAvailable(items[index].accessibility) else { return Self.interactionNotAllowed }
    if let newAccessibility {
      if newAccessibility == "akpu", passcode == nil { return Self.notAvailable }
      guard isAvailable(newAccessibility) else { return Self.interactionNotAllowed }
    }
    guard !collides else { return Self.duplicateItem }
    change(&items[index])
    return Self.success
  }
}
