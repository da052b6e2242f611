import Foundation
import Keychain
import TestSupport

/// One thing that happens to the phone in a model-based run: a device event or a SecItem call
/// on a generic password. Every item shares one service, so an account names an item.
enum ModelStep: Hashable, Sendable, CustomStringConvertible {
  case setPasscode(String)
  case changePasscode(from: String, to: String)
  case removePasscode(String)
  case lock
  /// `nil`: a swipe, no passcode typed.
  case unlock(String?)
  case wait(milliseconds: Int64)
  case reboot
  /// Closes the device file and opens it again (`SimulatedDevice.open`): as after a reboot,
  /// with everything read back from disk.
  case reopen
  case add(account: String, accessibility: String, data: String)
  /// CopyMatching of one account with kSecReturnData.
  case copy(account: String)
  /// CopyMatching of one account with kSecReturnAttributes: its account and accessibility.
  case attributes(account: String)
  /// CopyMatching of one account with no kSecReturn key: the existence check.
  case exists(account: String)
  /// CopyMatching of the whole service with kSecMatchLimitAll and kSecReturnData.
  case copyAll
  case updateData(account: String, data: String)
  case updateAccessibility(account: String, accessibility: String)
  /// SecItemUpdate of kSecAttrAccount: a new primary key, which may collide.
  case rename(account: String, to: String)
  case delete(account: String)

  /// The service every item of a run is stored under.
  static let service = "model.service"
  static let passcodes = ["1111", "2222"]
  /// Never set, so always wrong.
  static let wrongPasscode = "0000"
  static let accounts = ["a", "b", "c"]
  /// Every public kSecAttrAccessible value, as Security spells it (docs/evidence.md §6.1).
  static let accessibilities = ["ak", "ck", "dk", "aku", "cku", "dku", "akpu"]
  /// Around the 10 s grace period and the passcode delays of 1 min, 5 min, 15 min and 1 h.
  static let waits: [Int64] = [1_000, 5_000, 9_999, 10_000, 61_000, 301_000, 3_600_000]

  /// The step's name without its arguments, for counting which cases a run reached.
  var kind: String {
    switch self {
    case .setPasscode: "setPasscode"
    case .changePasscode: "changePasscode"
    case .removePasscode: "removePasscode"
    case .lock: "lock"
    case .unlock(nil): "swipe"
    case .unlock: "unlock"
    case .wait: "wait"
    case .reboot: "reboot"
    case .reopen: "reopen"
    case .add(_, let accessibility, _): "add \(accessibility)"
    case .copy: "copy"
    case .attributes: "attributes"
    case .exists: "exists"
    case .copyAll: "copyAll"
    case .updateData: "updateData"
    case .updateAccessibility(_, let accessibility): "updateAccessibility to \(accessibility)"
    case .rename: "rename"
    case .delete: "delete"
    }
  }

  /// Whether the step types the device passcode (and so is refused during a delay).
  var typesPasscode: Bool {
    switch self {
    case .changePasscode, .removePasscode, .unlock(.some): true
    default: false
    }
  }

  /// The step as a line of a scenario, so a shrunk failure can be replayed by hand.
  var description: String {
    switch self {
    case .setPasscode(let code): "device passcode \(code)"
    case .changePasscode(let from, let to): "device passcode change \(from) \(to)"
    case .removePasscode(let code): "device passcode remove \(code)"
    case .lock: "device lock"
    case .unlock(let code?): "device unlock \(code)"
    case .unlock(nil): "device unlock"
    case .wait(let milliseconds): "wait \(milliseconds)ms"
    case .reboot: "device reboot"
    case .reopen: "(reopen the device file)"
    case .add(let account, let accessibility, let data):
      "SecItemAdd \(Self.item(account)) + [kSecAttrAccessible: \(Self.name(accessibility)), "
        + "kSecValueData: \"\(data)\"]"
    case .copy(let account):
      "SecItemCopyMatching \(Self.item(account)) + [kSecReturnData: true]"
    case .attributes(let account):
      "SecItemCopyMatching \(Self.item(account)) + [kSecReturnAttributes: true]"
    case .exists(let account):
      "SecItemCopyMatching \(Self.item(account))"
    case .copyAll:
      "SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrService: "
        + "\"\(Self.service)\", kSecMatchLimit: kSecMatchLimitAll, kSecReturnData: true]"
    case .updateData(let account, let data):
      "SecItemUpdate \(Self.item(account)) [kSecValueData: \"\(data)\"]"
    case .updateAccessibility(let account, let accessibility):
      "SecItemUpdate \(Self.item(account)) [kSecAttrAccessible: \(Self.name(accessibility))]"
    case .rename(let account, let new):
      "SecItemUpdate \(Self.item(account)) [kSecAttrAccount: \"\(new)\"]"
    case .delete(let account):
      "SecItemDelete \(Self.item(account))"
    }
  }

  private static func item(_ account: String) -> String {
    "[kSecClass: kSecClassGenericPassword, kSecAttrService: \"\(service)\", "
      + "kSecAttrAccount: \"\(account)\"]"
  }

  /// Apple's constant name for a raw kSecAttrAccessible value, for the printout only.
  private static func name(_ accessibility: String) -> String {
    ProtectionClass(rawValue: accessibility)?.appleName ?? accessibility
  }

  /// A random sequence of `count` steps. Passcodes come from a set of two, so an unlock,
  /// change or removal is sometimes right and sometimes wrong; `secretCounter` makes every
  /// stored secret distinct, so a read that returns another item's data is caught.
  static func randomSequence(count: Int, using generator: inout SplitMix64) -> [ModelStep] {
    var steps: [ModelStep] = []
    var secretCounter = 0
    func nextSecret() -> String {
      secretCounter += 1
      return "s\(secretCounter)"
    }
    for _ in 0..<count {
      let account = accounts.randomElement(using: &generator)!
      let otherAccount = accounts.randomElement(using: &generator)!
      let passcode = passcodes.randomElement(using: &generator)!
      let other = passcodes.randomElement(using: &generator)!
      let accessibility = accessibilities.randomElement(using: &generator)!
      switch Int.random(in: 0..<100, using: &generator) {
      case 0..<5: steps.append(.setPasscode(passcode))
      case 5..<8: steps.append(.changePasscode(from: passcode, to: other))
      case 8..<11: steps.append(.removePasscode(passcode))
      case 11..<19: steps.append(.lock)
      case 19..<28: steps.append(.unlock(Bool.random(using: &generator) ? passcode : nil))
      case 28..<37: steps.append(.wait(milliseconds: waits.randomElement(using: &generator)!))
      case 37..<40: steps.append(.reboot)
      case 40: steps.append(.reopen)
      case 41..<58:
        steps.append(.add(account: account, accessibility: accessibility, data: nextSecret()))
      case 58..<65: steps.append(.copy(account: account))
      case 65..<68: steps.append(.attributes(account: account))
      case 68..<72: steps.append(.exists(account: account))
      case 72..<78: steps.append(.copyAll)
      case 78..<86: steps.append(.updateData(account: account, data: nextSecret()))
      case 86..<91:
        steps.append(.updateAccessibility(account: account, accessibility: accessibility))
      case 91..<93: steps.append(.rename(account: account, to: otherAccount))
      case 93..<97: steps.append(.delete(account: account))
      default:
        // Someone guessing: five wrong passcodes in a row start the escalating delays.
        steps += Array(repeating: .unlock(wrongPasscode), count: 5)
      }
    }
    return Array(steps.prefix(count))
  }
}
