// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation
internal import Keychain

/// `OSStatus`, as Security's Swift API declares it.
public typealias OSStatus = Int32

// Every errSec code of iOS's SecBase.h that the engine's OSStatus table knows, with Apple's
// numbers; `SecCopyErrorMessageString` gives Apple's message for each.

public let noErr: OSStatus = 0
public let errSecSuccess: OSStatus = 0
public let errSecUnimplemented: OSStatus = -4
public let errSecDiskFull: OSStatus = -34
public let errSecIO: OSStatus = -36
public let errSecParam: OSStatus = -50
public let errSecAllocate: OSStatus = -108
public let errSecUserCanceled: OSStatus = -128
public let errSecBadReq: OSStatus = -909
public let errSecInternalComponent: OSStatus = -2070
public let errSecNoAccessForItem: OSStatus = -25243
public let errSecInvalidOwnerEdit: OSStatus = -25244
public let errSecNotAvailable: OSStatus = -25291
public let errSecReadOnly: OSStatus = -25292
public let errSecAuthFailed: OSStatus = -25293
public let errSecDuplicateItem: OSStatus = -25299
public let errSecItemNotFound: OSStatus = -25300
public let errSecNoSuchAttr: OSStatus = -25303
public let errSecNoSuchClass: OSStatus = -25306
public let errSecInteractionNotAllowed: OSStatus = -25308
public let errSecInteractionRequired: OSStatus = -25315
public let errSecDataNotAvailable: OSStatus = -25316
public let errSecAuthNeeded: OSStatus = -25330
public let errSecDecode: OSStatus = -26275
public let errSecInternal: OSStatus = -26276
public let errSecMissingEntitlement: OSStatus = -34018
public let errSecUpgradePending: OSStatus = -34019
public let errSecRestrictedAPI: OSStatus = -34020

/// The text Security gives for `status` (Apple's `SecErrorMessages.strings`), as a CFString;
/// `OSStatus <n>` for a code Security has no message for.
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?)
  -> CFString?
{
  NSString(string: Keychain.OSStatus(rawValue: status).message)
}

/// Every code the engine knows with its message, for the test that checks the constants and
/// `SecCopyErrorMessageString` against it.
package let engineStatusMessages: [(status: OSStatus, message: String)] =
  Keychain.OSStatus.known.map { ($0.rawValue, $0.message) }
