import DeviceState
import Foundation

@testable import Keybag

let secret = Data("hunter2 — the item's secret".utf8)
let identity = Data("genp|acct=alice|svce=mail|agrp=TEAM.app|v_Data".utf8)
let passcode = "123456"

/// A keybag with a passcode set and every class key (akpu included) loaded.
func keybagWithPasscode(_ code: String = passcode) throws -> Keybag {
  let keybag = Keybag(profile: .fast)
  try keybag.setPasscode(code)
  return keybag
}

let classesAC: Set<ProtectionClass> = [.ak, .aku, .akpu, .ck, .cku]
let classesD: Set<ProtectionClass> = [.dk, .dku]

extension Data {
  /// A copy with one byte's bits flipped.
  func flipping(byteAt index: Int) -> Data {
    var copy = self
    copy[copy.startIndex + index] ^= 0xff
    return copy
  }
}
