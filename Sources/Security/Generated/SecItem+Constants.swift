// swift-format-ignore-file
// GENERATED FILE, DO NOT EDIT: made by scripts/generate-apple-names from
// the engine's SecConstants table (`SecConstants`). Change the table, then
// regenerate with `bash scripts/generate-apple-names.sh`; GeneratedSourcesTests fails
// when this file differs from what the generator writes.

// Every kSec* key and value of iOS's SecItem.h, with the raw strings Security defines
// for them in SecItemConstants.c, so a constant here and a name in a scenario file are
// the same string. The private constants of SecItemPriv.h (`SecConstants.privateNames`)
// are left out, as the iOS SDK leaves them out. `nonisolated(unsafe)`: immutable
// constants of immutable strings, but NSString is not declared Sendable on Linux.

// MARK: - Keys

nonisolated(unsafe) public let kSecClass: CFString = SecConstantString("class")
nonisolated(unsafe) public let kSecAttrAccessible: CFString = SecConstantString("pdmn")
nonisolated(unsafe) public let kSecAttrAccessControl: CFString = SecConstantString("accc")
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = SecConstantString("agrp")
nonisolated(unsafe) public let kSecAttrCreationDate: CFString = SecConstantString("cdat")
nonisolated(unsafe) public let kSecAttrModificationDate: CFString = SecConstantString("mdat")
nonisolated(unsafe) public let kSecAttrDescription: CFString = SecConstantString("desc")
nonisolated(unsafe) public let kSecAttrComment: CFString = SecConstantString("icmt")
nonisolated(unsafe) public let kSecAttrCreator: CFString = SecConstantString("crtr")
nonisolated(unsafe) public let kSecAttrType: CFString = SecConstantString("type")
nonisolated(unsafe) public let kSecAttrLabel: CFString = SecConstantString("labl")
nonisolated(unsafe) public let kSecAttrIsInvisible: CFString = SecConstantString("invi")
nonisolated(unsafe) public let kSecAttrIsNegative: CFString = SecConstantString("nega")
nonisolated(unsafe) public let kSecAttrAccount: CFString = SecConstantString("acct")
nonisolated(unsafe) public let kSecAttrService: CFString = SecConstantString("svce")
nonisolated(unsafe) public let kSecAttrGeneric: CFString = SecConstantString("gena")
nonisolated(unsafe) public let kSecAttrSecurityDomain: CFString = SecConstantString("sdmn")
nonisolated(unsafe) public let kSecAttrServer: CFString = SecConstantString("srvr")
nonisolated(unsafe) public let kSecAttrProtocol: CFString = SecConstantString("ptcl")
nonisolated(unsafe) public let kSecAttrAuthenticationType: CFString = SecConstantString("atyp")
nonisolated(unsafe) public let kSecAttrPort: CFString = SecConstantString("port")
nonisolated(unsafe) public let kSecAttrPath: CFString = SecConstantString("path")
nonisolated(unsafe) public let kSecAttrSubject: CFString = SecConstantString("subj")
nonisolated(unsafe) public let kSecAttrIssuer: CFString = SecConstantString("issr")
nonisolated(unsafe) public let kSecAttrSerialNumber: CFString = SecConstantString("slnr")
nonisolated(unsafe) public let kSecAttrSubjectKeyID: CFString = SecConstantString("skid")
nonisolated(unsafe) public let kSecAttrPublicKeyHash: CFString = SecConstantString("pkhh")
nonisolated(unsafe) public let kSecAttrCertificateType: CFString = SecConstantString("ctyp")
nonisolated(unsafe) public let kSecAttrCertificateEncoding: CFString = SecConstantString("cenc")
nonisolated(unsafe) public let kSecAttrKeyClass: CFString = SecConstantString("kcls")
nonisolated(unsafe) public let kSecAttrApplicationLabel: CFString = SecConstantString("klbl")
nonisolated(unsafe) public let kSecAttrIsPermanent: CFString = SecConstantString("perm")
nonisolated(unsafe) public let kSecAttrIsSensitive: CFString = SecConstantString("sens")
nonisolated(unsafe) public let kSecAttrIsExtractable: CFString = SecConstantString("extr")
nonisolated(unsafe) public let kSecAttrApplicationTag: CFString = SecConstantString("atag")
nonisolated(unsafe) public let kSecAttrKeyType: CFString = SecConstantString("type")
nonisolated(unsafe) public let kSecAttrKeySizeInBits: CFString = SecConstantString("bsiz")
nonisolated(unsafe) public let kSecAttrEffectiveKeySize: CFString = SecConstantString("esiz")
nonisolated(unsafe) public let kSecAttrCanEncrypt: CFString = SecConstantString("encr")
nonisolated(unsafe) public let kSecAttrCanDecrypt: CFString = SecConstantString("decr")
nonisolated(unsafe) public let kSecAttrCanDerive: CFString = SecConstantString("drve")
nonisolated(unsafe) public let kSecAttrCanSign: CFString = SecConstantString("sign")
nonisolated(unsafe) public let kSecAttrCanVerify: CFString = SecConstantString("vrfy")
nonisolated(unsafe) public let kSecAttrCanWrap: CFString = SecConstantString("wrap")
nonisolated(unsafe) public let kSecAttrCanUnwrap: CFString = SecConstantString("unwp")
nonisolated(unsafe) public let kSecAttrSyncViewHint: CFString = SecConstantString("vwht")
nonisolated(unsafe) public let kSecAttrTokenID: CFString = SecConstantString("tkid")
nonisolated(unsafe) public let kSecPrivateKeyAttrs: CFString = SecConstantString("private")
nonisolated(unsafe) public let kSecPublicKeyAttrs: CFString = SecConstantString("public")
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = SecConstantString("sync")
nonisolated(unsafe) public let kSecAttrPersistantReference: CFString = SecConstantString("persistref")
nonisolated(unsafe) public let kSecAttrPersistentReference: CFString = SecConstantString("persistref")
nonisolated(unsafe) public let kSecMatchPolicy: CFString = SecConstantString("m_Policy")
nonisolated(unsafe) public let kSecMatchItemList: CFString = SecConstantString("m_ItemList")
nonisolated(unsafe) public let kSecMatchSearchList: CFString = SecConstantString("m_SearchList")
nonisolated(unsafe) public let kSecMatchIssuers: CFString = SecConstantString("m_Issuers")
nonisolated(unsafe) public let kSecMatchEmailAddressIfPresent: CFString = SecConstantString("m_EmailAddressIfPresent")
nonisolated(unsafe) public let kSecMatchSubjectContains: CFString = SecConstantString("m_SubjectContains")
nonisolated(unsafe) public let kSecMatchCaseInsensitive: CFString = SecConstantString("m_CaseInsensitive")
nonisolated(unsafe) public let kSecMatchTrustedOnly: CFString = SecConstantString("m_TrustedOnly")
nonisolated(unsafe) public let kSecMatchValidOnDate: CFString = SecConstantString("m_ValidOnDate")
nonisolated(unsafe) public let kSecMatchLimit: CFString = SecConstantString("m_Limit")
nonisolated(unsafe) public let kSecMatchHostOrSubdomainOfHost: CFString = SecConstantString("m_HostOrSubdomainOfHost")
nonisolated(unsafe) public let kSecReturnData: CFString = SecConstantString("r_Data")
nonisolated(unsafe) public let kSecReturnAttributes: CFString = SecConstantString("r_Attributes")
nonisolated(unsafe) public let kSecReturnRef: CFString = SecConstantString("r_Ref")
nonisolated(unsafe) public let kSecReturnPersistentRef: CFString = SecConstantString("r_PersistentRef")
nonisolated(unsafe) public let kSecValueData: CFString = SecConstantString("v_Data")
nonisolated(unsafe) public let kSecValueRef: CFString = SecConstantString("v_Ref")
nonisolated(unsafe) public let kSecValuePersistentRef: CFString = SecConstantString("v_PersistentRef")
nonisolated(unsafe) public let kSecUseItemList: CFString = SecConstantString("u_ItemList")
nonisolated(unsafe) public let kSecUseOperationPrompt: CFString = SecConstantString("u_OpPrompt")
nonisolated(unsafe) public let kSecUseNoAuthenticationUI: CFString = SecConstantString("u_NoAuthUI")
nonisolated(unsafe) public let kSecUseAuthenticationUI: CFString = SecConstantString("u_AuthUI")
nonisolated(unsafe) public let kSecUseAuthenticationContext: CFString = SecConstantString("u_AuthCtx")
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = SecConstantString("nleg")

// MARK: - Values

nonisolated(unsafe) public let kSecClassGenericPassword: CFString = SecConstantString("genp")
nonisolated(unsafe) public let kSecClassInternetPassword: CFString = SecConstantString("inet")
nonisolated(unsafe) public let kSecClassCertificate: CFString = SecConstantString("cert")
nonisolated(unsafe) public let kSecClassKey: CFString = SecConstantString("keys")
nonisolated(unsafe) public let kSecClassIdentity: CFString = SecConstantString("idnt")
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = SecConstantString("m_LimitOne")
nonisolated(unsafe) public let kSecMatchLimitAll: CFString = SecConstantString("m_LimitAll")
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = SecConstantString("ak")
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = SecConstantString("ck")
nonisolated(unsafe) public let kSecAttrAccessibleAlways: CFString = SecConstantString("dk")
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = SecConstantString("aku")
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = SecConstantString("cku")
nonisolated(unsafe) public let kSecAttrAccessibleAlwaysThisDeviceOnly: CFString = SecConstantString("dku")
nonisolated(unsafe) public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = SecConstantString("akpu")
nonisolated(unsafe) public let kSecAttrSynchronizableAny: CFString = SecConstantString("syna")
nonisolated(unsafe) public let kSecUseAuthenticationUIAllow: CFString = SecConstantString("u_AuthUIA")
nonisolated(unsafe) public let kSecUseAuthenticationUIFail: CFString = SecConstantString("u_AuthUIF")
nonisolated(unsafe) public let kSecUseAuthenticationUISkip: CFString = SecConstantString("u_AuthUIS")
nonisolated(unsafe) public let kSecAttrAccessGroupToken: CFString = SecConstantString("com.apple.token")
nonisolated(unsafe) public let kSecAttrProtocolFTP: CFString = SecConstantString("ftp ")
nonisolated(unsafe) public let kSecAttrProtocolFTPAccount: CFString = SecConstantString("ftpa")
nonisolated(unsafe) public let kSecAttrProtocolHTTP: CFString = SecConstantString("http")
nonisolated(unsafe) public let kSecAttrProtocolIRC: CFString = SecConstantString("irc ")
nonisolated(unsafe) public let kSecAttrProtocolNNTP: CFString = SecConstantString("nntp")
nonisolated(unsafe) public let kSecAttrProtocolPOP3: CFString = SecConstantString("pop3")
nonisolated(unsafe) public let kSecAttrProtocolSMTP: CFString = SecConstantString("smtp")
nonisolated(unsafe) public let kSecAttrProtocolSOCKS: CFString = SecConstantString("sox ")
nonisolated(unsafe) public let kSecAttrProtocolIMAP: CFString = SecConstantString("imap")
nonisolated(unsafe) public let kSecAttrProtocolLDAP: CFString = SecConstantString("ldap")
nonisolated(unsafe) public let kSecAttrProtocolAppleTalk: CFString = SecConstantString("atlk")
nonisolated(unsafe) public let kSecAttrProtocolAFP: CFString = SecConstantString("afp ")
nonisolated(unsafe) public let kSecAttrProtocolTelnet: CFString = SecConstantString("teln")
nonisolated(unsafe) public let kSecAttrProtocolSSH: CFString = SecConstantString("ssh ")
nonisolated(unsafe) public let kSecAttrProtocolFTPS: CFString = SecConstantString("ftps")
nonisolated(unsafe) public let kSecAttrProtocolHTTPS: CFString = SecConstantString("htps")
nonisolated(unsafe) public let kSecAttrProtocolHTTPProxy: CFString = SecConstantString("htpx")
nonisolated(unsafe) public let kSecAttrProtocolHTTPSProxy: CFString = SecConstantString("htsx")
nonisolated(unsafe) public let kSecAttrProtocolFTPProxy: CFString = SecConstantString("ftpx")
nonisolated(unsafe) public let kSecAttrProtocolSMB: CFString = SecConstantString("smb ")
nonisolated(unsafe) public let kSecAttrProtocolRTSP: CFString = SecConstantString("rtsp")
nonisolated(unsafe) public let kSecAttrProtocolRTSPProxy: CFString = SecConstantString("rtsx")
nonisolated(unsafe) public let kSecAttrProtocolDAAP: CFString = SecConstantString("daap")
nonisolated(unsafe) public let kSecAttrProtocolEPPC: CFString = SecConstantString("eppc")
nonisolated(unsafe) public let kSecAttrProtocolIPP: CFString = SecConstantString("ipp ")
nonisolated(unsafe) public let kSecAttrProtocolNNTPS: CFString = SecConstantString("ntps")
nonisolated(unsafe) public let kSecAttrProtocolLDAPS: CFString = SecConstantString("ldps")
nonisolated(unsafe) public let kSecAttrProtocolTelnetS: CFString = SecConstantString("tels")
nonisolated(unsafe) public let kSecAttrProtocolIMAPS: CFString = SecConstantString("imps")
nonisolated(unsafe) public let kSecAttrProtocolIRCS: CFString = SecConstantString("ircs")
nonisolated(unsafe) public let kSecAttrProtocolPOP3S: CFString = SecConstantString("pops")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeNTLM: CFString = SecConstantString("ntlm")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeMSN: CFString = SecConstantString("msna")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeDPA: CFString = SecConstantString("dpaa")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeRPA: CFString = SecConstantString("rpaa")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTTPBasic: CFString = SecConstantString("http")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTTPDigest: CFString = SecConstantString("httd")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeHTMLForm: CFString = SecConstantString("form")
nonisolated(unsafe) public let kSecAttrAuthenticationTypeDefault: CFString = SecConstantString("dflt")
nonisolated(unsafe) public let kSecAttrKeyClassPublic: CFString = SecConstantString("0")
nonisolated(unsafe) public let kSecAttrKeyClassPrivate: CFString = SecConstantString("1")
nonisolated(unsafe) public let kSecAttrKeyClassSymmetric: CFString = SecConstantString("2")
nonisolated(unsafe) public let kSecAttrKeyTypeRSA: CFString = SecConstantString("42")
nonisolated(unsafe) public let kSecAttrKeyTypeEC: CFString = SecConstantString("73")
nonisolated(unsafe) public let kSecAttrKeyTypeECSECPrimeRandom: CFString = SecConstantString("73")
nonisolated(unsafe) public let kSecAttrTokenIDSecureEnclave: CFString = SecConstantString("com.apple.setoken")

/// Every constant above, by Apple name, for the tests that check the compiled values
/// against the engine's table.
nonisolated(unsafe) package let secItemConstantTable: [(name: String, value: CFString)] = [
  ("kSecClass", kSecClass),
  ("kSecAttrAccessible", kSecAttrAccessible),
  ("kSecAttrAccessControl", kSecAttrAccessControl),
  ("kSecAttrAccessGroup", kSecAttrAccessGroup),
  ("kSecAttrCreationDate", kSecAttrCreationDate),
  ("kSecAttrModificationDate", kSecAttrModificationDate),
  ("kSecAttrDescription", kSecAttrDescription),
  ("kSecAttrComment", kSecAttrComment),
  ("kSecAttrCreator", kSecAttrCreator),
  ("kSecAttrType", kSecAttrType),
  ("kSecAttrLabel", kSecAttrLabel),
  ("kSecAttrIsInvisible", kSecAttrIsInvisible),
  ("kSecAttrIsNegative", kSecAttrIsNegative),
  ("kSecAttrAccount", kSecAttrAccount),
  ("kSecAttrService", kSecAttrService),
  ("kSecAttrGeneric", kSecAttrGeneric),
  ("kSecAttrSecurityDomain", kSecAttrSecurityDomain),
  ("kSecAttrServer", kSecAttrServer),
  ("kSecAttrProtocol", kSecAttrProtocol),
  ("kSecAttrAuthenticationType", kSecAttrAuthenticationType),
  ("kSecAttrPort", kSecAttrPort),
  ("kSecAttrPath", kSecAttrPath),
  ("kSecAttrSubject", kSecAttrSubject),
  ("kSecAttrIssuer", kSecAttrIssuer),
  ("kSecAttrSerialNumber", kSecAttrSerialNumber),
  ("kSecAttrSubjectKeyID", kSecAttrSubjectKeyID),
  ("kSecAttrPublicKeyHash", kSecAttrPublicKeyHash),
  ("kSecAttrCertificateType", kSecAttrCertificateType),
  ("kSecAttrCertificateEncoding", kSecAttrCertificateEncoding),
  ("kSecAttrKeyClass", kSecAttrKeyClass),
  ("kSecAttrApplicationLabel", kSecAttrApplicationLabel),
  ("kSecAttrIsPermanent", kSecAttrIsPermanent),
  ("kSecAttrIsSensitive", kSecAttrIsSensitive),
  ("kSecAttrIsExtractable", kSecAttrIsExtractable),
  ("kSecAttrApplicationTag", kSecAttrApplicationTag),
  ("kSecAttrKeyType", kSecAttrKeyType),
  ("kSecAttrKeySizeInBits", kSecAttrKeySizeInBits),
  ("kSecAttrEffectiveKeySize", kSecAttrEffectiveKeySize),
  ("kSecAttrCanEncrypt", kSecAttrCanEncrypt),
  ("kSecAttrCanDecrypt", kSecAttrCanDecrypt),
  ("kSecAttrCanDerive", kSecAttrCanDerive),
  ("kSecAttrCanSign", kSecAttrCanSign),
  ("kSecAttrCanVerify", kSecAttrCanVerify),
  ("kSecAttrCanWrap", kSecAttrCanWrap),
  ("kSecAttrCanUnwrap", kSecAttrCanUnwrap),
  ("kSecAttrSyncViewHint", kSecAttrSyncViewHint),
  ("kSecAttrTokenID", kSecAttrTokenID),
  ("kSecPrivateKeyAttrs", kSecPrivateKeyAttrs),
  ("kSecPublicKeyAttrs", kSecPublicKeyAttrs),
  ("kSecAttrSynchronizable", kSecAttrSynchronizable),
  ("kSecAttrPersistantReference", kSecAttrPersistantReference),
  ("kSecAttrPersistentReference", kSecAttrPersistentReference),
  ("kSecMatchPolicy", kSecMatchPolicy),
  ("kSecMatchItemList", kSecMatchItemList),
  ("kSecMatchSearchList", kSecMatchSearchList),
  ("kSecMatchIssuers", kSecMatchIssuers),
  ("kSecMatchEmailAddressIfPresent", kSecMatchEmailAddressIfPresent),
  ("kSecMatchSubjectContains", kSecMatchSubjectContains),
  ("kSecMatchCaseInsensitive", kSecMatchCaseInsensitive),
  ("kSecMatchTrustedOnly", kSecMatchTrustedOnly),
  ("kSecMatchValidOnDate", kSecMatchValidOnDate),
  ("kSecMatchLimit", kSecMatchLimit),
  ("kSecMatchHostOrSubdomainOfHost", kSecMatchHostOrSubdomainOfHost),
  ("kSecReturnData", kSecReturnData),
  ("kSecReturnAttributes", kSecReturnAttributes),
  ("kSecReturnRef", kSecReturnRef),
  ("kSecReturnPersistentRef", kSecReturnPersistentRef),
  ("kSecValueData", kSecValueData),
  ("kSecValueRef", kSecValueRef),
  ("kSecValuePersistentRef", kSecValuePersistentRef),
  ("kSecUseItemList", kSecUseItemList),
  ("kSecUseOperationPrompt", kSecUseOperationPrompt),
  ("kSecUseNoAuthenticationUI", kSecUseNoAuthenticationUI),
  ("kSecUseAuthenticationUI", kSecUseAuthenticationUI),
  ("kSecUseAuthenticationContext", kSecUseAuthenticationContext),
  ("kSecUseDataProtectionKeychain", kSecUseDataProtectionKeychain),
  ("kSecClassGenericPassword", kSecClassGenericPassword),
  ("kSecClassInternetPassword", kSecClassInternetPassword),
  ("kSecClassCertificate", kSecClassCertificate),
  ("kSecClassKey", kSecClassKey),
  ("kSecClassIdentity", kSecClassIdentity),
  ("kSecMatchLimitOne", kSecMatchLimitOne),
  ("kSecMatchLimitAll", kSecMatchLimitAll),
  ("kSecAttrAccessibleWhenUnlocked", kSecAttrAccessibleWhenUnlocked),
  ("kSecAttrAccessibleAfterFirstUnlock", kSecAttrAccessibleAfterFirstUnlock),
  ("kSecAttrAccessibleAlways", kSecAttrAccessibleAlways),
  ("kSecAttrAccessibleWhenUnlockedThisDeviceOnly", kSecAttrAccessibleWhenUnlockedThisDeviceOnly),
  ("kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly),
  ("kSecAttrAccessibleAlwaysThisDeviceOnly", kSecAttrAccessibleAlwaysThisDeviceOnly),
  ("kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly),
  ("kSecAttrSynchronizableAny", kSecAttrSynchronizableAny),
  ("kSecUseAuthenticationUIAllow", kSecUseAuthenticationUIAllow),
  ("kSecUseAuthenticationUIFail", kSecUseAuthenticationUIFail),
  ("kSecUseAuthenticationUISkip", kSecUseAuthenticationUISkip),
  ("kSecAttrAccessGroupToken", kSecAttrAccessGroupToken),
  ("kSecAttrProtocolFTP", kSecAttrProtocolFTP),
  ("kSecAttrProtocolFTPAccount", kSecAttrProtocolFTPAccount),
  ("kSecAttrProtocolHTTP", kSecAttrProtocolHTTP),
  ("kSecAttrProtocolIRC", kSecAttrProtocolIRC),
  ("kSecAttrProtocolNNTP", kSecAttrProtocolNNTP),
  ("kSecAttrProtocolPOP3", kSecAttrProtocolPOP3),
  ("kSecAttrProtocolSMTP", kSecAttrProtocolSMTP),
  ("kSecAttrProtocolSOCKS", kSecAttrProtocolSOCKS),
  ("kSecAttrProtocolIMAP", kSecAttrProtocolIMAP),
  ("kSecAttrProtocolLDAP", kSecAttrProtocolLDAP),
  ("kSecAttrProtocolAppleTalk", kSecAttrProtocolAppleTalk),
  ("kSecAttrProtocolAFP", kSecAttrProtocolAFP),
  ("kSecAttrProtocolTelnet", kSecAttrProtocolTelnet),
  ("kSecAttrProtocolSSH", kSecAttrProtocolSSH),
  ("kSecAttrProtocolFTPS", kSecAttrProtocolFTPS),
  ("kSecAttrProtocolHTTPS", kSecAttrProtocolHTTPS),
  ("kSecAttrProtocolHTTPProxy", kSecAttrProtocolHTTPProxy),
  ("kSecAttrProtocolHTTPSProxy", kSecAttrProtocolHTTPSProxy),
  ("kSecAttrProtocolFTPProxy", kSecAttrProtocolFTPProxy),
  ("kSecAttrProtocolSMB", kSecAttrProtocolSMB),
  ("kSecAttrProtocolRTSP", kSecAttrProtocolRTSP),
  ("kSecAttrProtocolRTSPProxy", kSecAttrProtocolRTSPProxy),
  ("kSecAttrProtocolDAAP", kSecAttrProtocolDAAP),
  ("kSecAttrProtocolEPPC", kSecAttrProtocolEPPC),
  ("kSecAttrProtocolIPP", kSecAttrProtocolIPP),
  ("kSecAttrProtocolNNTPS", kSecAttrProtocolNNTPS),
  ("kSecAttrProtocolLDAPS", kSecAttrProtocolLDAPS),
  ("kSecAttrProtocolTelnetS", kSecAttrProtocolTelnetS),
  ("kSecAttrProtocolIMAPS", kSecAttrProtocolIMAPS),
  ("kSecAttrProtocolIRCS", kSecAttrProtocolIRCS),
  ("kSecAttrProtocolPOP3S", kSecAttrProtocolPOP3S),
  ("kSecAttrAuthenticationTypeNTLM", kSecAttrAuthenticationTypeNTLM),
  ("kSecAttrAuthenticationTypeMSN", kSecAttrAuthenticationTypeMSN),
  ("kSecAttrAuthenticationTypeDPA", kSecAttrAuthenticationTypeDPA),
  ("kSecAttrAuthenticationTypeRPA", kSecAttrAuthenticationTypeRPA),
  ("kSecAttrAuthenticationTypeHTTPBasic", kSecAttrAuthenticationTypeHTTPBasic),
  ("kSecAttrAuthenticationTypeHTTPDigest", kSecAttrAuthenticationTypeHTTPDigest),
  ("kSecAttrAuthenticationTypeHTMLForm", kSecAttrAuthenticationTypeHTMLForm),
  ("kSecAttrAuthenticationTypeDefault", kSecAttrAuthenticationTypeDefault),
  ("kSecAttrKeyClassPublic", kSecAttrKeyClassPublic),
  ("kSecAttrKeyClassPrivate", kSecAttrKeyClassPrivate),
  ("kSecAttrKeyClassSymmetric", kSecAttrKeyClassSymmetric),
  ("kSecAttrKeyTypeRSA", kSecAttrKeyTypeRSA),
  ("kSecAttrKeyTypeEC", kSecAttrKeyTypeEC),
  ("kSecAttrKeyTypeECSECPrimeRandom", kSecAttrKeyTypeECSECPrimeRandom),
  ("kSecAttrTokenIDSecureEnclave", kSecAttrTokenIDSecureEnclave),
]
