import DeviceState

/// Names for explanations and transcripts.
package enum FlagNames {
  /// `[.biometryAny, .or, .devicePasscode]`-style Swift spelling of a flag set, `[]` for none.
  package static func describe(_ flags: SecAccessControlCreateFlags) -> String {
    var remaining = flags
    var names: [String] = []
    for entry in SecAccessControlCreateFlags.named where remaining.contains(entry.flag) {
      names.append("." + entry.swift)
      remaining.remove(entry.flag)
    }
    if !remaining.isEmpty { names.append("0x" + String(remaining.rawValue, radix: 16)) }
    return "[" + names.joined(separator: ", ") + "]"
  }
}
