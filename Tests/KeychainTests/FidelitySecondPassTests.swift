import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// Issue 10 §2: behaviours checked against Security's sources (docs/fidelity.md, "Fidelity,
/// second pass").
@Suite struct FidelitySecondPassTests {
  @Test func everyReturnedItemCarriesAnAccessControl() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["pdmn": .string("cku"), "v_Data": secret()]))
    let read = device.secItemCopyMatching(genp().adding(["r_Attributes": .bool(true)]))
    guard case .dictionary(let item)? = read.result else {
      Issue.record("expected a dictionary, got \(String(describing: read.result))")
      return
    }
    // SecDbItemDecrypt gives an item without an access control a default one: its protection.
    #expect(item["accc"] == .accessControl(.protectionOnly("cku")))
    // Passed back with its `pdmn`, it is no conflict (query_set_access_control compares the
    // access controls, and both are the protection alone); one made by
    // SecAccessControlCreateWithFlags, even with no flags, still is.
    var returned = item
    returned["class"] = passwordClass
    #expect(device.secItemUpdate(returned, ["labl": .string("x")]).status == .errSecSuccess)
    let created = try SecAccessControl.create(protection: "cku", flags: [])
    let conflicting = genp().adding(["pdmn": .string("cku"), "accc": .accessControl(created)])
    #expect(device.secItemCopyMatching(conflicting).status == .errSecParam)
  }

  @Test func anAccessControlInASearchSelectsNothing() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("plain").adding(["v_Data": secret()]))
    let other = try SecAccessControl.create(protection: "akpu", flags: .devicePasscode)
    // query_add_attribute_with_desc never puts kSecDbAccessControlAttr into the search
    // pairs: an item without that access control (or with none) is still found.
    let read = device.secItemCopyMatching(genp("plain").adding(["accc": .accessControl(other)]))
    #expect(read.status == .errSecSuccess)
    let update = device.secItemUpdate(
      genp("plain").adding(["accc": .accessControl(other)]), ["labl": .string("changed")])
    #expect(update.status == .errSecSuccess)
    let delete = device.secItemDelete(genp("plain").adding(["accc": .accessControl(other)]))
    #expect(delete.status == .errSecSuccess)
    #expect(device.secItemCopyMatching(genp("plain")).status == .errSecItemNotFound)
    // The client library still type-checks it (SecItemAttributesPrepare).
    #expect(
      device.secItemCopyMatching(genp().adding(["accc": .string("ak")])).status == .errSecParam)
  }

  @Test func aMalformedPersistentReferenceIsAParameterError() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    for bytes in [Data(), Data([0x67]), Data(count: 12), Data("genpXXXXXXXXX".utf8)] {
      let outcome = device.secItemCopyMatching(
        ["class": passwordClass, "v_PersistentRef": .data(bytes)])
      #expect(outcome.status == .errSecParam, "\(bytes.count) bytes")
      #expect(outcome.failure == .malformedPersistentRef(length: bytes.count))
    }
    // A well-formed reference to no item is still a plain miss.
    let missing = PersistentReference.encode(.genp, rowID: 999)
    #expect(
      device.secItemCopyMatching(["v_PersistentRef": .data(missing)]).status
        == .errSecItemNotFound)
  }

  @Test func identityIsAClassLikeTheOthers() throws {
    let device = try makeDevice()
    #expect(device.secItemCopyMatching(["class": .string("idnt")]).status == .errSecItemNotFound)
    #expect(device.secItemDelete(["class": .string("idnt")]).status == .errSecItemNotFound)
    // With a certificate to join, the join itself is not simulated and says so.
    mustAdd(
      device,
      ["class": .string("cert"), "issr": .data(Data([1])), "slnr": .data(Data([2]))])
    let join = device.secItemCopyMatching(["class": .string("idnt")])
    #expect(join.status == .errSecUnimplemented)
    #expect(join.failure == .unsupported(.identityClass))
  }

  @Test(arguments: [
    (AppExtensionKind.widget, false), (.notificationService, false), (.intents, false),
    (.share, true), (.action, true),
  ])
  func extensionsWithoutUICannotPrompt(kind: AppExtensionKind, prompts: Bool) throws {
    let user = QueuedUser([.enter("123456")])
    let device = try makeBiometricDevice(user: user)
    let team = "ABCDE12345"
    let shared = "ABCDE12345.com.example.shared"
    let app = AppIdentity(bundleID: "com.example.app", teamID: team, keychainAccessGroups: [shared])
    let extensionApp = AppIdentity(
      bundleID: "com.example.app.ext", teamID: team, keychainAccessGroups: [shared],
      hostBundleID: app.bundleID, extensionKind: kind)
    #expect(device.install(app).succeeded && device.install(extensionApp).succeeded)
    #expect(device.useApp(app.bundleID).succeeded)
    mustAdd(device, genp().adding(try protected(.devicePasscode)).adding(["v_Data": secret()]))
    #expect(device.useApp(extensionApp.bundleID).succeeded)
    let read = device.secItemCopyMatching(genp().adding(readData))
    #expect(read.status == (prompts ? .errSecSuccess : .errSecInteractionNotAllowed))
    #expect(user.prompts.count == (prompts ? 1 : 0))
    let evaluation = try device.evaluatePolicy(
      .deviceOwnerAuthentication, context: LAContext(), localizedReason: "Sign in")
    if !prompts { #expect(evaluation.error == .notInteractive) }
  }

  @Test func afterTwoDaysWithoutAnUnlockAppsGetThePasscodeInsteadOfFaceID() throws {
    let user = QueuedUser()
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp("bio").adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    mustAdd(
      device, genp("either").adding(try protected(.userPresence)).adding(["v_Data": secret()]))
    #expect(device.advanceClock(by: .hours(49)).succeeded)
    #expect(device.state.biometryPasscodeRequirement == .noUnlockFor48Hours)
    // Biometry alone: refused without a prompt, as a lockout (LAError -8 → errSecAuthFailed).
    let bio = device.secItemCopyMatching(genp("bio").adding(readData))
    #expect(bio.status == .errSecAuthFailed)
    #expect(bio.authenticationDenial?.error == .biometryLockout)
    #expect(user.prompts.isEmpty)
    // .userPresence goes straight to the passcode sheet; the passcode restores Face ID.
    user.answers = [.enter("123456")]
    #expect(device.secItemCopyMatching(genp("either").adding(readData)).status == .errSecSuccess)
    #expect(user.prompts.map(\.kind) == [.passcode])
    #expect(device.state.biometryPasscodeRequirement == nil)
    user.answers = [.match]
    #expect(device.secItemCopyMatching(genp("bio").adding(readData)).status == .errSecSuccess)
  }
}
