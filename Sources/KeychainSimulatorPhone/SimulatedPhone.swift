import Foundation
package import Keychain
public import Pitfalls

/// The simulated iPhone that Apple's `Security` and `LocalAuthentication` modules talk to on
/// Linux: one device (passcode, lock, clock, biometry, keychain) with one app calling it.
///
/// Every call is serialised by one lock, as securityd serialises the calls of every thread of
/// an app, so code under test may call SecItem from many threads at once.
///
/// Calls go to ``current``: the phone bound by ``use(_:)`` for the running task (so tests that
/// run in parallel each get their own phone), else the process-wide ``shared`` phone.
///
/// ```swift
/// let phone = try SimulatedPhone(app: PhoneApp(bundleID: "com.acme.bank", teamID: "TEAM123456"))
/// try phone.use {
///   try tokenStore.save("r1")          // SecItemAdd on this phone
///   try phone.lock(); try phone.wait(.seconds(60))
///   #expect(throws: ...) { try tokenStore.load() }   // errSecInteractionNotAllowed
/// }
/// ```
public final class SimulatedPhone: @unchecked Sendable {
  /// The passcode a fresh phone starts with.
  public static let defaultPasscode = "123456"

  /// Serialises every call, as securityd does. Recursive: a prompt answered from inside a call
  /// may read the phone.
  private let serialiser = NSRecursiveLock()
  // Everything below is read and written only under `lock`.
  //
  // What a SecItem call reads or writes is `@exclusivity(unchecked)`: the lock already keeps
  // two accesses from overlapping, and the runtime's check of each access to a class's stored
  // property (`swift_beginAccess`, `swift_endAccess`) was a quarter of what recording a call cost
  // (docs/benchmarks-history.md, "The Security module's overhead, fourth session").
  // Internal, not private: SimulatedPhone+NewPhone.swift replaces the device.
  @exclusivity(unchecked) var device: SimulatedDevice
  let user: PhoneUser
  @exclusivity(unchecked) var recorded = Transcript()
  var configuredApp: PhoneApp
  var passcode: String?
  /// Whether this is ``shared``, which warns of calls that came to it by mistake.
  @exclusivity(unchecked) private var isShared = false
  /// Whether ``use(_:)`` ever bound this phone: a phone never bound receives no call.
  private var wasBound = false
  /// Whether the transcript holds the warning about calls from a task that bound no phone.
  private var warnedOfUnboundCalls = false
  /// Recognises the known mistakes in the calls, as `keychain-sim run` does in a scenario.
  @exclusivity(unchecked) private var pitfallDetector = PitfallDetector()
  /// The pitfalls found since the transcript was last cleared.
  @exclusivity(unchecked) private var foundPitfalls: [Pitfall] = []
  /// The calls recorded since the transcript was last cleared: a pitfall names a call by its
  /// number in ``transcript`` (1 for the first).
  @exclusivity(unchecked) private var callsRecorded = 0
  /// The passcode set through this phone, for `unlock()` without one.
  var currentPasscode: String? { passcode }

  /// A fresh phone in the documented default state: `app` installed and calling (default:
  /// ``PhoneApp/resolve(environment:infoDictionary:)``), passcode `123456` set, unlocked,
  /// Face ID with one enrolled face (none without a passcode, as iOS requires one), the app in the foreground, a cooperative user.
  ///
  /// - Parameter passcode: `nil` for a phone without a passcode.
  /// - Throws: ``PhoneError`` when the device cannot be created or refuses the app.
  public init(
    app: PhoneApp = .resolve(), passcode: String? = SimulatedPhone.defaultPasscode,
    user: UserBehaviour = .cooperative
  ) throws(PhoneError) {
    self.user = PhoneUser(behaviour: user)
    self.configuredApp = app
    self.device = try Self.makeDevice(app: app, passcode: passcode)
    self.passcode = passcode
    self.user.passcode = passcode
    device.userAgent = self.user
    Self.livePhones.add(1)
    // Unowned, not weak: a weak reference gives the phone a side table, which makes every
    // retain and release of it (one each per call) take the runtime's slow path. The user,
    // which a device kept past the phone may still ask, hears "none enrolled" once the phone
    // is gone, as the weak reference answered (`deinit`).
    self.user.enrolledIdentities = { [unowned self] in device.state.biometry.enrolled }
  }

  deinit {
    // Under the lock, as the user is only ever touched under it.
    locked { user.enrolledIdentities = { [] } }
    Self.livePhones.add(-1)
  }

  /// How many phones exist, ``shared`` included.
  private static let livePhones = LiveCount()

  // MARK: - Which phone answers

  /// The phone ``use(_:)`` bound for the running task, if any.
  private static var bound: SimulatedPhone? { binding.phone }

  /// What ``use(_:)`` binds: a class rather than `SimulatedPhone?`, because `TaskLocal.get` is
  /// generic code of the concurrency library, which copies the value it finds through the
  /// type's value witness. For a class that copy is a retain; for an optional it is
  /// `Optional`'s generic witness, over half of what reading the phone cost
  /// (docs/benchmarks-history.md, "The Security layer, eighth step (perf-facade6)").
  @TaskLocal private static var binding = Binding.none

  private final class Binding: Sendable {
    /// No phone bound: the calls go to ``shared``.
    static let none = Binding(nil)
    let phone: SimulatedPhone?
    init(_ phone: SimulatedPhone?) { self.phone = phone }
  }

  /// The phone every call goes to when no test bound one: created on first use in the
  /// documented default state. `nil` only if the device could not be created (see
  /// ``sharedCreationError``).
  public static var shared: SimulatedPhone? { sharedPhone.phone }

  /// Why ``shared`` could not be created, if it could not.
  public static var sharedCreationError: PhoneError? { sharedPhone.error }

  private static let sharedPhone: (phone: SimulatedPhone?, error: PhoneError?) = {
    do throws(PhoneError) {
      let phone = try SimulatedPhone()
      phone.isShared = true
      return (phone, nil)
    } catch {
      return (nil, error)
    }
  }()

  /// The phone the calls of the running task go to: the one bound by ``use(_:)``, else
  /// ``shared``.
  public static var current: SimulatedPhone? { bound ?? shared }

  /// Runs `body` with this phone answering every Security and LocalAuthentication call made
  /// by the task (and its child tasks). Threads started outside Swift concurrency (Dispatch,
  /// `Thread`) see ``shared`` instead.
  public func use<T>(_ body: () throws -> T) rethrows -> T {
    markBound()
    return try Self.$binding.withValue(Binding(self), operation: body)
  }

  /// The async form of ``use(_:)``.
  public func use<T>(_ body: () async throws -> T) async rethrows -> T {
    markBound()
    return try await Self.$binding.withValue(Binding(self), operation: body)
  }

  private func markBound() { locked { wasBound = true } }

  /// On ``shared``, called under the lock for each call: the first call (since the transcript
  /// was last cleared) from a task that bound no phone, while another phone exists, leaves a
  /// warning, since that phone was most likely meant (its `use { }` forgotten).
  private func warnIfUnbound(_ function: @autoclosure () -> String) {
    guard isShared, !warnedOfUnboundCalls, Self.bound == nil else { return }
    let others = Self.livePhones.value - 1
    guard others > 0 else { return }
    warnedOfUnboundCalls = true
    recorded.record(
      .warning(
        "\(function()) came from a task that bound no phone, so it went to "
          + "SimulatedPhone.shared while \(others) other SimulatedPhone(s) exist; if the test "
          + "made a phone of its own, run the code under test inside phone.use { }"))
  }

  // MARK: - Serialised access (for the Security and LocalAuthentication modules)

  /// Runs `body` on the device with every other call of every thread held off.
  package func withDevice<T, E: Error>(_ body: (SimulatedDevice) throws(E) -> T) throws(E) -> T {
    serialiser.lock()
    defer { serialiser.unlock() }
    return try body(device)
  }

  /// Runs a SecItem call on the device and records it, with the prompts it showed, under one
  /// hold of the lock: the transcript keeps the order in which calls ran, and a SecItem call
  /// takes the lock once. `queryMayNameAccessGroup` false says the caller knows `query` has
  /// no `kSecAttrAccessGroup` (from its shape), so the pitfall detector need not look.
  package func recordingSecItemCall(
    _ function: StaticString, query: SecQuery, attributesToUpdate: SecQuery? = nil,
    queryMayNameAccessGroup: Bool = true, _ body: (SimulatedDevice) -> SecItemOutcome
  ) -> SecItemOutcome {
    serialiser.lock()
    defer { serialiser.unlock() }
    let outcome = body(device)
    if isShared { warnIfUnbound(function.description) }
    recorded.recordSecItem(
      function, query: query, attributesToUpdate: attributesToUpdate, outcome: outcome,
      prompts: user.takePrompts())
    callsRecorded += 1
    if let kind = PitfallDetector.Call.Function(appleName: function) {
      // Nearly every call is a plain successful read, which the detector judges without a
      // `Call` (no copy of the caller's identity, no look at the Mac's login keychain).
      let inBackground = device.appState == .background
      let attributes = attributesToUpdate ?? [:]
      if !pitfallDetector.observeIfPlainRead(
        kind, status: outcome.status, inBackground: inBackground, query: query,
        queryMayNameAccessGroup: queryMayNameAccessGroup, attributes: attributes,
        line: callsRecorded, caller: { device.caller.app })
      {
        pitfallDetector.observe(
          .init(
            function: kind, query: query, attributes: attributes, status: outcome.status,
            inBackground: inBackground, caller: device.caller.app, line: callsRecorded,
            addsToLoginKeychainByDefault: kind == .add
              && device.addsToLoginKeychainByDefault(query)))
      }
      recordPitfalls()
    }
    return outcome
  }

  /// Moves what the detector found into the transcript, each as a warning in `run`'s words
  /// (an earlier call named by its number), and into ``pitfalls``.
  private func recordPitfalls() {
    for pitfall in pitfallDetector.take() {
      foundPitfalls.append(pitfall)
      recorded.record(.warning(Self.warningText(for: pitfall)))
    }
  }

  /// `pitfall at call 4: SecItemDelete at call 3 then SecItemAdd ...; play `keychain-sim
  /// lessons secitem/update-then-add``.
  static func warningText(for pitfall: Pitfall) -> String {
    "pitfall at call \(pitfall.line): \(pitfall.message(placeWord: "call")); "
      + pitfall.lessonPointer
  }

  /// Lends the device to `body` (a scenario session that answers prompts itself), then gives
  /// the phone's user its prompts back.
  package func lendDevice<T>(_ body: (SimulatedDevice) throws -> T) rethrows -> T {
    serialiser.lock()
    defer {
      device.userAgent = user
      serialiser.unlock()
    }
    return try body(device)
  }

  /// Records a call in the transcript, with the prompts it showed.
  package func record(_ call: PhoneCall) {
    serialiser.lock()
    defer { serialiser.unlock() }
    var call = call
    call.prompts = user.takePrompts()
    if isShared { warnIfUnbound(call.function) }
    recorded.record(call)
    callsRecorded += 1
  }

  /// Records something the test did to the phone (under the lock, or taking it). The device
  /// changed, so a read that failed may work now: retrying it is no blind retry, and the next
  /// call is not "right after" the one before (as in a scenario).
  func recordEvent(_ event: PhoneEvent) {
    locked {
      recorded.record(.device(event))
      pitfallDetector.observeDeviceChange()
      recordPitfalls()
    }
  }

  /// Forgets the prompts a device operation showed (the lock screen's): they belong to no
  /// call of the code under test.
  func discardPrompts() { locked { _ = user.takePrompts() } }

  /// Runs `body` under the lock, with the phone's mutable state.
  func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    serialiser.lock()
    defer { serialiser.unlock() }
    return try body()
  }

  // MARK: - Transcript

  /// The calls the code under test made, oldest first: SecItem and LocalAuthentication calls
  /// only (``transcriptEntries`` has the device operations between them).
  public var transcript: [PhoneCall] { locked { recorded.calls } }

  /// The calls, what the test did to the phone between them (lock, wait, reboot, background,
  /// enrolment, passcode changes) with the engine's summary, and the phone's warnings, oldest
  /// first.
  public var transcriptEntries: [TranscriptEntry] { locked { recorded.allEntries } }

  /// The transcript as text: every call (with its why and fix) and every device operation
  /// (with what it changed), in order. A phone that was never bound with ``use(_:)`` and
  /// received no call says so at the end.
  public var transcriptText: String {
    let (entries, unbound) = locked {
      (recorded.allEntries, !wasBound && !isShared && !recorded.hasCalls)
    }
    var lines = entries.map(\.description)
    if unbound {
      lines.append(
        "note: no Security or LocalAuthentication call reached this phone: a phone answers only "
          + "the calls made inside phone.use { }; calls made outside it go to SimulatedPhone.shared"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// Forgets the calls, device operations and pitfalls recorded so far (and what the pitfall
  /// detector remembered of the calls).
  public func clearTranscript() {
    locked {
      recorded.removeAll()
      warnedOfUnboundCalls = false
      forgetPitfalls()
    }
  }

  private func forgetPitfalls() {
    pitfallDetector = PitfallDetector()
    foundPitfalls = []
    callsRecorded = 0
  }

  // MARK: - Pitfalls

  /// The known mistakes the calls showed since the transcript was last cleared, oldest first:
  /// the pitfall warnings `keychain-sim run` prints (a delete after -25308, delete-then-add, a
  /// WhenUnlocked item read in the background, ...), each also a warning in the transcript.
  /// An errSecDuplicateItem nothing handled is found at the next call.
  public var pitfalls: [Pitfall] { locked { foundPitfalls } }

  /// Throws when the calls showed a pitfall, as `keychain-sim run --strict` fails on one:
  /// `try phone.requireNoPitfalls()` at the end of a test.
  public func requireNoPitfalls() throws(PhoneError) {
    let found = pitfalls
    guard !found.isEmpty else { return }
    throw PhoneError(
      operation: "requireNoPitfalls", reason: found.map(Self.warningText).joined(separator: "; "),
      fix: "fix the app code (each warning names the lesson that shows how), or read "
        + "phone.pitfalls instead of failing on them")
  }

  /// ``use(_:)``, failing like `run --strict` when `strict` and the body's calls showed a
  /// pitfall: the pitfalls found before the body are not counted.
  public func use<T>(strict: Bool, _ body: () throws -> T) throws -> T {
    let before = pitfalls.count
    let result = try use(body)
    if strict { try requireNewPitfallsAbsent(since: before) }
    return result
  }

  /// The async form of ``use(strict:_:)-(_,()->T)``.
  public func use<T>(strict: Bool, _ body: () async throws -> T) async throws -> T {
    let before = pitfalls.count
    let result = try await use(body)
    if strict { try requireNewPitfallsAbsent(since: before) }
    return result
  }

  private func requireNewPitfallsAbsent(since count: Int) throws(PhoneError) {
    let found = pitfalls
    guard found.count > count else { return }
    let new = found[count...]
    throw PhoneError(
      operation: "use(strict: true)", reason: new.map(Self.warningText).joined(separator: "; "),
      fix: "fix the app code; each warning names the lesson that shows how")
  }

  // MARK: - The app

  /// The app calling the keychain.
  public var app: PhoneApp { locked { configuredApp } }

  /// Installs `app` (or updates it with new entitlements) and makes it the caller; items
  /// already on the phone stay.
  public func configure(app: PhoneApp) throws(PhoneError) {
    try locked { () throws(PhoneError) in
      try Self.install(app, on: device)
      configuredApp = app
    }
  }

  // MARK: - Reset

  /// A fresh phone again, as ``init(app:passcode:user:)`` makes it: no items, no transcript,
  /// no queued answers. Call it between tests that share a phone.
  public func reset(
    app: PhoneApp? = nil, passcode: String? = SimulatedPhone.defaultPasscode,
    user behaviour: UserBehaviour = .cooperative
  ) throws(PhoneError) {
    try locked { () throws(PhoneError) in
      let app = app ?? configuredApp
      device = try Self.makeDevice(app: app, passcode: passcode)
      device.userAgent = user
      configuredApp = app
      self.passcode = passcode
      user.passcode = passcode
      user.behaviour = behaviour
      user.queue = []
      _ = user.takePrompts()
      recorded.removeAll()
      warnedOfUnboundCalls = false
      forgetPitfalls()
    }
  }

  // MARK: - The user

  /// Who answers prompts once the queued answers are used up.
  public var userBehaviour: UserBehaviour {
    get { locked { user.behaviour } }
    set { locked { user.behaviour = newValue } }
  }

  /// Queues what the user does at the next prompts, in order; they are used before
  /// ``userBehaviour`` applies.
  public func queue(_ answers: UserAnswer...) {
    locked { user.queue += answers }
  }

  /// The answers no prompt has used yet.
  public var unusedAnswers: [UserAnswer] { locked { user.queue } }

  // MARK: - Building

  private static func makeDevice(app: PhoneApp, passcode: String?) throws(PhoneError)
    -> SimulatedDevice
  {
    let device: SimulatedDevice
    do {
      device = try SimulatedDevice(
        options: .init(kdfProfile: .fast, caller: Caller(app: app.identity)))
    } catch {
      throw PhoneError(operation: "init", reason: error.description)
    }
    try setUp(device, app: app, passcode: passcode)
    return device
  }

  /// Puts a new device in the documented default state: the app installed, Face ID, and with
  /// a passcode, that passcode and one enrolled face.
  static func setUp(_ device: SimulatedDevice, app: PhoneApp, passcode: String?)
    throws(PhoneError)
  {
    // The device starts with the app as its caller; installing it again runs the checks iOS
    // makes at install time (a team id, groups of the app's own team).
    try check(device.install(app.identity), "init")
    try check(device.setBiometryType(.faceID), "init")
    // iOS enrols a face only on a phone with a passcode.
    if let passcode {
      try check(device.setPasscode(passcode), "setPasscode")
      try check(device.enrollBiometry("Appleseed"), "init")
    }
  }


  private static func install(_ app: PhoneApp, on device: SimulatedDevice) throws(PhoneError) {
    try check(device.install(app.identity), "configure(app:)")
    try check(device.useApp(app.bundleID), "configure(app:)")
  }

  /// Turns a refused device operation into an error for the test.
  @discardableResult
  static func check(_ outcome: DeviceOutcome, _ operation: String) throws(PhoneError)
    -> DeviceOutcome
  {
    guard let refusal = outcome.refusal else { return outcome }
    throw PhoneError(
      operation: operation, reason: refusal.explanation.cause, fix: refusal.explanation.fix)
  }

  /// Keeps the cooperative user's passcode in step with the device.
  func rememberPasscode(_ passcode: String?) {
    locked {
      self.passcode = passcode
      user.passcode = passcode
    }
  }
}

/// A count shared by every thread (how many phones exist).
private final class LiveCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add(_ delta: Int) {
    lock.lock()
    count += delta
    lock.unlock()
  }

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
