import ItemStore
import KeychainEngine

/// Watches the SecItem calls an app makes, with their outcomes, and recognises the known
/// mistakes of app code (``Pitfall/Kind``) without changing anything they return: a scenario
/// session's statements (`run`, the REPL) and the test phone's calls from real code
/// (`SimulatedPhone`) are judged by this one detector.
///
/// It sees data only: the evaluated query dictionaries, the status, the app state and the
/// caller's entitlements. Items the session added are remembered (their accessibility, access
/// control, sync flag and who added them) so a later read can be judged.
///
/// ```swift
/// var detector = PitfallDetector()
/// detector.observe(call)            // after each SecItem call
/// let warnings = detector.take()    // pitfalls found since the last take
/// ```
package struct PitfallDetector {
  /// One played SecItem call and its outcome.
  package struct Call {
    package enum Function {
      case add, copyMatching, update, delete

      /// The function Apple names `name` (`SecItemAdd`, ...), as a package's step names the
      /// call it made; `nil` for any other name.
      package init?(appleName name: String) {
        guard
          let function = Self.first(where: { Self.bytes($0.appleName).elementsEqual(name.utf8) })
        else { return nil }
        self = function
      }

      /// The same for a name given as a `StaticString` (the test phone's SecItem calls),
      /// compared byte by byte: its `description` would allocate a `String` at every call.
      package init?(appleName name: StaticString) {
        guard let function = Self.first(where: { Self.same($0.appleName, name) }) else {
          return nil
        }
        self = function
      }

      /// Whether two static strings hold the same bytes: a plain loop, which `elementsEqual`
      /// is not once compiled (it cost more than the rest of judging a plain read).
      private static func same(_ first: StaticString, _ second: StaticString) -> Bool {
        let count = first.utf8CodeUnitCount
        guard second.utf8CodeUnitCount == count else { return false }
        let (left, right) = (first.utf8Start, second.utf8Start)
        // The linker merges equal literals, so the Security module's name is usually this one.
        if left == right { return true }
        for index in 0..<count where left[index] != right[index] { return false }
        return true
      }

      /// Apple's name of the function.
      package var appleName: StaticString {
        switch self {
        case .add: "SecItemAdd"
        case .copyMatching: "SecItemCopyMatching"
        case .update: "SecItemUpdate"
        case .delete: "SecItemDelete"
        }
      }

      /// The first function, the commonest call first, whose name `matches`; no array, so
      /// that naming a call allocates nothing.
      private static func first(where matches: (Function) -> Bool) -> Function? {
        if matches(.copyMatching) { return .copyMatching }
        if matches(.add) { return .add }
        if matches(.update) { return .update }
        if matches(.delete) { return .delete }
        return nil
      }

      private static func bytes(_ name: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
      }
    }
    package var function: Function
    package var query: SecQuery
    /// SecItemUpdate's attributes to update; empty for the others.
    package var attributes: SecQuery = [:]
    package var status: OSStatus
    package var inBackground: Bool
    package var caller: AppIdentity
    package var line: Int
    /// A SecItemAdd on a Mac that lands in the file-based login keychain because the query
    /// does not ask for the data protection keychain (the device decides, see
    /// `SimulatedDevice.addsToLoginKeychainByDefault`).
    package var addsToLoginKeychainByDefault: Bool

    package init(
      function: Function, query: SecQuery, attributes: SecQuery = [:], status: OSStatus,
      inBackground: Bool, caller: AppIdentity, line: Int, addsToLoginKeychainByDefault: Bool = false
    ) {
      self.addsToLoginKeychainByDefault = addsToLoginKeychainByDefault
      self.function = function
      self.query = query
      self.attributes = attributes
      self.status = status
      self.inBackground = inBackground
      self.caller = caller
      self.line = line
    }
  }

  package init() {}

  /// What the detector remembers of an item the session added.
  private struct KnownItem {
    var identity: ItemKey
    var protection: String
    var behindPrompt: Bool
    var synchronizable: Bool
    var addedBy: AppIdentity
    var addedWithGroup: Bool
  }

  /// The item a call names, as the engine tells items apart (``ItemKey``): the class and its
  /// primary key, for internet passwords, certificates and keys as for generic passwords. The
  /// access group and the sync flag are left out: the checks that need them read them
  /// themselves, and an item added without a group must match a read that names one. A key
  /// attribute a call leaves out matches any value, even for an add (not the default the add
  /// stores, ``ItemKey/Missing/engineDefault``): an item added without an account still
  /// matches a later call naming one, as the detector has always judged generic passwords.
  private static func identity(_ query: SecQuery) -> ItemKey {
    ItemKey(query, missing: .unknown, scoped: false)
  }

  /// The raw keys (``AttributeName``) the detector reads.
  private enum RawKey {
    static let accessGroup = AttributeName.accessGroup.rawValue
    static let accessible = AttributeName.accessible.rawValue
    static let accessControl = AttributeName.accessControl.rawValue
    static let synchronizable = AttributeName.synchronizable.rawValue
  }

  /// The protection classes whose key is discarded at lock (class A).
  private static let classA: Set<String> = ["ak", "aku", "akpu"]
  /// Statuses of a read that say the item is there but cannot be read now (locked, no UI,
  /// the user cancelled or failed): never a reason to delete it.
  private static let notMissing: Set<OSStatus> = [
    .errSecInteractionNotAllowed, .errSecAuthFailed, .errSecUserCanceled,
  ]
  /// How many failed attempts of the same locked read make a retry loop.
  package static let retryLoopAttempts = 3

  private var known: [KnownItem] = []
  private var previous: Call? {
    didSet { previousPairsWithNextCall = previous.map(Self.pairsWithNextCall) ?? false }
  }
  /// Whether ``previous`` is a call the next call's checks pair with, kept beside it so that
  /// judging a plain read does not copy the previous call (its fields are reference-counted).
  private var previousPairsWithNextCall = false
  private var pendingDuplicate: Call?
  private var lockedReads: (query: SecQuery, count: Int, firstLine: Int)?
  private var reportedOnce: Set<String> = []
  private var found: [Pitfall] = []

  /// The pitfalls found since the last call.
  package mutating func take() -> [Pitfall] {
    if found.isEmpty { return [] }
    defer { found = [] }
    return found
  }

  /// An `expect` was played: it handles a pending errSecDuplicateItem.
  package mutating func observeExpectation() {
    pendingDuplicate = nil
  }

  /// The device's state changed (unlock, lock, reboot, ...): a read that failed may now work,
  /// so trying it again is no longer a blind retry, and what follows is no longer "right
  /// after" the call before.
  package mutating func observeDeviceChange() {
    lockedReads = nil
    previous = nil
    flushDuplicate()
  }

  /// The file or session ended: an errSecDuplicateItem still unhandled is reported.
  package mutating func finish() {
    flushDuplicate()
  }

  /// Judges one SecItem call against what came before, then remembers it.
  ///
  /// A successful read in the foreground right after anything but a delete or a failed read
  /// (nearly every call of a test suite) can show only a retry or a group mistake: it skips
  /// the item checks, whose cost grows with the items seen, so the test phone's calls stay
  /// as cheap as docs/benchmarks-history.md measures them.
  package mutating func observe(_ call: Call) {
    if observeIfPlainRead(
      call.function, status: call.status, inBackground: call.inBackground, query: call.query,
      attributes: call.attributes, line: call.line, caller: { call.caller })
    {
      return
    }
    let identity = Self.identity(call.query)
    if call.function == .update,
      pendingDuplicate.map({ Self.identity($0.query).couldNameSameItem(as: identity) })
        ?? false
    {
      pendingDuplicate = nil
    }
    flushDuplicate()
    checkAfterPrevious(call, identity: identity)
    checkGroup(call)
    checkSync(call)
    if call.function == .add, call.status == .errSecSuccess, call.addsToLoginKeychainByDefault {
      found.append(Pitfall(kind: .macLoginKeychain, line: call.line))
    }
    if call.function == .copyMatching { checkRead(call, identity: identity) }
    remember(call, identity: identity)
    previous = call
  }

  /// Judges a call as ``observe(_:)`` does when it is a successful read in the foreground
  /// right after anything but a delete or a failed read, and answers true; answers false,
  /// having done nothing, for any other call, which ``observe(_:)`` must judge. The test phone
  /// asks this first, so that for nearly every call it builds no ``Call`` (the caller's
  /// identity is read only for a query that names an access group).
  ///
  /// Such a read can show only a group mistake or end a retry. It pairs with no next call
  /// (``pairsWithNextCall(_:)``), so it is remembered as no call at all: what follows is
  /// judged exactly as after the read.
  ///
  /// `queryMayNameAccessGroup` false: the caller knows the query has no access group (the
  /// Security layer, from the query's shape), so its keys are not looked through for one.
  package mutating func observeIfPlainRead(
    _ function: Call.Function, status: OSStatus, inBackground: Bool, query: SecQuery,
    queryMayNameAccessGroup: Bool = true, attributes: SecQuery = [:], line: Int,
    caller: () -> AppIdentity
  ) -> Bool {
    guard function == .copyMatching, status == .errSecSuccess, !inBackground,
      pendingDuplicate == nil, !previousPairsWithNextCall
    else { return false }
    if queryMayNameAccessGroup { checkGroup(of: query, line: line, caller: caller) }
    if !attributes.isEmpty { checkGroup(of: attributes, line: line, caller: caller) }
    checkRetry(query: query, status: status, line: line)
    if previous != nil { previous = nil }
    return true
  }

  // MARK: - The checks

  /// Whether a call is one the next call's checks pair with: a delete (delete-then-add) or a
  /// read that failed although the item is there (a delete after it).
  private static func pairsWithNextCall(_ call: Call) -> Bool {
    call.function == .delete
      || (call.function == .copyMatching && notMissing.contains(call.status))
  }

  private mutating func checkAfterPrevious(_ call: Call, identity: ItemKey) {
    guard let previous else { return }
    let earlier = Self.identity(previous.query)
    let failedRead =
      previous.function == .copyMatching && Self.notMissing.contains(previous.status)
    if failedRead, call.function == .delete || call.function == .update,
      earlier.couldNameSameItem(as: identity)
    {
      found.append(
        Pitfall(
          kind: .deleteAfterFailedRead, line: call.line, earlierLine: previous.line,
          detail: "\(previous.status.name) (\(previous.status.rawValue))"))
    }
    if previous.function == .delete, call.function == .add, earlier.certainlySameItem(as: identity)
    {
      found.append(Pitfall(kind: .deleteThenAdd, line: call.line, earlierLine: previous.line))
    }
  }

  private mutating func checkGroup(_ call: Call) {
    checkGroup(of: call.query, line: call.line, caller: { call.caller })
    checkGroup(of: call.attributes, line: call.line, caller: { call.caller })
  }

  /// One dictionary of a call; the caller is read only when it names a group.
  private mutating func checkGroup(
    of dictionary: SecQuery, line: Int, caller: () -> AppIdentity
  ) {
    guard Self.mayName(RawKey.accessGroup, in: dictionary),
      case .string(let group)? = dictionary[RawKey.accessGroup]
    else { return }
    if !Self.hasTeamPrefix(group, caller: caller()) {
      found.append(Pitfall(kind: .accessGroupWithoutTeamPrefix, line: line, detail: group))
    }
  }

  /// Whether `dictionary` may hold `key`, told without hashing `key` when it has few entries.
  ///
  /// Why: nearly every query names no access group, and a query has a handful of keys:
  /// comparing each with `key` costs less than hashing `key` for a look-up
  /// (docs/benchmarks-history.md, "The Security module's overhead, fourth session").
  private static func mayName(_ key: String, in dictionary: SecQuery) -> Bool {
    if dictionary.count > 8 { return true }
    return dictionary.keys.contains { $0 == key }
  }

  /// `TEAMID.rest` (ten letters or digits, or the caller's own team) or an app group
  /// (`group.`, which needs no prefix).
  package static func hasTeamPrefix(_ group: String, caller: AppIdentity) -> Bool {
    if group.hasPrefix("group.") || group.hasPrefix(caller.teamID + ".") { return true }
    guard let dot = group.firstIndex(of: ".") else { return false }
    let prefix = group[..<dot]
    return prefix.count == 10
      && prefix.allSatisfy { ($0.isUppercase || $0.isNumber) && $0.isASCII }
  }

  private mutating func checkSync(_ call: Call) {
    guard call.function == .add || call.function == .update else { return }
    var merged = call.query
    merged.merge(call.attributes) { _, new in new }
    guard
      merged[RawKey.synchronizable] == .bool(true) || merged[RawKey.synchronizable] == .number(1)
    else { return }
    let protection = Self.protection(of: merged)
    if let protection, protection.hasSuffix("u") {
      found.append(Pitfall(kind: .thisDeviceOnlyWithSync, line: call.line, detail: protection))
    }
  }

  private mutating func checkRead(_ call: Call, identity: ItemKey) {
    let matching = known.filter { $0.identity.couldNameSameItem(as: identity) }
    if call.inBackground {
      for item in matching {
        let kind: Pitfall.Kind? =
          item.behindPrompt
          ? .backgroundReadBehindPrompt
          : Self.classA.contains(item.protection) ? .backgroundReadOfWhenUnlockedItem : nil
        if let kind { reportOnce(kind, key: "\(item.identity)", line: call.line, item.protection) }
      }
    }
    checkRetry(query: call.query, status: call.status, line: call.line)
    guard call.status == .errSecItemNotFound else { return }
    let queriesSync = call.query[RawKey.synchronizable] != nil
    if !queriesSync, matching.contains(where: \.synchronizable) {
      found.append(Pitfall(kind: .synchronizableNotQueried, line: call.line))
    }
    let sharedGroups = Set(call.caller.appGroups)
    if call.query[RawKey.accessGroup] == nil
      || call.query[RawKey.accessGroup].map({
        if case .string(let group) = $0 { return sharedGroups.contains(group) }
        return false
      }) == true,
      let item = matching.first(where: {
        !$0.addedWithGroup && $0.addedBy.bundleID != call.caller.bundleID
          && !sharedGroups.isDisjoint(with: $0.addedBy.appGroups)
      })
    {
      found.append(
        Pitfall(kind: .appGroupAssumedDefault, line: call.line, detail: item.addedBy.bundleID))
    }
  }

  private mutating func checkRetry(query: SecQuery, status: OSStatus, line: Int) {
    guard status == .errSecInteractionNotAllowed else {
      if lockedReads?.query == query { lockedReads = nil }
      return
    }
    guard let reads = lockedReads, reads.query == query else {
      lockedReads = (query, 1, line)
      return
    }
    lockedReads = (query, reads.count + 1, reads.firstLine)
    if reads.count + 1 == Self.retryLoopAttempts {
      found.append(
        Pitfall(
          kind: .lockedReadRetried, line: line, earlierLine: reads.firstLine,
          detail: String(reads.count + 1)))
    }
  }

  private mutating func reportOnce(_ kind: Pitfall.Kind, key: String, line: Int, _ detail: String) {
    guard reportedOnce.insert("\(kind.rawValue) \(key)").inserted else { return }
    found.append(Pitfall(kind: kind, line: line, detail: detail))
  }

  private mutating func flushDuplicate() {
    guard let add = pendingDuplicate else { return }
    pendingDuplicate = nil
    found.append(Pitfall(kind: .unhandledDuplicate, line: add.line))
  }

  // MARK: - Memory of items

  private mutating func remember(_ call: Call, identity: ItemKey) {
    switch call.function {
    case .add where call.status == .errSecSuccess:
      let control = Self.accessControl(of: call.query)
      known.append(
        KnownItem(
          identity: identity, protection: Self.protection(of: call.query) ?? "ak",
          behindPrompt: !(control?.flags.isEmpty ?? true),
          synchronizable: call.query[RawKey.synchronizable] == .bool(true),
          addedBy: call.caller, addedWithGroup: call.query[RawKey.accessGroup] != nil))
    case .add where call.status == .errSecDuplicateItem:
      pendingDuplicate = call
    case .update where call.status == .errSecSuccess:
      for index in known.indices where known[index].identity.couldNameSameItem(as: identity) {
        if let protection = Self.protection(of: call.attributes) {
          known[index].protection = protection
        }
        if let control = Self.accessControl(of: call.attributes) {
          known[index].behindPrompt = !control.flags.isEmpty
        }
      }
    case .delete where call.status == .errSecSuccess:
      known.removeAll { $0.identity.couldNameSameItem(as: identity) }
    default:
      break
    }
  }

  private static func protection(of query: SecQuery) -> String? {
    if case .string(let protection)? = query[RawKey.accessible] { return protection }
    return accessControl(of: query)?.protection
  }

  private static func accessControl(of query: SecQuery) -> SecAccessControl? {
    if case .accessControl(let control)? = query[RawKey.accessControl] { return control }
    return nil
  }
}
