import DeviceState
import Foundation
import ItemStore
import Keybag

/// "errSecItemNotFound, but I just saved it": the items that *almost* matched a search that
/// found nothing, so the explanation can say which rule hid them.
///
/// Runs only after a call has failed with errSecItemNotFound, so a successful call pays
/// nothing. It only reads: it never deletes a row, never throws, never prompts, and so never
/// changes the call's status or side effects. It compares the searchable columns (keyed
/// hashes) in SQL and opens a candidate row only to tell its values, when its class key is
/// loaded; it reports
/// attribute values, never an item's secret (kSecValueData is not an attribute, and is never
/// opened here).
///
/// Kinds, most specific first (the explanation names the first and counts the others):
/// matches skipped by kSecUseAuthenticationUISkip, a match in an access group the caller is
/// not entitled to, a synchronizable match, an item that differs in exactly one attribute of
/// the query, an item of another class, `akpu` items deleted with the passcode.
///
/// It holds the store and the keybag, not the engine, until it has worked its answer out:
/// a miss defers it (``DeferredDiagnosis``, which it is) and it may be worked out after the
/// call, before anything changes either. One object per miss, holding both what the search
/// reads and the answer (issue 29).
package final class NotFoundDiagnosis: DeferredDiagnosis, @unchecked Sendable {
  package let registry: PendingDiagnoses
  /// Guarded by the registry's lock, as is `reading`: read and written under it only (or in
  /// `deinit`, when no one else can reach it), so without the run-time exclusivity check.
  @exclusivity(unchecked) package private(set) var answer: DiagnosisAnswer?
  /// The store and the keybag the search reads, let go once the answer is worked out: an
  /// outcome may be kept long after its device.
  private var reading: Reading?
  let query: Query
  let filter: RowFilter
  let context: Surroundings
  /// The matches the call skipped because of kSecUseAuthenticationUISkip.
  private let skipped: Int
  /// What the store said when a read failed: the explanation tells it instead of hiding it.
  private var storeFailures: [String] = []
  /// The caller's groups as the probes compare them (`agrp IN (…)`), hashed once.
  private var scope: ItemDatabase.OneOf { filter.accessGroups ?? context.caller.scope }

  /// `callerScope` is the caller's entry in the engine's scope cache
  /// (``SecItemEngine/callerScope(of:)``). The query and the context are borrowed, only a
  /// few of their fields kept: owned (an initializer's default), each miss copied both whole
  /// and tore the copies down (issue 29). The diagnosis defers itself with the engine's
  /// registry.
  init(
    engine: SecItemEngine, query: borrowing ParsedQuery, filter: RowFilter, skipped: Int,
    context: borrowing SecItemEngine.Context, callerScope: SecItemEngine.ScopeEntry
  ) {
    registry = engine.pendingDiagnoses
    reading = Reading(database: engine.database, sealer: engine.sealer)
    self.query = Query(
      itemClass: query.itemClass, attributes: query.attributes,
      synchronizable: query.synchronizable, protection: query.protection,
      persistentRef: query.persistentRef)
    self.context = Surroundings(
      caller: callerScope, apps: context.apps, passcodeRemovals: context.passcodeRemovals)
    self.skipped = skipped
    // Moved in last, once read: the caller's filter moves here (``SecItemEngine/notFound``).
    self.filter = filter
    registry.deferring(self)
  }

  /// A diagnosis that goes unresolved is counted out of the registry's waiting ones, so the
  /// next statement does not look for it. Nobody else holds it now (a weak reference reads
  /// `nil` from here on), so `answer` is read without the lock.
  deinit {
    if answer == nil { registry.forget() }
  }

  /// Works the answer out and lets go of the store and the keybag. Called by the registry,
  /// under its lock.
  package func workOut() -> DiagnosisAnswer {
    if let answer { return answer }
    let worked = DiagnosisAnswer(
      nearMisses: nearMisses(skipped: skipped), storeFailure: storeFailure)
    answer = worked
    reading = nil
    return worked
  }

  /// What the search reads besides the call's values.
  private struct Reading {
    let database: ItemDatabase
    let sealer: ItemSealer
  }

  /// The store, while the answer is being worked out.
  private var database: ItemDatabase { store.database }
  /// The sealer (the keybag), while the answer is being worked out.
  private var sealer: ItemSealer { store.sealer }

  private var store: Reading {
    guard let reading else {
      preconditionFailure("a near-miss search runs once, before it lets go of the store")
    }
    return reading
  }

  /// The caller's groups when the search covered all of them (no explicit group).
  package var searchedGroups: [String]? {
    filter.accessGroups == nil ? nil : context.caller.groups
  }

  /// The names of the query's attributes that are searched by a keyed hash and are not part
  /// of the primary key, sorted: only an opened item can be compared on them. Made when
  /// read, from the query: a miss whose explanation nobody reads no longer makes them
  /// (issue 29). A loop: a lazy `compactMap` over them, then sorted, went through generic
  /// sequence copies (about 1.6k instructions a miss).
  package var sealedAttributes: [String] {
    var names: [String] = []
    for (name, _, attribute) in filter.queried.withSchemas(in: query.itemClass) {
      guard let attribute, !attribute.isPrimaryKey, attribute.storage == .keyedHash else {
        continue
      }
      names.append(name)
    }
    // Sorting the empty list made it unique: an allocation for nothing.
    if names.count > 1 { names.sort() }
    return names
  }

  /// What a diagnosis reads of the parsed query. Kept apart from ``ParsedQuery``, whose
  /// other fields (return and use keys, access control, data) it never reads: every miss
  /// copies this in and tears it down, a retain and a release per reference (issue 29).
  struct Query {
    let itemClass: ItemClass
    let attributes: ParsedAttributes
    let synchronizable: ParsedQuery.Synchronizable?
    let protection: ProtectionClass?
    let persistentRef: Data?
  }

  /// What a diagnosis reads of the call's ``SecItemEngine/Context``, for the same reason:
  /// the context holds the caller's whole identity, the security state and the authorizer.
  struct Surroundings {
    /// The caller's identity, access groups (``Caller/accessGroups``) and their hashed scope:
    /// its entry in the engine's cache, one reference where the groups, the team and the
    /// scope were each retained and released with every miss (issue 29).
    let caller: SecItemEngine.ScopeEntry
    let apps: AppRegistry?
    let passcodeRemovals: [PasscodeRemoval]
  }

  /// The first store failure met while looking for near misses, if any.
  package var storeFailure: String? { storeFailures.first }

  /// The rows `read` returns, or none when the store fails, the failure kept for the
  /// explanation.
  private func rows<E: Error>(_ read: () throws(E) -> [ItemRow]) -> [ItemRow] {
    do {
      return try read()
    } catch {
      storeFailures.append("\(error)")
      return []
    }
  }

  package typealias NearMiss = KeychainEngine.NearMiss
  package typealias Subject = NearMiss.Subject
  package typealias GroupOwner = NearMiss.GroupOwner

  /// Every near miss, most specific first. `skipped` counts the matches the call skipped
  /// because of kSecUseAuthenticationUISkip.
  package func nearMisses(skipped: Int) -> [NearMiss] {
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

  private var hasher: SearchHasher { sealer.hasher }

  /// Full matches in groups the caller cannot reach (issue 4: an app that lost a group).
  private func outsideAccessGroups() -> [NearMiss] {
    // With an explicit kSecAttrAccessGroup the validator already refused groups outside the
    // entitlements (-34018); the search was in that group only.
    guard let scope = filter.accessGroups else { return [] }
    let reachable = Set(scope.values)
    let rows = rows { () throws(ItemStoreError) in
      try database.firstRows(
        in: query.itemClass, matching: filter.search.dictionary, atMost: Self.probeLimit)
    }
    return rows.compactMap { row -> NearMiss? in
      guard let groupHash = row.searchColumns[.accessGroup], !reachable.contains(groupHash)
      else { return nil }
      let opened = try? sealer.openAttributes(row)
      guard let group = groupName(groupHash, opened: opened) else { return nil }
      return .accessGroup(
        SecItemFailure.ItemName(query.itemClass, plain: opened?.attributes ?? filter.queried.dictionary),
        group: group, owner: owner(of: group))
    }
  }

  /// The name of the access group whose hash is `hash`: the opened item's, else the one of
  /// the groups the device knows of (installed apps', the caller's) that hashes to it.
  private func groupName(_ hash: StoredValue, opened: KeychainItem?) -> String? {
    if case .text(let group)? = opened?.attributes[.accessGroup] { return group }
    let known =
      context.caller.groups
      + (context.apps?.apps ?? []).flatMap(\.identity.accessGroups)
    let groupScope = hasher.scope(known)
    return zip(known, groupScope.values).first { $0.1 == hash }?.0
  }

  /// The rule that hides synchronizable items from a query without kSecAttrSynchronizable.
  private func synchronizable() -> [NearMiss] {
    guard query.synchronizable == nil else { return [] }
    var syncFilter = filter
    syncFilter.search[.synchronizable] = hasher.condition(
      AttributeName.synchronizable.rawValue, .integer(1), in: query.itemClass)
    let rows = rows { () throws(ItemStoreError) in
      try database.firstRows(
        in: query.itemClass, matching: syncFilter.search.dictionary,
        oneOf: syncFilter.accessGroups,
        atMost: Self.probeLimit)
    }
    return rows.map { _ in .synchronizable }
  }

  /// How many rows one near-miss probe reads at most: enough for any keychain a person
  /// reads through, and a bound on what a miss costs however large the keychain grows.
  static let probeLimit = 256

  /// How many rows a probe that leaves out a sibling key (``siblingKeys``) reads at most.
  /// Such a probe finds the items that share everything but, say, the account — usually
  /// just the app's other items, each opened to see whether its account is a slip of the
  /// query's — so it gets a smaller bound than ``probeLimit``, which keeps a miss within a
  /// small multiple of a hit.
  static let siblingProbeLimit = 8

  /// Items in the caller's groups that match every attribute of the query but one.
  private func oneAttributeAway() -> [NearMiss] {
    var conditions = filter.search.dictionary
    conditions[.tombstone] = nil
    var fixed: [String: StoredValue] = [:]
    fixed[.tombstone] = .integer(0)
    if query.synchronizable == nil {
      // The implicit sync = 0 is the synchronizable kind's business, not an attribute.
      conditions[.synchronizable] = nil
      fixed[.synchronizable] = hasher.condition(
        AttributeName.synchronizable.rawValue, .integer(0), in: query.itemClass)
    }
    // Only the query's own attributes can differ; one attribute alone leaves nothing to
    // "almost" match.
    guard conditions.count >= 2 else { return [] }
    // One indexed probe per attribute of the query, matching all the others: a row that
    // differs in one attribute only is found by the probe that leaves that one out. Each
    // probe reads a bounded number of rows, so a miss never reads the whole keychain.
    var seen: Set<Int64> = []
    var candidates: [(row: ItemRow, differing: String)] = []
    for left in conditions.keys.sorted() {
      let probe = fixed.merging(conditions.filter { $0.key != left }) { $1 }
      let found =
        Self.siblingKeys.contains(left)
        ? siblingsSlippedIn(left, probe: probe)
        : rows { () throws(ItemStoreError) in
          try database.firstRows(
            in: query.itemClass, matching: probe, oneOf: scope, atMost: Self.probeLimit)
        }
      // A row equal in `left` too matches the whole query: no near miss.
      for row in found where row.searchColumns[left] != conditions[left] {
        if seen.insert(row.rowID ?? -1).inserted { candidates.append((row, left)) }
      }
    }
    candidates.sort { ($0.row.rowID ?? -1) < ($1.row.rowID ?? -1) }
    return candidates.compactMap { candidate -> NearMiss? in
      let (row, name) = candidate
      // Opened to tell its values; a locked one is told without its value.
      let opened = try? sealer.openAttributes(row)
      let storedValue = stored(name, row, opened)
      if opened == nil, query.itemClass.attribute(named: name)?.storage == .keyedHash {
        // Locked: only its hash is known. A different account is usually another item.
        guard !Self.siblingKeys.contains(name) else { return nil }
        return .oneAttributeLocked(
          identifying(filter.queried.dictionary, excluding: name),
          name: AttributeName(rawValue: name), queried: query.attributes[name])
      }
      // A different account is usually just another item: only a spelling slip counts.
      if Self.siblingKeys.contains(name), !Self.looksAlike(storedValue, query.attributes[name]) {
        return nil
      }
      return oneAttribute(row, opened: opened, name, stored: storedValue)
    }
  }

  /// The rows `probe` finds (it leaves out the sibling key `name`) whose `name` looks like a
  /// slip of the query's value, read whole. The others are read with only what opening
  /// their `name` needs, and that one value opened: a row that cannot be opened is never a
  /// near miss in a sibling key.
  private func siblingsSlippedIn(_ name: String, probe: [String: StoredValue]) -> [ItemRow] {
    let itemClass = query.itemClass
    let identity = ItemSealer.identityColumns(itemClass)
    let siblings = rows { () throws(ItemStoreError) in
      try database.firstRows(
        in: itemClass, matching: probe, oneOf: scope, atMost: Self.siblingProbeLimit,
        searchColumns: identity.contains(name) ? identity : identity + [name],
        sealedColumns: [ItemClass.attributesColumn])
    }
    let queried = query.attributes[name]
    let slips = siblings.compactMap { row -> Int64? in
      guard let value = try? sealer.openAttribute(name, of: row),
        Self.looksAlike(value, queried)
      else { return nil }
      return row.rowID
    }
    return slips.compactMap { rowID in
      rows { () throws(ItemStoreError) in
        try database.row(id: rowID, in: itemClass).map { [$0] } ?? []
      }.first
    }
  }

  /// The stored value of attribute `name`: a plain column as it is, else the opened value.
  private func stored(_ name: String, _ row: ItemRow, _ opened: KeychainItem?) -> StoredValue? {
    if query.itemClass.attribute(named: name)?.storage == .plain { return row.searchColumns[name] }
    return opened?.attributes[name]
  }

  private func oneAttribute(
    _ row: ItemRow, opened: KeychainItem?, _ name: String, stored: StoredValue?
  ) -> NearMiss {
    // Every other attribute of the query matched, so the query's values name the row too.
    let subject = identifying(opened?.attributes ?? filter.queried.dictionary, excluding: name)
    return .oneAttribute(
      subject, name: AttributeName(rawValue: name), stored: stored,
      queried: query.attributes[name])
  }

  /// The same attributes in another class: classes never match each other.
  private func otherClasses() -> [NearMiss] {
    let ignored = Set(
      [AttributeName.tombstone, .synchronizable, .accessGroup, .accessible].map(\.rawValue))
    var wanted = query.attributes.dictionary
    wanted[.tombstone] = nil
    return ItemClass.allCases.filter { $0 != query.itemClass }.flatMap { other -> [NearMiss] in
      let shared = wanted.filter { other.attribute(named: $0.key) != nil }
      // pdmn or agrp alone would point at every item of the other class.
      guard !shared.keys.allSatisfy(ignored.contains) else { return [] }
      var search: [String: StoredValue] = [:]
      for (name, value) in shared {
        search[name] = hasher.condition(name, value, in: other)
      }
      search[.tombstone] = .integer(0)
      let synchronizable = AttributeName.synchronizable.rawValue
      if case .value(let flag)? = query.synchronizable {
        search[.synchronizable] = hasher.condition(
          synchronizable, .integer(flag ? 1 : 0), in: other)
      } else if query.synchronizable == nil {
        search[.synchronizable] = hasher.condition(synchronizable, .integer(0), in: other)
      }
      let rows = rows { () throws(ItemStoreError) in
        try database.firstRows(
          in: other, matching: search, oneOf: scope, atMost: Self.probeLimit)
      }
      return rows.map { row in
        let opened = try? sealer.openAttributes(row)
        return .otherClass(
          other: other, identifying(opened?.attributes ?? shared, excluding: nil),
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

  /// The row named by a key attribute the query did not get wrong ("an item with
  /// kSecAttrAccount `b`"), from its opened attributes or the query's matching values.
  private func identifying(_ attributes: [String: StoredValue], excluding name: String?)
    -> Subject
  {
    for key in Self.identifyingKeys where key.rawValue != name {
      if let value = ItemDescription.text(attributes[key]) {
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
    func bytes(_ value: StoredValue?) -> [UInt8]? {
      switch value {
      case .text(let text)?: Array(text.utf8)
      case .blob(let bytes)?: [UInt8](bytes)
      default: nil
      }
    }
    guard let a = bytes(a), let b = bytes(b) else { return false }
    // ASCII alone (the common case, many siblings per miss): the same folding without
    // Foundation, which costs more than opening the item.
    if a.allSatisfy({ $0 < 0x80 }) && b.allSatisfy({ $0 < 0x80 }) {
      return asciiFolded(a).elementsEqual(asciiFolded(b))
    }
    func folded(_ bytes: [UInt8]) -> String? {
      String(bytes: bytes, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines)
        .lowercased()
    }
    guard let a = folded(a), let b = folded(b) else { return false }
    return a == b
  }

  /// ASCII bytes trimmed of the whitespace and newlines of `CharacterSet.whitespacesAndNewlines`
  /// (tab, line feed, vertical tab, form feed, carriage return, space) and lowercased: what
  /// Foundation's trimming and `lowercased()` do to an ASCII string.
  private static func asciiFolded(_ bytes: [UInt8]) -> some Collection<UInt8> {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
    let end = (bytes.lastIndex { !isSpace($0) }).map { $0 + 1 } ?? start
    return bytes[start..<max(start, end)].lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
  }
}
