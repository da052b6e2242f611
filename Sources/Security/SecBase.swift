// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation
internal import Keychain

/// `OSStatus`, as Security's Swift API declares it.
public typealias OSStatus = Int32

/// `noErr` (MacTypes.h), which Security's callers compare with as with errSecSuccess.
public let noErr: OSStatus = 0

// The errSec* codes are generated from the engine's OSStatus table
// (Generated/SecBase+Codes.swift, scripts/generate-apple-names).

/// The text Security gives for `status` (Apple's `SecErrorMessages.strings`), as a CFString;
/// `OSStatus <n>` for a code Security has no message for.
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?)
  -> CFString?
{
  NSString(string: Keychain.OSStatus(rawValue: status).message)
}

/// Every code the engine knows with its message and whether the SDK declares it, for the tests
/// that check the generated constants and `SecCopyErrorMessageString` against the table.
package let engineStatusMessages:
  [(status: OSStatus, name: String, message: String, isDeclaredBySDK: Bool)] =
    Keychain.OSStatus.known.map { ($0.rawValue, $0.name, $0.message, $0.isDeclaredBySDK) }
