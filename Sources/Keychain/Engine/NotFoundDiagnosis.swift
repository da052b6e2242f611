import DeviceState
import Foundation
import ItemStore
import Keybag

/// "errSecItemNotFound, but I just saved it": the items that *almost* matched a search that
/// found nothing, so the explanation can say which rule hid them.
///
/// Runs only after a call has failed with errSecItemNotFound, so a successful call pays
/// nothing. It only reads: it never deletes a row, never throws, never prompts, and so never
/// changes the call's status or side effects. It compares plaintext columns first and opens
/// the sealed attributes of a candidate row only when its class key is loaded; it reports
/// attribute values, never an item's secret (kSecValueData is not an attribute, and is never
/// opened here).
///
/// Kinds, most specific first (the explanation names the first and counts the others):
/// matches skipped by kSecUseAuthenticationUISkip, a match in an access group the caller is
/// not entitled to, a synchronizable match, an item that differs in exactly one attribute of
/// the query, an item of another class, `akpu` items deleted with the passcode.
struct NotFoundDiagnosis {
  let engine: SecItemEngine
  let query: ParsedQuery
  let filter: RowFilter
  let context: SecItemEngine.Context

  /// One reason a search came close, with the values that explain it;
  /// ``SecItemFailureRenderer`` words it.
  enum NearMiss: Sendable, Hashable {
    /// `count` matches needed the user and kSecUseAuthenticationUISkip skipped them.
    case skipped(count: Int)
    /// A full match in a group the caller cannot reach; `unchecked` when its sealed
    /// attributes could not be compared (class key not loaded).
    case accessGroup(
      SecItemFailure.ItemName, group: String, unchecked: Bool, owner: GroupOwner)
    /// A synchronizable item matches; the query did not ask for those.
    case synchronizable
    /// An item that differs from the query in its access control only.
    case otherAccessControl(Subject)
    /// An item that differs from the query in attribute `name` only.
    case oneAttribute(
      Subject, name: AttributeName, stored: StoredValue?, queried: StoredValue?)
    /// An item of class `other` has the query's attributes; `missing` are the query's
    /// attributes that class does not have.
    case otherClass(other: ItemClass, Subject, missing: [String], queried: ItemClass)
    /// `total` akpu items of `itemClass` were deleted by `removals` passcode removals, the
    /// last at `lastAt`; `protectionAsked` when the query named the akpu class.
    case passcodeRemoved(
      total: Int, removals: Int, lastAt: SimulatedInstant, itemClass: ItemClass,
      protectionAsked: Bool)

    /// The kinds, most specific first.
    enum Kind: Sendable, Hashable {
      case skipped, accessGroup, synchronizable, oneAttribute, otherClass,
        passcodeRemoved
    }

    var kind: Kind {
      switch self {
      case .skipped: .skipped
      case .accessGroup: .accessGroup
      case .synchronizable: .synchronizable
      case .otherAccessControl, .oneAttribute: .oneAttribute
      case .otherClass: .otherClass
      case .passcodeRemoved: .passcodeRemoved
      }
    }
  }

  /// A row named by one key attribute the query did not get wrong: `attribute` is `nil`
  /// when the row has none worth naming.
  struct Subject: Sendable, Hashable {
    var attribute: AttributeName?
    var value: String?
  }

  /// Who holds an access group, as far as the device knows.
  enum GroupOwner: Sendable, Hashable {
    /// Installed apps entitled to it.
    case apps([String])
    /// An app group the caller's entitlements do not list.
    case unlistedAppGroup
    /// A group of the caller's own team that its entitlements no longer list.
    case ownTeam
    /// Another team's group; `prefix` is its team part.
    case otherTeam(prefix: String)
  }

  /// Every near miss, most specific first. `skipped` counts the matches the call skipped
  /// because of kSecUseAuthenticationUISkip.
  func nearMisses(skipped: Int) -> [NearMiss] {
    var found: [NearMiss] = []
    if skipped > 0 {
      found.append(.skipped(count: skipped))
    }
    // A persistent reference names one row: "almost" that row means nothing useful.
    guard query.persistentRef == nil else { return found }
    found += outsideAccessGroups()
    found += synchronizable()
    found += oneAttributeAway()
    found += otherClasses()
    found += deletedWithPasscode()
    return found
  }

  // MARK: - Kinds

  /// Full matches in groups the caller cannot reach (issue 4: an app that lost a group).
  private func outsideAccessGroups() -> [NearMiss] {
    // With an explicit kSecAttrAccessGroup the validator already refused groups outside the
    // entitlements (-34018); the search was in that group only.
    guard filter.accessGroups != nil else { return [] }
    let reachable = Set(context.caller.accessGroups)
    let rows = (try? engine.database.rows(in: query.itemClass, matching: filter.plain)) ?? []
    return rows.compactMap { row -> NearMiss? in
      let verdict = sealedVerdict(row, sealed: filter.sealed, control: filter.accessControl)
      guard case .text(let group)? = row.plainColumns[.accessGroup], !reachable.contains(group),
        verdict != .differs
      else { return nil }
      return .accessGroup(
        SecItemFailure.ItemName(row), group: group, unchecked: verdict == .unchecked,
        owner: owner(of: group))
    }
  }

  /// The rule that hides synchronizable items from a query without kSecAttrSynchronizable.
  private func synchronizable() -> [NearMiss] {
    guard query.synchronizable == nil else { return [] }
    var syncFilter = filter
    syncFilter.plain[.synchronizable] = .integer(1)
    let rows = (try? engine.candidates(syncFilter)) ?? []
    return
      rows
      .filter {
        sealedVerdict($0, sealed: filter.sealed, control: filter.accessControl) != .differs
      }
      .map { _ in .synchronizable }
  }

  /// Items in the caller's groups that match every attribute of the query but one.
  private func oneAttributeAway() -> [NearMiss] {
    var conditions = filter.plain
    conditions[.tombstone] = nil
    var fixed: [String: StoredValue] = [:]
    fixed[.tombstone] = .integer(0)
    if query.synchronizable == nil {
      // The implicit sync = 0 is the synchronizable kind's business, not an attribute.
      conditions[.synchronizable] = nil
      fixed[.synchronizable] = .integer(0)
    }
    // Only the query's own attributes can differ; one attribute alone leaves nothing to
    // "almost" match.
    let count = conditions.count + filter.sealed.count + (filter.accessControl == nil ? 0 : 1)
    guard count >= 2 else { return [] }
    let scope = RowFilter.scope(context.caller.accessGroups)
    let rows = (try? engine.database.rows(in: query.itemClass, matching: fixed, oneOf: scope)) ?? []
    return rows.compactMap { row -> NearMiss? in
      let plainDiffs = conditions.keys.sorted().filter { row.plainColumns[$0] != conditions[$0] }
      guard plainDiffs.count <= 1 else { return nil }
      var differing = plainDiffs.first.map { (name: $0, stored: row.plainColumns[$0]) }
      if !filter.sealed.isEmpty || filter.accessControl != nil {
        guard let item = try? engine.sealer.openAttributes(row) else { return nil }
        let sealedDiffs = filter.sealed.keys.sorted().filter {
          item.attributes[$0] != filter.sealed[$0]
        }
        let controlDiffers =
          filter.accessControl.map { $0 != item.accessControl } ?? false
        let total = plainDiffs.count + sealedDiffs.count + (controlDiffers ? 1 : 0)
        guard total == 1 else { return nil }
        if let name = sealedDiffs.first { differing = (name, item.attributes[name]) }
        if controlDiffers { differing = (AttributeName.accessControl.rawValue, nil) }
      }
      guard let differing else { return nil }
      // A different account is usually just another item: only a spelling slip counts.
      if Self.siblingKeys.contains(differing.name),
        !Self.looksAlike(
          differing.stored, conditions[differing.name] ?? filter.sealed[differing.name])
      {
        return nil
      }
      return oneAttribute(row, differing.name, stored: differing.stored)
    }
  }

  private func oneAttribute(_ row: ItemRow, _ name: String, stored: StoredValue?) -> NearMiss {
    let subject = identifying(row, excluding: name)
    guard name != AttributeName.accessControl.rawValue else { return .otherAccessControl(subject) }
    let queried = query.attributes[name] ?? filter.plain[name]
    return .oneAttribute(
      subject, name: AttributeName(rawValue: name), stored: stored, queried: queried)
  }

  /// The same attributes in another class: classes never match each other.
  private func otherClasses() -> [NearMiss] {
    let scope = RowFilter.scope(context.caller.accessGroups)
    let ignored = Set(
      [AttributeName.tombstone, .synchronizable, .accessGroup, .accessible].map(\.rawValue))
    var wanted = query.attributes
    wanted[.tombstone] = nil
    return ItemClass.allCases.filter { $0 != query.itemClass }.flatMap { other -> [NearMiss] in
      let shared = wanted.filter { other.attribute(named: $0.key) != nil }
      // pdmn or agrp alone would point at every item of the other class.
      guard !shared.keys.allSatisfy(ignored.contains) else { return [] }
      var plain = shared.filter { other.plainColumns.contains($0.key) }
      let sealed = shared.filter { !other.plainColumns.contains($0.key) }
      plain[.tombstone] = .integer(0)
      if case .value(let flag)? = query.synchronizable {
        plain[.synchronizable] = .integer(flag ? 1 : 0)
      } else if query.synchronizable == nil {
        plain[.synchronizable] = .integer(0)
      }
      let rows = (try? engine.database.rows(in: other, matching: plain, oneOf: scope)) ?? []
      return
        rows
        .filter { sealedVerdict($0, sealed: sealed, control: nil) == .matches }
        .map { row in
          .otherClass(
            other: other, identifying(row, excluding: nil),
            missing: wanted.keys.filter { other.attribute(named: $0) == nil }.sorted(),
            queried: query.itemClass)
        }
    }
  }

  /// `akpu` items the passcode's removal deleted: their attributes were not kept, so only
  /// their number, class and time can be told.
  private func deletedWithPasscode() -> [NearMiss] {
    let removals = context.passcodeRemovals.filter { $0.count(of: query.itemClass) > 0 }
    guard let last = removals.last else { return [] }
    if let protection = query.protection, protection != .akpu {
      return []
    }
    return [
      .passcodeRemoved(
        total: removals.reduce(0) { $0 + $1.count(of: query.itemClass) },
        removals: removals.count, lastAt: last.at, itemClass: query.itemClass,
        protectionAsked: query.protection != nil)
    ]
  }

  // MARK: - Helpers

  enum SealedVerdict { case matches, differs, unchecked }

  /// Whether `row`'s sealed attributes satisfy `sealed` and `control`: `.unchecked` when they
  /// could not be opened (class key not loaded, or the row can never be opened).
  private func sealedVerdict(
    _ row: ItemRow, sealed: [String: StoredValue], control: SecAccessControl?
  ) -> SealedVerdict {
    guard !sealed.isEmpty || control != nil else { return .matches }
    guard let item = try? engine.sealer.openAttributes(row) else { return .unchecked }
    for (name, value) in sealed where item.attributes[name] != value { return .differs }
    if let control, item.accessControl != control { return .differs }
    return .matches
  }

  /// The row named by a key attribute the query did not get wrong ("an item with
  /// kSecAttrAccount `b`"), from plaintext columns only.
  private func identifying(_ row: ItemRow, excluding name: String?) -> Subject {
    for key in Self.identifyingKeys where key.rawValue != name {
      if let value = ItemDescription.text(row.plainColumns[key]) {
        return Subject(attribute: key, value: value)
      }
    }
    return Subject(attribute: nil, value: nil)
  }

  /// Who holds an access group, as far as the device knows: another installed app, another
  /// team, or the caller's own team (an update that dropped the group leaves its items).
  private func owner(of group: String) -> GroupOwner {
    let holders = (context.apps?.apps ?? [])
      .filter { $0.isInstalled && $0.identity.accessGroups.contains(group) }
      .map(\.bundleID)
    if !holders.isEmpty { return .apps(holders.sorted()) }
    if group.hasPrefix("group.") { return .unlistedAppGroup }
    if group.hasPrefix(context.caller.app.teamID + ".") { return .ownTeam }
    return .otherTeam(prefix: group.split(separator: ".").first.map(String.init) ?? group)
  }

  /// Attributes that tell sibling items apart: a different value there is another item, not
  /// a near miss, unless it looks like a slip (case, spaces, string versus data).
  static let siblingKeys = Set(
    [AttributeName.account, .applicationTag, .serialNumber].map(\.rawValue))

  /// The attributes that name a row in a sentence, in order of preference.
  static let identifyingKeys: [AttributeName] = [
    .account, .server, .service, .applicationTag, .serialNumber, .label,
  ]

  static func looksAlike(_ a: StoredValue?, _ b: StoredValue?) -> Bool {
    func folded(_ value: StoredValue?) -> String? {
      switch value {
      case .text(let text)?: text
      case .blob(let bytes)?: String(data: bytes, encoding: .utf8)
      default: nil
      }
    }
    guard let a = folded(a), let b = folded(b) else { return false }
    return a.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
      == b.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }
}
