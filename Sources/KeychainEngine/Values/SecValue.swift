import DeviceState
import Foundation

/// A value in a SecItem query or result dictionary: the CoreFoundation types Security accepts.
///
/// Query dictionaries are keyed by Apple's raw key strings (`"acct"`, `"class"`, `"m_Limit"`,
/// `"r_Data"`), exactly as `kSecAttrAccount` and friends are defined in Security's
/// `SecItemConstants.c`; see ``SecConstants`` for the names.
public enum SecValue: Sendable, Hashable {
  /// A CFString. Apple's value constants (`kSecClassGenericPassword`, `kSecMatchLimitAll`,
  /// `kSecAttrAccessibleWhenUnlocked`) are CFStrings too: `"genp"`, `"m_LimitAll"`, `"ak"`.
  case string(String)
  /// A CFData.
  case data(Data)
  /// A CFNumber.
  case number(Int64)
  /// A CFBoolean (`kCFBooleanTrue`, Swift's `true`).
  case bool(Bool)
  /// A CFDate.
  case date(Date)
  /// A CFArray.
  case array([SecValue])
  /// A CFDictionary keyed by strings.
  case dictionary([String: SecValue])
  /// A `SecAccessControlRef` made by `SecAccessControlCreateWithFlags`.
  case accessControl(SecAccessControl)
  /// An `LAContext`, for `kSecUseAuthenticationContext`; compared by identity.
  case authenticationContext(LAContext)
  /// A `SecKeychainItemRef`, which only a Mac's file-based keychain returns.
  case keychainItemReference(KeychainItemReference)
  /// `nil` / `NULL` written as a value (Apple's tests pass NULL data to check it is refused).
  case null
}

/// A SecItem query or attribute dictionary, keyed by Apple's raw key strings.
public typealias SecQuery = [String: SecValue]
