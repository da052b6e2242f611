import DeviceState
import ItemStore

/// A SecItem dictionary key that is not an attribute (`kSecClass`, `kSecMatchLimit`,
/// `kSecReturnData`, `kSecUseAuthenticationContext`, ...), by its raw string. Code names keys
/// by these members; the raw strings are written here and in ``SecConstants``' table only.
public struct SecQueryKey: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// The key an attribute is passed under: its four-character code.
  public init(_ attribute: AttributeName) { self.rawValue = attribute.rawValue }

  /// kSecClass.
  public static let itemClass = Self(rawValue: "class")
  /// kSecMatchLimit.
  public static let matchLimit = Self(rawValue: "m_Limit")
  /// kSecReturnData.
  public static let returnData = Self(rawValue: "r_Data")
  /// kSecReturnAttributes.
  public static let returnAttributes = Self(rawValue: "r_Attributes")
  /// kSecReturnRef.
  public static let returnRef = Self(rawValue: "r_Ref")
  /// kSecReturnPersistentRef.
  public static let returnPersistentRef = Self(rawValue: "r_PersistentRef")
  /// kSecValueData.
  public static let valueData = Self(rawValue: "v_Data")
  /// kSecValueRef.
  public static let valueRef = Self(rawValue: "v_Ref")
  /// kSecValuePersistentRef.
  public static let valuePersistentRef = Self(rawValue: "v_PersistentRef")
  /// kSecUseItemList.
  public static let itemList = Self(rawValue: "u_ItemList")
  /// kSecUseTombstones.
  public static let tombstones = Self(rawValue: "u_Tomb")
  /// kSecUseCredentialReference.
  public static let credentialReference = Self(rawValue: "u_CredRef")
  /// kSecUseOperationPrompt.
  public static let operationPrompt = Self(rawValue: "u_OpPrompt")
  /// kSecUseNoAuthenticationUI (deprecated).
  public static let noAuthenticationUI = Self(rawValue: "u_NoAuthUI")
  /// kSecUseAuthenticationUI.
  public static let authenticationUI = Self(rawValue: "u_AuthUI")
  /// kSecUseAuthenticationContext.
  public static let authenticationContext = Self(rawValue: "u_AuthCtx")
  /// kSecUseDataProtectionKeychain (and its older name kSecAttrNoLegacy): on a Mac, the data
  /// protection keychain only.
  public static let useDataProtectionKeychain = Self(rawValue: "nleg")

  /// The `kSecUse*` keys Security defines (`SecItemConstants.c`); the three
  /// kSecUseAuthenticationUI values are accepted as keys too, as the daemon's prefix check
  /// lets them through.
  static let useKeys: Set<String> = Set(
    [
      itemList, tombstones, credentialReference, operationPrompt, noAuthenticationUI,
      authenticationUI, authenticationContext,
    ].map(\.rawValue) + AuthenticationUI.allCases.map(\.rawValue))
}

extension Dictionary where Key == String {
  /// The value under a non-attribute key of a SecItem dictionary.
  @inlinable
  public subscript(_ key: SecQueryKey) -> Value? {
    get { self[key.rawValue] }
    set { self[key.rawValue] = newValue }
  }
}

/// `kSecUseAuthenticationUI`'s values: whether a call may show a prompt for a protected item.
public enum AuthenticationUI: String, Sendable, CaseIterable {
  /// kSecUseAuthenticationUIAllow: prompt when needed (the default).
  case allow = "u_AuthUIA"
  /// kSecUseAuthenticationUIFail: fail with errSecInteractionNotAllowed instead of prompting.
  case fail = "u_AuthUIF"
  /// kSecUseAuthenticationUISkip: skip protected items silently (SecItemCopyMatching only).
  case skip = "u_AuthUIS"
}
