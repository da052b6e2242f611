import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// Reading, updating, adding and deleting items whose access control needs the user
/// (docs/evidence.md §7), and the LAError → OSStatus mapping (§7.2).
@Suite struct AccessControlAuthenticationTests {
  struct ReadCase: Sendable, CustomTestStringConvertible {
    var name: String
    var flags: SecAccessControlCreateFlags
    var answers: [UserResponse]
    var status: OSStatus
    var prompts: [AuthenticationPrompt.Kind]
    var enrolled: [String] = ["alice"]
    var testDescription: String { name }
  }

  static let reads: [ReadCase] = [
    ReadCase(
      name: "biometryAny, match → 0", flags: .biometryAny, answers: [.match],
      status: .errSecSuccess, prompts: [.faceID]),
    ReadCase(
      name: "userPresence, match → 0", flags: .userPresence, answers: [.match],
      status: .errSecSuccess, prompts: [.faceID]),
    ReadCase(
      name: "user cancels → -128", flags: .biometryAny, answers: [.cancel],
      status: .errSecUserCanceled, prompts: [.faceID]),
    ReadCase(
      name: "biometryAny, two failures, then Cancel → userCancel → -128", flags: .biometryAny,
      answers: [.fail, .fail, .cancel], status: .errSecUserCanceled,
      prompts: [.faceID, .faceID, .faceID]),
    ReadCase(
      name: "biometryAny, fallback → userFallback → -25293", flags: .biometryAny,
      answers: [.fail, .fail, .fallback], status: .errSecAuthFailed,
      prompts: [.faceID, .faceID, .faceID]),
    ReadCase(
      name: "userPresence, fallback then passcode → 0", flags: .userPresence,
      answers: [.fail, .fail, .fallback, .enter("123456")], status: .errSecSuccess,
      prompts: [.faceID, .faceID, .faceID, .passcode]),
    ReadCase(
      name: "userPresence, wrong then right passcode → 0", flags: .userPresence,
      answers: [.fail, .fail, .fallback, .enter("000000"), .enter("123456")],
      status: .errSecSuccess, prompts: [.faceID, .faceID, .faceID, .passcode, .passcode]),
    ReadCase(
      name: "userPresence, nothing enrolled → passcode sheet", flags: .userPresence,
      answers: [.enter("123456")], status: .errSecSuccess, prompts: [.passcode], enrolled: []),
    ReadCase(
      name: "biometryAny, nothing enrolled → biometryNotEnrolled → -25293", flags: .biometryAny,
      answers: [], status: .errSecAuthFailed, prompts: [], enrolled: []),
    ReadCase(
      name: "devicePasscode → passcode sheet", flags: .devicePasscode,
      answers: [.enter("123456")], status: .errSecSuccess, prompts: [.passcode]),
    ReadCase(
      name: "biometryAny or devicePasscode, fallback → passcode",
      flags: [.biometryAny, .or, .devicePasscode],
      answers: [.fail, .fail, .fallback, .enter("123456")], status: .errSecSuccess,
      prompts: [.faceID, .faceID, .faceID, .passcode]),
    ReadCase(
      name: "biometryAny and devicePasscode → both prompts",
      flags: [.biometryAny, .and, .devicePasscode],
      answers: [.match, .enter("123456")], status: .errSecSuccess,
      prompts: [.faceID, .passcode]),
    ReadCase(
      name: "biometryAny and devicePasscode, passcode cancelled → -128",
      flags: [.biometryAny, .devicePasscode], answers: [.match, .cancel],
      status: .errSecUserCanceled, prompts: [.faceID, .passcode]),
    ReadCase(
      name: "no answer (prompt dismissed) → systemCancel → -25293", flags: .biometryAny,
      answers: [], status: .errSecAuthFailed, prompts: [.faceID]),
  ]

  @Test(arguments: reads)
  func reading(_ testCase: ReadCase) throws {
    let user = QueuedUser(testCase.answers)
    let device = try makeBiometricDevice(testCase.enrolled, user: user)
    mustAdd(device, genp().adding(try protected(testCase.flags)).adding(["v_Data": secret()]))
    let read = device.secItemCopyMatching(genp().adding(readData))
    #expect(read.status == testCase.status, "\(read.explanation?.description ?? "")")
    #expect(user.prompts.map(\.kind) == testCase.prompts)
    #expect(user.answers.isEmpty, "answers left over")
    #expect((read.result != nil) == (testCase.status == .errSecSuccess))
  }

  @Test(arguments: [
    SecAccessControlCreateFlags.userPresence, .biometryAny, .biometryCurrentSet, .devicePasscode,
    [.biometryAny, .or, .devicePasscode],
  ])
  func addingAndDeletingNeedNoAuthentication(_ flags: SecAccessControlCreateFlags) throws {
    let user = QueuedUser()
    let device = try makeBiometricDevice(user: user)
    device.appState = .background
    mustAdd(device, genp().adding(try protected(flags)).adding(["v_Data": secret()]))
    #expect(device.secItemDelete(genp()).status == .errSecSuccess)
    #expect(user.prompts.isEmpty)
  }

  @Test(arguments: ["ak", "ck", "dk", "aku", "cku", "dku", "akpu"])
  func everyAccessibilityAllowsAnAccessControl(_ protection: String) throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(
      device, genp().adding(try protected(.biometryAny, protection)).adding(["v_Data": secret()]))
    #expect(device.secItemCopyMatching(genp().adding(readData)).result == secret())
  }

  @Test func attributeOnlyAndExistenceQueriesAuthenticateToo() throws {
    let user = QueuedUser([.match, .match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    #expect(device.secItemCopyMatching(genp()).status == .errSecSuccess)
    #expect(
      device.secItemCopyMatching(genp().adding(["r_Attributes": .bool(true)])).status
        == .errSecSuccess)
    #expect(user.prompts.count == 2)
  }

  @Test func updatingAuthenticates() throws {
    let user = QueuedUser([.match, .match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    #expect(device.secItemUpdate(genp(), ["v_Data": secret("new")]).status == .errSecSuccess)
    #expect(device.secItemCopyMatching(genp().adding(readData)).result == secret("new"))
    #expect(user.prompts.count == 2)
  }

  @Test func oneCallAuthenticatesOnceForSeveralItems() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    for account in ["a", "b", "c"] {
      mustAdd(
        device, genp(account).adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    }
    let all = device.secItemCopyMatching([
      "class": passwordClass, "r_Data": .bool(true), "m_Limit": .string("m_LimitAll"),
    ])
    #expect(all.status == .errSecSuccess)
    #expect(user.prompts.count == 1)
  }

  @Test func theOperationPromptIsTheReasonShown() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    _ = device.secItemCopyMatching(genp().adding(["u_OpPrompt": .string("Pay £5")]))
    #expect(user.prompts.first?.reason == "Pay £5")
    #expect(user.prompts.first?.app == "com.example.app")
  }

  // MARK: - No UI possible

  struct NoUICase: Sendable, CustomTestStringConvertible {
    var name: String
    var query: SecQuery
    var background = false
    var blocker: AuthenticationRefusal.InteractionBlocker
    var testDescription: String { name }
  }

  static let noUI: [NoUICase] = [
    NoUICase(
      name: "kSecUseAuthenticationUIFail", query: ["u_AuthUI": .string("u_AuthUIF")],
      blocker: .authenticationUIFail),
    NoUICase(
      name: "kSecUseNoAuthenticationUI", query: ["u_NoAuthUI": .bool(true)],
      blocker: .noAuthenticationUI),
    NoUICase(name: "app in background", query: [:], background: true, blocker: .appInBackground),
  ]

  @Test(arguments: noUI)
  func noPromptPossibleIsInteractionNotAllowed(_ testCase: NoUICase) throws {
    let user = QueuedUser()
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.userPresence)).adding(["v_Data": secret()]))
    device.appState = testCase.background ? .background : .foreground
    let read = device.secItemCopyMatching(genp().adding(readData).adding(testCase.query))
    #expect(read.status == .errSecInteractionNotAllowed)
    #expect(user.prompts.isEmpty)
    let denial = try #require(read.authenticationDenial)
    #expect(denial.error == .notInteractive)
    // Why no prompt could be shown is named by the refusal, not only worded.
    #expect(denial.refusal == .interactionNotAllowed([testCase.blocker]))
    #expect(device.state.lock == .unlocked)
  }

  @Test func theLockedCauseOfInteractionNotAllowedIsNamedToo() throws {
    let device = try makeBiometricDevice()
    mustAdd(device, genp().adding(try protected(.biometryAny, "ak")).adding(["v_Data": secret()]))
    _ = device.lock()
    _ = device.advanceClock(by: .seconds(11))
    let read = device.secItemCopyMatching(genp().adding(readData))
    #expect(read.status == .errSecInteractionNotAllowed)
    #expect(read.lockedItem?.protection == .ak)
    #expect(read.authenticationDenial == nil)
  }

  // MARK: - Enrolment changes

  @Test func biometryCurrentSetFailsAfterAnEnrolmentChangeAndBiometryAnySurvives() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(
      device, genp("strict").adding(try protected(.biometryCurrentSet)).adding(["v_Data": secret()])
    )
    mustAdd(
      device, genp("relaxed").adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    #expect(device.enrollBiometry("bob").succeeded)
    let strict = device.secItemCopyMatching(genp("strict").adding(readData))
    #expect(strict.status == .errSecAuthFailed)
    #expect(user.prompts.isEmpty)
    #expect(device.secItemCopyMatching(genp("relaxed").adding(readData)).status == .errSecSuccess)
    #expect(device.secItemDelete(genp("strict")).status == .errSecSuccess)
  }

  @Test func removingAnIdentityInvalidatesToo() throws {
    let device = try makeBiometricDevice(["alice", "bob"], user: QueuedUser([.match]))
    mustAdd(device, genp().adding(try protected(.biometryCurrentSet)).adding(["v_Data": secret()]))
    #expect(device.removeBiometry("bob").succeeded)
    #expect(device.secItemCopyMatching(genp().adding(readData)).status == .errSecAuthFailed)
  }

  @Test func biometryCurrentSetOrPasscodeFallsBackToThePasscode() throws {
    let user = QueuedUser([.enter("123456")])
    let device = try makeBiometricDevice(user: user)
    mustAdd(
      device,
      genp().adding(try protected([.biometryCurrentSet, .or, .devicePasscode]))
        .adding(["v_Data": secret()]))
    _ = device.enrollBiometry("bob")
    #expect(device.secItemCopyMatching(genp().adding(readData)).status == .errSecSuccess)
    #expect(user.prompts.map(\.kind) == [.passcode])
  }

  // MARK: - Lockout

  @Test func lockedOutUserPresenceGoesToThePasscodeAndBiometryOnlyFails() throws {
    let user = QueuedUser(fiveFailedFaceIDScans)
    let device = try makeBiometricDevice(user: user)
    let context = LAContext()
    for _ in 0..<3 {
      _ = try device.evaluatePolicy(
        .deviceOwnerAuthenticationWithBiometrics, context: context, localizedReason: "x")
    }
    #expect(device.securityState.biometry.isLockedOut)
    mustAdd(device, genp("bio").adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    mustAdd(device, genp("up").adding(try protected(.userPresence)).adding(["v_Data": secret()]))
    #expect(device.secItemCopyMatching(genp("bio").adding(readData)).status == .errSecAuthFailed)
    user.answers = [.enter("123456")]
    #expect(device.secItemCopyMatching(genp("up").adding(readData)).status == .errSecSuccess)
    #expect(!device.securityState.biometry.isLockedOut)
  }

  // MARK: - LAError → OSStatus (§7.2)

  @Test(arguments: LAErrorCode.allCases)
  func laErrorsMapToApplesStatuses(_ error: LAErrorCode) {
    let expected: OSStatus =
      switch error {
      case .userCancel: .errSecUserCanceled
      case .notInteractive: .errSecInteractionNotAllowed
      default: .errSecAuthFailed
      }
    #expect(error.osStatus == expected)
  }

  @Test func laErrorCodesHaveApplesNumbers() {
    let numbers = LAErrorCode.allCases.map { ($0.name, $0.rawValue) }
    #expect(numbers.map(\.1) == [-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -1004])
    #expect(LAErrorCode.biometryLockout.name == "biometryLockout")
  }

  @Test func laErrorNamesResolveCurrentAndDeprecatedSpellings() {
    for code in LAErrorCode.allCases { #expect(LAErrorCode(name: code.name) == code) }
    #expect(LAErrorCode(name: "touchIDNotAvailable") == .biometryNotAvailable)
    #expect(LAErrorCode(name: "touchIDNotEnrolled") == .biometryNotEnrolled)
    #expect(LAErrorCode(name: "touchIDLockout") == .biometryLockout)
    #expect(LAErrorCode(name: "userCancelled") == nil)
    #expect(LAErrorCode.allSpellings.allSatisfy { LAErrorCode(name: $0) != nil })
    #expect(LAErrorCode.allSpellings.count == LAErrorCode.allCases.count + 3)
  }

  @Test func anAuthenticationContextMustBeAnLAContext() throws {
    let device = try makeBiometricDevice()
    let read = device.secItemCopyMatching(genp().adding(["u_AuthCtx": .string("ctx")]))
    #expect(read.status == .errSecParam)
  }

  @Test func companionIsNotSimulated() throws {
    let device = try makeBiometricDevice()
    mustAdd(device, genp().adding(try protected(.companion)).adding(["v_Data": secret()]))
    #expect(device.secItemCopyMatching(genp().adding(readData)).isUnsupported)
  }
}
