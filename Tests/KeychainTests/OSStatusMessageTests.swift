import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// `SecCopyErrorMessageString` texts: the trailing comments of SecBase.h / SecBasePriv.h
/// (docs/evidence.md §1), word for word.
@Suite struct OSStatusMessageTests {
  static let table: [(Int32, String, String)] = [
    (0, "errSecSuccess", "No error."),
    (-4, "errSecUnimplemented", "Function or operation not implemented."),
    (-34, "errSecDiskFull", "The disk is full."),
    (-36, "errSecIO", "I/O error."),
    (-50, "errSecParam", "One or more parameters passed to a function were not valid."),
    (-108, "errSecAllocate", "Failed to allocate memory."),
    (-128, "errSecUserCanceled", "User canceled the operation."),
    (-909, "errSecBadReq", "Bad parameter or invalid state for operation."),
    // No comment in SecBase.h: SecCopyErrorMessageString falls back to "OSStatus %d".
    (-2070, "errSecInternalComponent", "OSStatus -2070"),
    (-34018, "errSecMissingEntitlement", "A required entitlement isn't present."),
    (
      -34020, "errSecRestrictedAPI",
      "Client is restricted and is not permitted to perform this operation."
    ),
    (
      -25291, "errSecNotAvailable",
      "No keychain is available. You may need to restart your computer."
    ),
    (-25292, "errSecReadOnly", "This keychain cannot be modified."),
    (-25293, "errSecAuthFailed", "The user name or passphrase you entered is not correct."),
    (-25299, "errSecDuplicateItem", "The specified item already exists in the keychain."),
    (-25300, "errSecItemNotFound", "The specified item could not be found in the keychain."),
    (-25303, "errSecNoSuchAttr", "The specified attribute does not exist."),
    (
      -25306, "errSecNoSuchClass",
      "The specified item does not appear to be a valid keychain item."
    ),
    (-25308, "errSecInteractionNotAllowed", "User interaction is not allowed."),
    (
      -25315, "errSecInteractionRequired",
      "User interaction is required, but is currently not allowed."
    ),
    (-25316, "errSecDataNotAvailable", "The contents of this item cannot be retrieved."),
    (-25243, "errSecNoAccessForItem", "The specified item has no access control."),
    (-25244, "errSecInvalidOwnerEdit", "Invalid attempt to change the owner of this item."),
    (-26275, "errSecDecode", "Unable to decode the provided data."),
    (-26276, "errSecInternal", "An internal error occured in the Security framework."),
    (
      -34019, "errSecUpgradePending",
      "Error returned if keychain database needs a schema migration but the device is locked, "
        + "clients should wait for a device unlock notification and retry the command."
    ),
    (
      -25330, "errSecAuthNeeded",
      "Auth is needed before the requested action can be performed.  An array of constraints "
        + "to be fulfilled is passed inside error.userInfo's 'cons' key."
    ),
  ]

  @Test func everyStatusHasAppleNameAndMessage() {
    for (number, name, message) in Self.table {
      let status = OSStatus(rawValue: number)
      #expect(status.name == name)
      #expect(status.message == message, "\(name)")
      #expect(OSStatus(nameOrNumber: name) == status)
    }
  }

  @Test func unknownStatusFallsBackToTheNumber() {
    #expect(OSStatus(rawValue: -99_999).message == "OSStatus -99999")
  }

  /// Codes client code meets that the table lacked before it held all of SecBase.h.
  static let addedCodes: [(Int32, String, String)] = [
    (-49, "errSecOpWr", "File already open with write permission."),
    (-61, "errSecWrPerm", "Write permissions error."),
    (-25294, "errSecNoSuchKeychain", "The specified keychain could not be found."),
    (
      -25304, "errSecInvalidItemRef",
      "The specified item is no longer valid. It may have been deleted from the keychain."
    ),
    (-25309, "errSecReadOnlyAttr", "The specified attribute could not be modified."),
    (-25320, "errSecInDarkWake", "In dark wake, no UI possible"),
    (-67673, "errSecInvalidData", "Invalid data was encountered."),
    (
      -67901, "errSecCertificateValidityPeriodTooLong",
      "The validity period in the certificate exceeds the maximum allowed."
    ),
    (-4960, "errSecCoreFoundationUnknown", "OSStatus -4960"),
  ]

  @Test func theTableHoldsEverySecBaseCode() {
    for (number, name, message) in Self.addedCodes {
      let status = OSStatus(rawValue: number)
      #expect(status.name == name)
      #expect(status.message == message, "\(name)")
      #expect(OSStatus(nameOrNumber: name) == status)
    }
    // SecBase.h's first enum has 379 codes besides the deprecated errSecDskFull alias; with
    // errSecAuthNeeded, errSecInternal and errSecUpgradePending from newer headers: 382.
    #expect(OSStatus.known.count == 382)
    #expect(Set(OSStatus.known).count == OSStatus.known.count)
    #expect(Set(OSStatus.known.map(\.name)).count == OSStatus.known.count)
    #expect(OSStatus.known.allSatisfy { $0.name.hasPrefix("errSec") })
  }

  @Test func everyCodeTheSimulatorReturnsKeepsItsGuidance() {
    for (number, name, _) in Self.table {
      #expect(OSStatus(rawValue: number).guidance != nil, "\(name)")
    }
  }
}
