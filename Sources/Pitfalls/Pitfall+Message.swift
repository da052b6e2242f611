import DeviceState

/// A pitfall in words: what the mistake is, with its values, and where to see it fixed. The
/// one place, for `run`'s warnings and the test phone's transcript alike.
extension Pitfall {
  /// What the mistake is and why it hurts, in one sentence with its values; an earlier
  /// statement is named with `placeWord` and its number (`line 11` in a scenario, `call 3` in
  /// the test phone's transcript).
  public func message(placeWord: String = "line") -> String {
    let pitfall = self
    let earlier = pitfall.earlierLine.map { " at \(placeWord) \($0)" } ?? ""
    let detail = pitfall.detail ?? ""
    switch pitfall.kind {
    case .deleteAfterFailedRead:
      return "the item is deleted or overwritten right after reading it failed with \(detail)"
        + "\(earlier); the item was fine (the device was locked or the user cancelled), "
        + "treat that status as 'try later', not as 'missing'"
    case .deleteThenAdd:
      return "SecItemDelete\(earlier) then SecItemAdd of the same item: use SecItemUpdate, "
        + "which keeps the item, its creation date and its access control"
    case .unhandledDuplicate:
      return "SecItemAdd failed with errSecDuplicateItem and nothing handles it: on -25299, "
        + "update the existing item with SecItemUpdate"
    case .backgroundReadOfWhenUnlockedItem:
      return "a background read of an item stored \(accessibleName(detail)): its class key "
        + "is discarded soon after the device locks, so the read fails at night; store it "
        + "kSecAttrAccessibleAfterFirstUnlock"
    case .backgroundReadBehindPrompt:
      return "a background read of an item behind user presence or biometry: no prompt can be "
        + "shown in the background, so it fails with errSecInteractionNotAllowed"
    case .thisDeviceOnlyWithSync:
      return "kSecAttrSynchronizable with \(accessibleName(detail)): a ThisDeviceOnly item "
        + "never leaves the device, so it will never sync"
    case .accessGroupWithoutTeamPrefix:
      return "access group \"\(detail)\" has no team id prefix: code must spell the "
        + "expanded group (TEAMID.\(detail.replacingOccurrences(of: "$(AppIdentifierPrefix)", with: ""))), "
        + "$(AppIdentifierPrefix) only expands in the entitlements file"
    case .appGroupAssumedDefault:
      return "the item was added by \(detail) without kSecAttrAccessGroup, so it is in that "
        + "app's default group, never its app group: add and read with an explicit shared group"
    case .lockedReadRetried:
      let first = pitfall.earlierLine.map { " (first at \(placeWord) \($0))" } ?? ""
      return "the same read failed with errSecInteractionNotAllowed \(detail) times in a row"
        + first + " with no unlock in between: "
        + "retrying cannot help while the device is locked; wait for protected data to become "
        + "available"
    case .synchronizableNotQueried:
      return "the read has no kSecAttrSynchronizable, so it cannot see the synchronizable "
        + "item: queries must ask for kSecAttrSynchronizable true or kSecAttrSynchronizableAny"
    case .macLoginKeychain:
      return "SecItemAdd on a Mac without kSecUseDataProtectionKeychain: the item lands in the "
        + "file-based login keychain, which drops kSecAttrAccessible and kSecAttrAccessGroup "
        + "and asks the user before another app reads it; set kSecUseDataProtectionKeychain "
        + "to true, as iOS code written for the Mac must"
    }
  }

  /// `kSecAttrAccessibleWhenUnlocked` for `ak`; the raw value when it is not a class.
  private func accessibleName(_ raw: String) -> String {
    ProtectionClass(rawValue: raw)?.appleName ?? raw
  }

  /// `play `keychain-sim lessons data-protection/background-refresh``.
  public var lessonPointer: String { "play `\(kind.lessonCommand)`" }
}
