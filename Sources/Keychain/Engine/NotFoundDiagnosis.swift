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

  /// One reason a search came close, in the explanation's words.
  struct NearMiss: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
      case skipped, accessGroup, synchronizable, oneAttribute, otherClass,
        passcodeRemoved
    }
    var kind: Kind
    var cause: String
    var fix: String?
  }

  /// Every near miss, most specific first. `skipped` counts the matches the call skipped
  /// because of kSecUseAuthenticationUISkip.
  func nearMisses(skipped: Int) -> [NearMiss] {
    var found: [NearMiss] = []
    if skipped > 0 {
      found.append(
        NearMiss(
          kind: .skipped,
          cause: "\(skipped) matching item(s) whose access control needs the user were skipped "
            + "because of kSecUseAuthenticationUISkip",
          fix: "pass an LAContext already evaluated for the item (kSecUseAuthenticationContext), "
            + "or let the system ask the user (kSecUseAuthenticationUIAllow)"))
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
      let unchecked =
        verdict == .unchecked
        ? " (its other attributes could not be checked: its class key is not available)" : ""
      return NearMiss(
        kind: .accessGroup,
        cause: "\(ItemDescription.of(row)) matches the query\(unchecked) but sits in access "
          + "group `\(group)`, \(owner(of: group)); the caller is not entitled to it, so a "
          + "search never sees it",
        fix: "add `\(group)` to the app's keychain-access-groups entitlement (only groups of "
          + "its own team can be added), or move the item to a group the app has, from an app "
          + "that has both")
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
      .map { _ in
        NearMiss(
          kind: .synchronizable,
          cause: "a synchronizable item matches, but a query without "
            + "kSecAttrSynchronizable only sees non-synchronizable items",
          fix: "add kSecAttrSynchronizable: kSecAttrSynchronizableAny to the query")
      }
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
    let attribute = Self.appleName(name)
    let subject = identifying(row, excluding: name)
    guard name != AttributeName.accessControl.rawValue else {
      return NearMiss(
        kind: .oneAttribute,
        cause: "\(subject) exists with a different \(attribute)",
        fix: "drop \(attribute) from the query, or pass the item's own access control")
    }
    let queried = query.attributes[name] ?? filter.plain[name]
    let wanted = Self.rendered(name, queried)
    var types = ""
    if wanted == Self.rendered(name, stored) {
      types =
        " (stored as \(Self.kind(stored)), queried as \(Self.kind(queried)): a string "
        + "never matches data)"
    }
    return NearMiss(
      kind: .oneAttribute,
      cause: "\(subject) exists with \(attribute) \(Self.rendered(name, stored)), not \(wanted)"
        + types,
      fix: "query \(attribute) \(Self.rendered(name, stored)) if that is the item, or drop "
        + "\(attribute) from the query; every attribute in a query must match")
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
          let otherName = QueryParser.className(other)
          let missing = wanted.keys.filter { other.attribute(named: $0) == nil }.sorted()
          let note =
            missing.isEmpty
            ? ""
            : " (\(missing.map(Self.appleName).joined(separator: ", ")) does not exist in "
              + "that class)"
          return NearMiss(
            kind: .otherClass,
            cause: "a \(otherName) \(identifying(row, excluding: nil, article: false)) exists"
              + note + "; the query asks for "
              + QueryParser.className(query.itemClass),
            fix: "query kSecClass: \(otherName); items of different classes never match")
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
    let total = removals.reduce(0) { $0 + $1.count(of: query.itemClass) }
    let when =
      removals.count == 1 ? "at \(last.at)" : "(\(removals.count) times, last at \(last.at))"
    let className = QueryParser.className(query.itemClass)
    let verdict =
      query.protection == nil
      ? "if the item was one of them, it is gone"
      : "the query asks for that class, so the item may have been one of them"
    return [
      NearMiss(
        kind: .passcodeRemoved,
        cause: "\(total) kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly \(className) item(s) "
          + "were deleted when the passcode was removed \(when); \(verdict)",
        fix: "such items never survive passcode removal: add the item again once a passcode "
          + "is set, and be ready to recreate it")
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

  /// "an item with kSecAttrAccount `b`": the row named by a key attribute the query did not
  /// get wrong, from plaintext columns only.
  private func identifying(_ row: ItemRow, excluding name: String?, article: Bool = true)
    -> String
  {
    let noun = article ? "an item" : "item"
    for key in Self.identifyingKeys where key.rawValue != name {
      if let value = ItemDescription.text(row.plainColumns[key]) {
        return "\(noun) with \(Self.appleName(key.rawValue)) `\(Self.short(value))`"
      }
    }
    return noun
  }

  /// Who holds an access group, as far as the device knows: another installed app, another
  /// team, or the caller's own team (an update that dropped the group leaves its items).
  private func owner(of group: String) -> String {
    let holders = (context.apps?.apps ?? [])
      .filter { $0.isInstalled && $0.identity.accessGroups.contains(group) }
      .map(\.bundleID)
    if !holders.isEmpty {
      return "a group of \(holders.sorted().joined(separator: ", "))"
    }
    if group.hasPrefix("group.") { return "an app group the caller's entitlements do not list" }
    let team = context.caller.app.teamID
    if group.hasPrefix(team + ".") {
      return "a group of the caller's team that its entitlements no longer list (an update "
        + "that drops a group leaves its items behind)"
    }
    let prefix = group.split(separator: ".").first.map(String.init) ?? group
    return "a group of another team (\(prefix))"
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

  static func kind(_ value: StoredValue?) -> String {
    switch value {
    case .text?: "a string"
    case .blob?: "data"
    case .integer?, .real?: "a number"
    case .null?, nil: "nothing"
    }
  }

  /// kSecAttrService, or the raw code when Security has no public name.
  static func appleName(_ raw: String) -> String { SecConstants.name(forKey: raw) ?? raw }

  /// A stored or queried attribute value for a sentence: Apple's constant for a protection
  /// class, `` `text` `` otherwise, "no value" when missing. Never the item's data.
  static func rendered(_ name: String, _ value: StoredValue?) -> String {
    if name == AttributeName.accessible.rawValue, case .text(let raw)? = value,
      let constant = KeyName.ofValue(raw)
    {
      return constant
    }
    guard let text = ItemDescription.text(value) else { return "no value" }
    return "`\(short(text))`"
  }

  private static func short(_ text: String) -> String {
    text.count <= 60 ? text : String(text.prefix(57)) + "..."
  }
}
