import DeviceState
import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// The device keeps its SecItem calls' context until what it is made of changes
/// (``SecItemCallContext``): each change must reach the next call, and nothing else may make a
/// new one.
@Suite struct SecItemCallContextTests {
  private let data: SecQuery = ["v_Data": secret()]

  @Test func theContextIsKeptWhileTheDeviceStaysAsItIs() throws {
    let device = try makeDevice()
    let first = device.callContext
    mustAdd(device, genp("a").adding(data))
    _ = device.secItemCopyMatching(genp("a").adding(["r_Data": .bool(true)]))
    #expect(device.callContext === first)
  }

  @Test func eachOfTheFourPropertiesDropsTheContext() throws {
    let device = try makeDevice()
    var kept = device.callContext
    func expectNew(_ change: String) {
      let next = device.callContext
      #expect(next !== kept, "\(change) kept the old context")
      kept = next
    }
    _ = device.advanceClock(by: .seconds(1))
    expectNew("the clock")
    let sameState = device.securityState
    device.securityState = sameState
    expectNew("the security state set to an equal value")
    let notes = AppIdentity(bundleID: "com.example.notes", teamID: "ABCDE12345")
    #expect(device.install(notes).succeeded)
    expectNew("an install")
    #expect(device.useApp("com.example.notes").succeeded)
    expectNew("the caller")
    device.passcodeRemovals.append(PasscodeRemoval(at: .epoch, deleted: [:]))
    expectNew("a passcode removal")
    #expect(device.callContext === kept)
  }

  @Test func theNextCallSeesTheClock() throws {
    let device = try makeDevice()
    mustAdd(device, genp("a").adding(data))
    _ = device.advanceClock(by: .seconds(90))
    mustAdd(device, genp("b").adding(data))
    for (account, seconds) in [("a", 0.0), ("b", 90)] {
      let outcome = device.secItemCopyMatching(genp(account).adding(["r_Attributes": .bool(true)]))
      guard case .dictionary(let attributes)? = outcome.result else {
        Issue.record("no attributes for \(account)")
        continue
      }
      #expect(attributes["cdat"] == .date(SimulatedDevice.epochDate.addingTimeInterval(seconds)))
    }
  }

  @Test func theNextCallSeesTheLock() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("a").adding(data).adding(["pdmn": .string("ak")]))
    let read = genp("a").adding(["r_Data": .bool(true)])
    #expect(device.secItemCopyMatching(read).status == .errSecSuccess)
    _ = device.lock()
    _ = device.advanceClock(by: .seconds(11))
    #expect(device.secItemCopyMatching(read).status == .errSecInteractionNotAllowed)
  }

  @Test func theNextCallSeesTheCallerAndItsInstallation() throws {
    let device = try makeDevice()
    mustAdd(device, genp("a").adding(data))
    let other = AppIdentity(bundleID: "com.other.app", teamID: "ZZZZZ99999")
    #expect(device.install(other).succeeded)
    #expect(device.useApp("com.other.app").succeeded)
    #expect(device.secItemCopyMatching(genp("a")).status == .errSecItemNotFound)
    _ = device.uninstall(bundleID: "com.other.app")
    #expect(device.secItemCopyMatching(genp("a")).callRefusal != nil)
    #expect(device.useApp("com.example.app").succeeded)
    #expect(device.secItemCopyMatching(genp("a")).status == .errSecSuccess)
  }

  @Test func aCallHasItsOwnLAContextAndAnEnclosingCallGetsItsBack() {
    let holder = CallAuthenticationContext()
    var firstCall: LAContext?
    holder.withNewCall {
      let outer = holder.context
      #expect(holder.context === outer, "one context for every item of a call")
      holder.withNewCall {
        #expect(holder.context !== outer, "a call made during another has its own")
      }
      #expect(holder.context === outer, "the enclosing call's context back")
      firstCall = outer
    }
    holder.withNewCall {
      #expect(holder.context !== firstCall, "the next call has a new one")
    }
  }
}
