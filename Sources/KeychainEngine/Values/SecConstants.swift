import DeviceState
import ItemStore

/// Apple's names for the SecItem keys and values, with the raw strings Security defines for them
/// in `OSX/sec/Security/SecItemConstants.c` (`kSecAttrAccount` is `"acct"`, `kSecMatchLimitAll`
/// is `"m_LimitAll"`). Scenario files, the REPL and transcripts all go through this table, so a
/// query pasted from Swift code means what it means on iOS.
public enum SecConstants {
  /// Constants used as dictionary keys, by Apple name.
  public static let keys: [String: String] = Dictionary(
    keyList.map { ($0.name, $0.raw) }, uniquingKeysWith: { first, _ in first })

  /// Constants used as dictionary values, by Apple name. Booleans are CFBooleans.
  public static let values: [String: SecValue] = {
    var table = Dictionary(
      valueList.map { ($0.name, SecValue.string($0.raw)) }, uniquingKeysWith: { first, _ in first })
    table["kCFBooleanTrue"] = .bool(true)
    table["kCFBooleanFalse"] = .bool(false)
    return table
  }()

  /// The keys and values in `SecItemConstants.c` order, from which the Security module's
  /// `kSec*` globals are generated (scripts/generate-apple-names).
  public static var orderedKeys: [(name: String, raw: String)] { keyList }
  public static var orderedValues: [(name: String, raw: String)] { valueList }

  /// The constants of `SecItemPriv.h` in the table: iOS honours them, but the SDK does not
  /// declare them, so neither does the Security module.
  public static let privateNames: Set<String> = [
    "kSecUseTombstones", "kSecAttrNoLegacy", "kSecAttrAppClipItem", "kSecUseCredentialReference",
  ]

  /// Every name the table knows, keys and values, for completion and "did you mean".
  public static let allNames: [String] = (Array(keys.keys) + Array(values.keys)).sorted()

  /// The Apple name to show for a raw key (`"acct"` → `kSecAttrAccount`). Where several names
  /// share a raw string (`type` is both kSecAttrType and kSecAttrKeyType) the first listed wins.
  public static func name(forKey raw: String) -> String? { keyNames[raw] }

  private static let keyNames: [String: String] = Dictionary(
    keyList.map { ($0.raw, $0.name) }, uniquingKeysWith: { first, _ in first })

  /// The Apple constant a raw value stands for under a key (`"genp"` under `class` →
  /// `kSecClassGenericPassword`, `"ak"` under `pdmn` → `kSecAttrAccessibleWhenUnlocked`);
  /// `nil` where the key takes plain values or the value is not a constant.
  public static func name(forValue raw: String, underKey key: String) -> String? {
    guard let prefix = valuePrefixes[key] else { return nil }
    return valueNames[prefix]?[raw]
  }

  /// The keys whose values are Apple constants, and the prefix those constants' names share.
  private static let valuePrefixes: [String: String] = [
    "class": "kSecClass",
    "pdmn": "kSecAttrAccessible",
    "ptcl": "kSecAttrProtocol",
    "atyp": "kSecAttrAuthenticationType",
    "kcls": "kSecAttrKeyClass",
    "type": "kSecAttrKeyType",
    "m_Limit": "kSecMatchLimit",
    "u_AuthUI": "kSecUseAuthenticationUI",
    "sync": "kSecAttrSynchronizable",
  ]

  /// For each prefix, raw value → Apple name; where two names share a raw value the shorter wins
  /// (`kSecAttrKeyTypeEC` over `kSecAttrKeyTypeECSECPrimeRandom`).
  private static let valueNames: [String: [String: String]] = {
    var table: [String: [String: String]] = [:]
    for (name, value) in values {
      guard case .string(let raw) = value else { continue }
      for prefix in Set(valuePrefixes.values) where name.hasPrefix(prefix) {
        if let existing = table[prefix]?[raw], existing.count <= name.count { continue }
        table[prefix, default: [:]][raw] = name
      }
    }
    return table
  }()

  // MARK: - Tables (SecItemConstants.c order)

  private static let keyList: [(name: String, raw: String)] = [
    ("kSecClass", "class"),
    ("kSecAttrAccessible", "pdmn"),
    ("kSecAttrAccessControl", "accc"),
    ("kSecAttrAccessGroup", "agrp"),
    ("kSecAttrCreationDate", "cdat"),
    ("kSecAttrModificationDate", "mdat"),
    ("kSecAttrDescription", "desc"),
    ("kSecAttrComment", "icmt"),
    ("kSecAttrCreator", "crtr"),
    ("kSecAttrType", "type"),
    ("kSecAttrLabel", "labl"),
    ("kSecAttrIsInvisible", "invi"),
    ("kSecAttrIsNegative", "nega"),
    ("kSecAttrAccount", "acct"),
    ("kSecAttrService", "svce"),
    ("kSecAttrGeneric", "gena"),
    ("kSecAttrSecurityDomain", "sdmn"),
    ("kSecAttrServer", "srvr"),
    ("kSecAttrProtocol", "ptcl"),
    ("kSecAttrAuthenticationType", "atyp"),
    ("kSecAttrPort", "port"),
    ("kSecAttrPath", "path"),
    ("kSecAttrSubject", "subj"),
    ("kSecAttrIssuer", "issr"),
    ("kSecAttrSerialNumber", "slnr"),
    ("kSecAttrSubjectKeyID", "skid"),
    ("kSecAttrPublicKeyHash", "pkhh"),
    ("kSecAttrCertificateType", "ctyp"),
    ("kSecAttrCertificateEncoding", "cenc"),
    ("kSecAttrKeyClass", "kcls"),
    ("kSecAttrApplicationLabel", "klbl"),
    ("kSecAttrIsPermanent", "perm"),
    ("kSecAttrIsSensitive", "sens"),
    ("kSecAttrIsExtractable", "extr"),
    ("kSecAttrApplicationTag", "atag"),
    ("kSecAttrKeyType", "type"),
    ("kSecAttrKeySizeInBits", "bsiz"),
    ("kSecAttrEffectiveKeySize", "esiz"),
    ("kSecAttrCanEncrypt", "encr"),
    ("kSecAttrCanDecrypt", "decr"),
    ("kSecAttrCanDerive", "drve"),
    ("kSecAttrCanSign", "sign"),
    ("kSecAttrCanVerify", "vrfy"),
    ("kSecAttrCanWrap", "wrap"),
    ("kSecAttrCanUnwrap", "unwp"),
    ("kSecAttrSyncViewHint", "vwht"),
    ("kSecAttrTokenID", "tkid"),
    ("kSecPrivateKeyAttrs", "private"),
    ("kSecPublicKeyAttrs", "public"),
    ("kSecAttrSynchronizable", "sync"),
    ("kSecAttrPersistantReference", "persistref"),
    ("kSecAttrPersistentReference", "persistref"),
    ("kSecAttrAppClipItem", "clip"),
    ("kSecMatchPolicy", "m_Policy"),
    ("kSecMatchItemList", "m_ItemList"),
    ("kSecMatchSearchList", "m_SearchList"),
    ("kSecMatchIssuers", "m_Issuers"),
    ("kSecMatchEmailAddressIfPresent", "m_EmailAddressIfPresent"),
    ("kSecMatchSubjectContains", "m_SubjectContains"),
    ("kSecMatchCaseInsensitive", "m_CaseInsensitive"),
    ("kSecMatchTrustedOnly", "m_TrustedOnly"),
    ("kSecMatchValidOnDate", "m_ValidOnDate"),
    ("kSecMatchLimit", "m_Limit"),
    ("kSecMatchHostOrSubdomainOfHost", "m_HostOrSubdomainOfHost"),
    ("kSecReturnData", "r_Data"),
    ("kSecReturnAttributes", "r_Attributes"),
    ("kSecReturnRef", "r_Ref"),
    ("kSecReturnPersistentRef", "r_PersistentRef"),
    ("kSecValueData", "v_Data"),
    ("kSecValueRef", "v_Ref"),
    ("kSecValuePersistentRef", "v_PersistentRef"),
    ("kSecUseItemList", "u_ItemList"),
    ("kSecUseTombstones", "u_Tomb"),
    ("kSecUseCredentialReference", "u_CredRef"),
    ("kSecUseOperationPrompt", "u_OpPrompt"),
    ("kSecUseNoAuthenticationUI", "u_NoAuthUI"),
    ("kSecUseAuthenticationUI", "u_AuthUI"),
    ("kSecUseAuthenticationContext", "u_AuthCtx"),
    ("kSecUseDataProtectionKeychain", "nleg"),
    ("kSecAttrNoLegacy", "nleg"),
  ]

  private static let valueList: [(name: String, raw: String)] = [
    ("kSecClassGenericPassword", "genp"),
    ("kSecClassInternetPassword", "inet"),
    ("kSecClassCertificate", "cert"),
    ("kSecClassKey", "keys"),
    ("kSecClassIdentity", "idnt"),
    ("kSecMatchLimitOne", "m_LimitOne"),
    ("kSecMatchLimitAll", "m_LimitAll"),
    ("kSecAttrAccessibleWhenUnlocked", "ak"),
    ("kSecAttrAccessibleAfterFirstUnlock", "ck"),
    ("kSecAttrAccessibleAlways", "dk"),
    ("kSecAttrAccessibleWhenUnlockedThisDeviceOnly", "aku"),
    ("kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", "cku"),
    ("kSecAttrAccessibleAlwaysThisDeviceOnly", "dku"),
    ("kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", "akpu"),
    ("kSecAttrSynchronizableAny", "syna"),
    ("kSecUseAuthenticationUIAllow", "u_AuthUIA"),
    ("kSecUseAuthenticationUIFail", "u_AuthUIF"),
    ("kSecUseAuthenticationUISkip", "u_AuthUIS"),
    ("kSecAttrAccessGroupToken", "com.apple.token"),
    ("kSecAttrProtocolFTP", "ftp "),
    ("kSecAttrProtocolFTPAccount", "ftpa"),
    ("kSecAttrProtocolHTTP", "http"),
    ("kSecAttrProtocolIRC", "irc "),
    ("kSecAttrProtocolNNTP", "nntp"),
    ("kSecAttrProtocolPOP3", "pop3"),
    ("kSecAttrProtocolSMTP", "smtp"),
    ("kSecAttrProtocolSOCKS", "sox "),
    ("kSecAttrProtocolIMAP", "imap"),
    ("kSecAttrProtocolLDAP", "ldap"),
    ("kSecAttrProtocolAppleTalk", "atlk"),
    ("kSecAttrProtocolAFP", "afp "),
    ("kSecAttrProtocolTelnet", "teln"),
    ("kSecAttrProtocolSSH", "ssh "),
    ("kSecAttrProtocolFTPS", "ftps"),
    ("kSecAttrProtocolHTTPS", "htps"),
    ("kSecAttrProtocolHTTPProxy", "htpx"),
    ("kSecAttrProtocolHTTPSProxy", "htsx"),
    ("kSecAttrProtocolFTPProxy", "ftpx"),
    ("kSecAttrProtocolSMB", "smb "),
    ("kSecAttrProtocolRTSP", "rtsp"),
    ("kSecAttrProtocolRTSPProxy", "rtsx"),
    ("kSecAttrProtocolDAAP", "daap"),
    ("kSecAttrProtocolEPPC", "eppc"),
    ("kSecAttrProtocolIPP", "ipp "),
    ("kSecAttrProtocolNNTPS", "ntps"),
    ("kSecAttrProtocolLDAPS", "ldps"),
    ("kSecAttrProtocolTelnetS", "tels"),
    ("kSecAttrProtocolIMAPS", "imps"),
    ("kSecAttrProtocolIRCS", "ircs"),
    ("kSecAttrProtocolPOP3S", "pops"),
    ("kSecAttrAuthenticationTypeNTLM", "ntlm"),
    ("kSecAttrAuthenticationTypeMSN", "msna"),
    ("kSecAttrAuthenticationTypeDPA", "dpaa"),
    ("kSecAttrAuthenticationTypeRPA", "rpaa"),
    ("kSecAttrAuthenticationTypeHTTPBasic", "http"),
    ("kSecAttrAuthenticationTypeHTTPDigest", "httd"),
    ("kSecAttrAuthenticationTypeHTMLForm", "form"),
    ("kSecAttrAuthenticationTypeDefault", "dflt"),
    ("kSecAttrKeyClassPublic", "0"),
    ("kSecAttrKeyClassPrivate", "1"),
    ("kSecAttrKeyClassSymmetric", "2"),
    ("kSecAttrKeyTypeRSA", "42"),
    ("kSecAttrKeyTypeEC", "73"),
    ("kSecAttrKeyTypeECSECPrimeRandom", "73"),
    ("kSecAttrTokenIDSecureEnclave", "com.apple.setoken"),
  ]

}

extension SecConstants {
  /// Apple's name of an item class: `kSecClassGenericPassword` for `genp`.
  package static func className(_ itemClass: ItemClass) -> String {
    name(forValue: itemClass.rawValue, underKey: SecQueryKey.itemClass.rawValue)
      ?? itemClass.rawValue
  }
}
