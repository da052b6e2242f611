import KeychainEngine

/// The words of a Secure Enclave key's refusals: what the key's access control asked for,
/// what in the device's state stood in the way, and the usual fix — for a key, not an item
/// (a key whose `.biometryCurrentSet` set changed can never sign again, so the fix is a new key
/// and a new registration, not "add the item again"). Words only: the failure is data
/// (``KeyFailure``) and these fill its message and fix.
enum SecureEnclaveKeyWords {
  /// The cause and fix of an authentication the Secure Enclave's ACL asked for and did not get.
  static func words(_ refusal: AuthenticationRefusal, flags: SecAccessControlCreateFlags)
    -> (cause: String, fix: String?)
  {
    switch refusal {
    case .biometrySetChanged:
      return (
        "the key's access control asks for .biometryCurrentSet, and the enrolled faces or "
          + "fingers changed since the key was made (one was enrolled or removed): the Secure "
          + "Enclave refuses every operation with it for good",
        "the key can never be used again: delete it (SecItemDelete with kSecClassKey and its "
          + "kSecAttrApplicationTag), make a new key after signing the user in another way, "
          + "and register its public key with the server again; use .biometryAny if the key "
          + "should survive enrolment changes"
      )
    case .interactionNotAllowed(let blockers) where blockers.contains(.appInBackground):
      return (
        "the key's access control asks for \(userFactor(flags)), and the app is in the "
          + "background, where no Face ID, Touch ID or passcode sheet can be shown (a push or "
          + "background task handler cannot sign with it)",
        "sign when the app is in the foreground (defer the work until the user opens the "
          + "app), or use a key without a user-presence constraint for background work"
      )
    default:
      let words = AuthenticationRefusalRenderer.words(refusal)
      return ("the key's access control asks for \(userFactor(flags)); " + words.cause, words.fix)
    }
  }

  /// What the flags ask of the user, in Apple's names (`.biometryCurrentSet`).
  static func userFactor(_ flags: SecAccessControlCreateFlags) -> String {
    let named: [(SecAccessControlCreateFlags, String)] = [
      (.userPresence, ".userPresence"), (.biometryAny, ".biometryAny"),
      (.biometryCurrentSet, ".biometryCurrentSet"), (.devicePasscode, ".devicePasscode"),
      (.companion, ".companion"),
    ]
    let present = named.filter { flags.contains($0.0) }.map(\.1)
    guard !present.isEmpty else { return "no user authentication" }
    let joiner = flags.contains(.and) ? " and " : " or "
    return present.joined(separator: joiner)
  }

  /// A locked protection class: the device state and the fix.
  static let lockedFix =
    "use the key while the device is unlocked, or make it with a protection that stays "
    + "available after the first unlock (kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)"

  /// A token object another device's enclave sealed (a key restored or moved from another
  /// phone, which a backup never carries): the fix is a new key on this device.
  static let otherDeviceFix =
    "a Secure Enclave key never leaves the device that made it (no backup, sync or transfer "
    + "carries it): make a new key on this device and register its public key with the server"
}
