import DeviceState

/// Every result code of Security's `base/SecBase.h` (the first `CF_ENUM(OSStatus)`, in its
/// order, Security-59306 as mirrored by darlinghq/darling-security `base/SecBase.h`), with the
/// trailing comment that `SecErrorMessages.strings` is generated from ("the comments that appear
/// after these errors are used to create SecErrorMessages.strings"). Since iOS 11.3 the header
/// is shared by iOS and macOS, so every code here is an iOS code. `nil` marks a code without a
/// comment: `SecCopyErrorMessageString` then returns `OSStatus <n>`.
///
/// Three codes come from newer headers and `SecBasePriv.h` instead (docs/evidence.md §1):
/// errSecAuthNeeded (-25330), errSecInternal (-26276) and errSecUpgradePending (-34019).
/// The deprecated alias errSecDskFull (= errSecDiskFull) is not a code of its own.
extension OSStatus {
  /// Whether the iOS SDK declares this code of the table: all but the three above, which come
  /// from newer headers and `SecBasePriv.h` and which the SDK does not name. The Security
  /// module declares exactly these (generated from this table: scripts/generate-apple-names).
  public var isDeclaredBySDK: Bool { !Self.undeclaredBySDK.contains(rawValue) }

  /// errSecAuthNeeded, errSecInternal and errSecUpgradePending.
  private static let undeclaredBySDK: Set<Int32> = [-25330, -26276, -34019]

  package struct Entry: Sendable {
    let status: OSStatus
    let name: String
    /// The SecBase.h comment; `nil` when the code has none.
    let comment: String?

    init(_ code: Int32, _ name: String, _ comment: String?) {
      self.status = OSStatus(rawValue: code)
      self.name = name
      self.comment = comment
    }
  }

  static let table: [Entry] = [
    Entry(0, "errSecSuccess", "No error."),
    Entry(-4, "errSecUnimplemented", "Function or operation not implemented."),
    Entry(-34, "errSecDiskFull", "The disk is full."),
    Entry(-36, "errSecIO", "I/O error."),
    Entry(-49, "errSecOpWr", "File already open with write permission."),
    Entry(-50, "errSecParam", "One or more parameters passed to a function were not valid."),
    Entry(-61, "errSecWrPerm", "Write permissions error."),
    Entry(-108, "errSecAllocate", "Failed to allocate memory."),
    Entry(-128, "errSecUserCanceled", "User canceled the operation."),
    Entry(-909, "errSecBadReq", "Bad parameter or invalid state for operation."),
    Entry(-2070, "errSecInternalComponent", nil),
    Entry(-4960, "errSecCoreFoundationUnknown", nil),
    Entry(-34018, "errSecMissingEntitlement", "A required entitlement isn't present."),
    Entry(
      -34019, "errSecUpgradePending",
      "Error returned if keychain database needs a schema migration but the device is locked, "
        + "clients should wait for a device unlock notification and retry the command."),
    Entry(
      -34020, "errSecRestrictedAPI",
      "Client is restricted and is not permitted to perform this operation."),
    Entry(
      -25291, "errSecNotAvailable",
      "No keychain is available. You may need to restart your computer."),
    Entry(-25292, "errSecReadOnly", "This keychain cannot be modified."),
    Entry(-25293, "errSecAuthFailed", "The user name or passphrase you entered is not correct."),
    Entry(-25294, "errSecNoSuchKeychain", "The specified keychain could not be found."),
    Entry(-25295, "errSecInvalidKeychain", "The specified keychain is not a valid keychain file."),
    Entry(-25296, "errSecDuplicateKeychain", "A keychain with the same name already exists."),
    Entry(
      -25297, "errSecDuplicateCallback",
      "The specified callback function is already installed."),
    Entry(-25298, "errSecInvalidCallback", "The specified callback function is not valid."),
    Entry(-25299, "errSecDuplicateItem", "The specified item already exists in the keychain."),
    Entry(-25300, "errSecItemNotFound", "The specified item could not be found in the keychain."),
    Entry(
      -25301, "errSecBufferTooSmall",
      "There is not enough memory available to use the specified item."),
    Entry(
      -25302, "errSecDataTooLarge",
      "This item contains information which is too large or in a format that cannot be displayed."),
    Entry(-25303, "errSecNoSuchAttr", "The specified attribute does not exist."),
    Entry(
      -25304, "errSecInvalidItemRef",
      "The specified item is no longer valid. It may have been deleted from the keychain."),
    Entry(-25305, "errSecInvalidSearchRef", "Unable to search the current keychain."),
    Entry(
      -25306, "errSecNoSuchClass",
      "The specified item does not appear to be a valid keychain item."),
    Entry(-25307, "errSecNoDefaultKeychain", "A default keychain could not be found."),
    Entry(-25308, "errSecInteractionNotAllowed", "User interaction is not allowed."),
    Entry(-25309, "errSecReadOnlyAttr", "The specified attribute could not be modified."),
    Entry(
      -25310, "errSecWrongSecVersion",
      "This keychain was created by a different version of the system software and cannot be "
        + "opened."),
    Entry(
      -25311, "errSecKeySizeNotAllowed",
      "This item specifies a key size which is too large or too small."),
    Entry(
      -25312, "errSecNoStorageModule",
      "A required component (data storage module) could not be loaded. You may need to restart "
        + "your computer."),
    Entry(
      -25313, "errSecNoCertificateModule",
      "A required component (certificate module) could not be loaded. You may need to restart "
        + "your computer."),
    Entry(
      -25314, "errSecNoPolicyModule",
      "A required component (policy module) could not be loaded. You may need to restart your "
        + "computer."),
    Entry(
      -25315, "errSecInteractionRequired",
      "User interaction is required, but is currently not allowed."),
    Entry(-25316, "errSecDataNotAvailable", "The contents of this item cannot be retrieved."),
    Entry(-25317, "errSecDataNotModifiable", "The contents of this item cannot be modified."),
    Entry(
      -25318, "errSecCreateChainFailed",
      "One or more certificates required to validate this certificate cannot be found."),
    Entry(-25319, "errSecInvalidPrefsDomain", "The specified preferences domain is not valid."),
    Entry(-25320, "errSecInDarkWake", "In dark wake, no UI possible"),
    Entry(
      -25330, "errSecAuthNeeded",
      "Auth is needed before the requested action can be performed.  An array of constraints to "
        + "be fulfilled is passed inside error.userInfo's 'cons' key."),
    Entry(
      -25240, "errSecACLNotSimple",
      "The specified access control list is not in standard (simple) form."),
    Entry(-25241, "errSecPolicyNotFound", "The specified policy cannot be found."),
    Entry(-25242, "errSecInvalidTrustSetting", "The specified trust setting is invalid."),
    Entry(-25243, "errSecNoAccessForItem", "The specified item has no access control."),
    Entry(-25244, "errSecInvalidOwnerEdit", "Invalid attempt to change the owner of this item."),
    Entry(-25245, "errSecTrustNotAvailable", "No trust results are available."),
    Entry(-25256, "errSecUnsupportedFormat", "Import/Export format unsupported."),
    Entry(-25257, "errSecUnknownFormat", "Unknown format in import."),
    Entry(-25258, "errSecKeyIsSensitive", "Key material must be wrapped for export."),
    Entry(-25259, "errSecMultiplePrivKeys", "An attempt was made to import multiple private keys."),
    Entry(-25260, "errSecPassphraseRequired", "Passphrase is required for import/export."),
    Entry(-25261, "errSecInvalidPasswordRef", "The password reference was invalid."),
    Entry(-25262, "errSecInvalidTrustSettings", "The Trust Settings Record was corrupted."),
    Entry(-25263, "errSecNoTrustSettings", "No Trust Settings were found."),
    Entry(
      -25264, "errSecPkcs12VerifyFailure",
      "MAC verification failed during PKCS12 import (wrong password?)"),
    Entry(-26267, "errSecNotSigner", "A certificate was not signed by its proposed parent."),
    Entry(-26275, "errSecDecode", "Unable to decode the provided data."),
    Entry(-26276, "errSecInternal", "An internal error occured in the Security framework."),
    Entry(-67585, "errSecServiceNotAvailable", "The required service is not available."),
    Entry(-67586, "errSecInsufficientClientID", "The client ID is not correct."),
    Entry(-67587, "errSecDeviceReset", "A device reset has occurred."),
    Entry(-67588, "errSecDeviceFailed", "A device failure has occurred."),
    Entry(-67589, "errSecAppleAddAppACLSubject", "Adding an application ACL subject failed."),
    Entry(-67590, "errSecApplePublicKeyIncomplete", "The public key is incomplete."),
    Entry(-67591, "errSecAppleSignatureMismatch", "A signature mismatch has occurred."),
    Entry(-67592, "errSecAppleInvalidKeyStartDate", "The specified key has an invalid start date."),
    Entry(-67593, "errSecAppleInvalidKeyEndDate", "The specified key has an invalid end date."),
    Entry(-67594, "errSecConversionError", "A conversion error has occurred."),
    Entry(-67595, "errSecAppleSSLv2Rollback", "A SSLv2 rollback error has occurred."),
    Entry(-67596, "errSecQuotaExceeded", "The quota was exceeded."),
    Entry(-67597, "errSecFileTooBig", "The file is too big."),
    Entry(-67598, "errSecInvalidDatabaseBlob", "The specified database has an invalid blob."),
    Entry(-67599, "errSecInvalidKeyBlob", "The specified database has an invalid key blob."),
    Entry(
      -67600, "errSecIncompatibleDatabaseBlob",
      "The specified database has an incompatible blob."),
    Entry(
      -67601, "errSecIncompatibleKeyBlob",
      "The specified database has an incompatible key blob."),
    Entry(-67602, "errSecHostNameMismatch", "A host name mismatch has occurred."),
    Entry(
      -67603, "errSecUnknownCriticalExtensionFlag",
      "There is an unknown critical extension flag."),
    Entry(-67604, "errSecNoBasicConstraints", "No basic constraints were found."),
    Entry(-67605, "errSecNoBasicConstraintsCA", "No basic CA constraints were found."),
    Entry(-67606, "errSecInvalidAuthorityKeyID", "The authority key ID is not valid."),
    Entry(-67607, "errSecInvalidSubjectKeyID", "The subject key ID is not valid."),
    Entry(
      -67608, "errSecInvalidKeyUsageForPolicy",
      "The key usage is not valid for the specified policy."),
    Entry(-67609, "errSecInvalidExtendedKeyUsage", "The extended key usage is not valid."),
    Entry(-67610, "errSecInvalidIDLinkage", "The ID linkage is not valid."),
    Entry(-67611, "errSecPathLengthConstraintExceeded", "The path length constraint was exceeded."),
    Entry(-67612, "errSecInvalidRoot", "The root or anchor certificate is not valid."),
    Entry(-67613, "errSecCRLExpired", "The CRL has expired."),
    Entry(-67614, "errSecCRLNotValidYet", "The CRL is not yet valid."),
    Entry(-67615, "errSecCRLNotFound", "The CRL was not found."),
    Entry(-67616, "errSecCRLServerDown", "The CRL server is down."),
    Entry(-67617, "errSecCRLBadURI", "The CRL has a bad Uniform Resource Identifier."),
    Entry(
      -67618, "errSecUnknownCertExtension",
      "An unknown certificate extension was encountered."),
    Entry(-67619, "errSecUnknownCRLExtension", "An unknown CRL extension was encountered."),
    Entry(-67620, "errSecCRLNotTrusted", "The CRL is not trusted."),
    Entry(-67621, "errSecCRLPolicyFailed", "The CRL policy failed."),
    Entry(-67622, "errSecIDPFailure", "The issuing distribution point was not valid."),
    Entry(
      -67623, "errSecSMIMEEmailAddressesNotFound",
      "An email address mismatch was encountered."),
    Entry(
      -67624, "errSecSMIMEBadExtendedKeyUsage",
      "The appropriate extended key usage for SMIME was not found."),
    Entry(-67625, "errSecSMIMEBadKeyUsage", "The key usage is not compatible with SMIME."),
    Entry(
      -67626, "errSecSMIMEKeyUsageNotCritical",
      "The key usage extension is not marked as critical."),
    Entry(-67627, "errSecSMIMENoEmailAddress", "No email address was found in the certificate."),
    Entry(
      -67628, "errSecSMIMESubjAltNameNotCritical",
      "The subject alternative name extension is not marked as critical."),
    Entry(
      -67629, "errSecSSLBadExtendedKeyUsage",
      "The appropriate extended key usage for SSL was not found."),
    Entry(
      -67630, "errSecOCSPBadResponse",
      "The OCSP response was incorrect or could not be parsed."),
    Entry(-67631, "errSecOCSPBadRequest", "The OCSP request was incorrect or could not be parsed."),
    Entry(-67632, "errSecOCSPUnavailable", "OCSP service is unavailable."),
    Entry(
      -67633, "errSecOCSPStatusUnrecognized",
      "The OCSP server did not recognize this certificate."),
    Entry(-67634, "errSecEndOfData", "An end-of-data was detected."),
    Entry(
      -67635, "errSecIncompleteCertRevocationCheck",
      "An incomplete certificate revocation check occurred."),
    Entry(-67636, "errSecNetworkFailure", "A network failure occurred."),
    Entry(
      -67637, "errSecOCSPNotTrustedToAnchor",
      "The OCSP response was not trusted to a root or anchor certificate."),
    Entry(-67638, "errSecRecordModified", "The record was modified."),
    Entry(-67639, "errSecOCSPSignatureError", "The OCSP response had an invalid signature."),
    Entry(-67640, "errSecOCSPNoSigner", "The OCSP response had no signer."),
    Entry(
      -67641, "errSecOCSPResponderMalformedReq",
      "The OCSP responder was given a malformed request."),
    Entry(
      -67642, "errSecOCSPResponderInternalError",
      "The OCSP responder encountered an internal error."),
    Entry(-67643, "errSecOCSPResponderTryLater", "The OCSP responder is busy, try again later."),
    Entry(
      -67644, "errSecOCSPResponderSignatureRequired",
      "The OCSP responder requires a signature."),
    Entry(
      -67645, "errSecOCSPResponderUnauthorized",
      "The OCSP responder rejected this request as unauthorized."),
    Entry(
      -67646, "errSecOCSPResponseNonceMismatch",
      "The OCSP response nonce did not match the request."),
    Entry(
      -67647, "errSecCodeSigningBadCertChainLength",
      "Code signing encountered an incorrect certificate chain length."),
    Entry(
      -67648, "errSecCodeSigningNoBasicConstraints",
      "Code signing found no basic constraints."),
    Entry(
      -67649, "errSecCodeSigningBadPathLengthConstraint",
      "Code signing encountered an incorrect path length constraint."),
    Entry(
      -67650, "errSecCodeSigningNoExtendedKeyUsage",
      "Code signing found no extended key usage."),
    Entry(
      -67651, "errSecCodeSigningDevelopment",
      "Code signing indicated use of a development-only certificate."),
    Entry(
      -67652, "errSecResourceSignBadCertChainLength",
      "Resource signing has encountered an incorrect certificate chain length."),
    Entry(
      -67653, "errSecResourceSignBadExtKeyUsage",
      "Resource signing has encountered an error in the extended key usage."),
    Entry(-67654, "errSecTrustSettingDeny", "The trust setting for this policy was set to Deny."),
    Entry(
      -67655, "errSecInvalidSubjectName",
      "An invalid certificate subject name was encountered."),
    Entry(
      -67656, "errSecUnknownQualifiedCertStatement",
      "An unknown qualified certificate statement was encountered."),
    Entry(-67657, "errSecMobileMeRequestQueued", nil),
    Entry(-67658, "errSecMobileMeRequestRedirected", nil),
    Entry(-67659, "errSecMobileMeServerError", nil),
    Entry(-67660, "errSecMobileMeServerNotAvailable", nil),
    Entry(-67661, "errSecMobileMeServerAlreadyExists", nil),
    Entry(-67662, "errSecMobileMeServerServiceErr", nil),
    Entry(-67663, "errSecMobileMeRequestAlreadyPending", nil),
    Entry(-67664, "errSecMobileMeNoRequestPending", nil),
    Entry(-67665, "errSecMobileMeCSRVerifyFailure", nil),
    Entry(-67666, "errSecMobileMeFailedConsistencyCheck", nil),
    Entry(-67667, "errSecNotInitialized", "A function was called without initializing CSSM."),
    Entry(
      -67668, "errSecInvalidHandleUsage",
      "The CSSM handle does not match with the service type."),
    Entry(
      -67669, "errSecPVCReferentNotFound",
      "A reference to the calling module was not found in the list of authorized callers."),
    Entry(
      -67670, "errSecFunctionIntegrityFail",
      "A function address was not within the verified module."),
    Entry(-67671, "errSecInternalError", "An internal error has occurred."),
    Entry(-67672, "errSecMemoryError", "A memory error has occurred."),
    Entry(-67673, "errSecInvalidData", "Invalid data was encountered."),
    Entry(-67674, "errSecMDSError", "A Module Directory Service error has occurred."),
    Entry(-67675, "errSecInvalidPointer", "An invalid pointer was encountered."),
    Entry(-67676, "errSecSelfCheckFailed", "Self-check has failed."),
    Entry(-67677, "errSecFunctionFailed", "A function has failed."),
    Entry(
      -67678, "errSecModuleManifestVerifyFailed",
      "A module manifest verification failure has occurred."),
    Entry(-67679, "errSecInvalidGUID", "An invalid GUID was encountered."),
    Entry(-67680, "errSecInvalidHandle", "An invalid handle was encountered."),
    Entry(-67681, "errSecInvalidDBList", "An invalid DB list was encountered."),
    Entry(-67682, "errSecInvalidPassthroughID", "An invalid passthrough ID was encountered."),
    Entry(-67683, "errSecInvalidNetworkAddress", "An invalid network address was encountered."),
    Entry(-67684, "errSecCRLAlreadySigned", "The certificate revocation list is already signed."),
    Entry(-67685, "errSecInvalidNumberOfFields", "An invalid number of fields were encountered."),
    Entry(-67686, "errSecVerificationFailure", "A verification failure occurred."),
    Entry(-67687, "errSecUnknownTag", "An unknown tag was encountered."),
    Entry(-67688, "errSecInvalidSignature", "An invalid signature was encountered."),
    Entry(-67689, "errSecInvalidName", "An invalid name was encountered."),
    Entry(
      -67690, "errSecInvalidCertificateRef",
      "An invalid certificate reference was encountered."),
    Entry(-67691, "errSecInvalidCertificateGroup", "An invalid certificate group was encountered."),
    Entry(-67692, "errSecTagNotFound", "The specified tag was not found."),
    Entry(-67693, "errSecInvalidQuery", "The specified query was not valid."),
    Entry(-67694, "errSecInvalidValue", "An invalid value was detected."),
    Entry(-67695, "errSecCallbackFailed", "A callback has failed."),
    Entry(-67696, "errSecACLDeleteFailed", "An ACL delete operation has failed."),
    Entry(-67697, "errSecACLReplaceFailed", "An ACL replace operation has failed."),
    Entry(-67698, "errSecACLAddFailed", "An ACL add operation has failed."),
    Entry(-67699, "errSecACLChangeFailed", "An ACL change operation has failed."),
    Entry(-67700, "errSecInvalidAccessCredentials", "Invalid access credentials were encountered."),
    Entry(-67701, "errSecInvalidRecord", "An invalid record was encountered."),
    Entry(-67702, "errSecInvalidACL", "An invalid ACL was encountered."),
    Entry(-67703, "errSecInvalidSampleValue", "An invalid sample value was encountered."),
    Entry(-67704, "errSecIncompatibleVersion", "An incompatible version was encountered."),
    Entry(-67705, "errSecPrivilegeNotGranted", "The privilege was not granted."),
    Entry(-67706, "errSecInvalidScope", "An invalid scope was encountered."),
    Entry(-67707, "errSecPVCAlreadyConfigured", "The PVC is already configured."),
    Entry(-67708, "errSecInvalidPVC", "An invalid PVC was encountered."),
    Entry(-67709, "errSecEMMLoadFailed", "The EMM load has failed."),
    Entry(-67710, "errSecEMMUnloadFailed", "The EMM unload has failed."),
    Entry(-67711, "errSecAddinLoadFailed", "The add-in load operation has failed."),
    Entry(-67712, "errSecInvalidKeyRef", "An invalid key was encountered."),
    Entry(-67713, "errSecInvalidKeyHierarchy", "An invalid key hierarchy was encountered."),
    Entry(-67714, "errSecAddinUnloadFailed", "The add-in unload operation has failed."),
    Entry(-67715, "errSecLibraryReferenceNotFound", "A library reference was not found."),
    Entry(
      -67716, "errSecInvalidAddinFunctionTable",
      "An invalid add-in function table was encountered."),
    Entry(-67717, "errSecInvalidServiceMask", "An invalid service mask was encountered."),
    Entry(-67718, "errSecModuleNotLoaded", "A module was not loaded."),
    Entry(-67719, "errSecInvalidSubServiceID", "An invalid subservice ID was encountered."),
    Entry(-67720, "errSecAttributeNotInContext", "An attribute was not in the context."),
    Entry(-67721, "errSecModuleManagerInitializeFailed", "A module failed to initialize."),
    Entry(-67722, "errSecModuleManagerNotFound", "A module was not found."),
    Entry(
      -67723, "errSecEventNotificationCallbackNotFound",
      "An event notification callback was not found."),
    Entry(-67724, "errSecInputLengthError", "An input length error was encountered."),
    Entry(-67725, "errSecOutputLengthError", "An output length error was encountered."),
    Entry(-67726, "errSecPrivilegeNotSupported", "The privilege is not supported."),
    Entry(-67727, "errSecDeviceError", "A device error was encountered."),
    Entry(-67728, "errSecAttachHandleBusy", "The CSP handle was busy."),
    Entry(-67729, "errSecNotLoggedIn", "You are not logged in."),
    Entry(-67730, "errSecAlgorithmMismatch", "An algorithm mismatch was encountered."),
    Entry(-67731, "errSecKeyUsageIncorrect", "The key usage is incorrect."),
    Entry(-67732, "errSecKeyBlobTypeIncorrect", "The key blob type is incorrect."),
    Entry(-67733, "errSecKeyHeaderInconsistent", "The key header is inconsistent."),
    Entry(-67734, "errSecUnsupportedKeyFormat", "The key header format is not supported."),
    Entry(-67735, "errSecUnsupportedKeySize", "The key size is not supported."),
    Entry(-67736, "errSecInvalidKeyUsageMask", "The key usage mask is not valid."),
    Entry(-67737, "errSecUnsupportedKeyUsageMask", "The key usage mask is not supported."),
    Entry(-67738, "errSecInvalidKeyAttributeMask", "The key attribute mask is not valid."),
    Entry(-67739, "errSecUnsupportedKeyAttributeMask", "The key attribute mask is not supported."),
    Entry(-67740, "errSecInvalidKeyLabel", "The key label is not valid."),
    Entry(-67741, "errSecUnsupportedKeyLabel", "The key label is not supported."),
    Entry(-67742, "errSecInvalidKeyFormat", "The key format is not valid."),
    Entry(-67743, "errSecUnsupportedVectorOfBuffers", "The vector of buffers is not supported."),
    Entry(-67744, "errSecInvalidInputVector", "The input vector is not valid."),
    Entry(-67745, "errSecInvalidOutputVector", "The output vector is not valid."),
    Entry(-67746, "errSecInvalidContext", "An invalid context was encountered."),
    Entry(-67747, "errSecInvalidAlgorithm", "An invalid algorithm was encountered."),
    Entry(-67748, "errSecInvalidAttributeKey", "A key attribute was not valid."),
    Entry(-67749, "errSecMissingAttributeKey", "A key attribute was missing."),
    Entry(-67750, "errSecInvalidAttributeInitVector", "An init vector attribute was not valid."),
    Entry(-67751, "errSecMissingAttributeInitVector", "An init vector attribute was missing."),
    Entry(-67752, "errSecInvalidAttributeSalt", "A salt attribute was not valid."),
    Entry(-67753, "errSecMissingAttributeSalt", "A salt attribute was missing."),
    Entry(-67754, "errSecInvalidAttributePadding", "A padding attribute was not valid."),
    Entry(-67755, "errSecMissingAttributePadding", "A padding attribute was missing."),
    Entry(-67756, "errSecInvalidAttributeRandom", "A random number attribute was not valid."),
    Entry(-67757, "errSecMissingAttributeRandom", "A random number attribute was missing."),
    Entry(-67758, "errSecInvalidAttributeSeed", "A seed attribute was not valid."),
    Entry(-67759, "errSecMissingAttributeSeed", "A seed attribute was missing."),
    Entry(-67760, "errSecInvalidAttributePassphrase", "A passphrase attribute was not valid."),
    Entry(-67761, "errSecMissingAttributePassphrase", "A passphrase attribute was missing."),
    Entry(-67762, "errSecInvalidAttributeKeyLength", "A key length attribute was not valid."),
    Entry(-67763, "errSecMissingAttributeKeyLength", "A key length attribute was missing."),
    Entry(-67764, "errSecInvalidAttributeBlockSize", "A block size attribute was not valid."),
    Entry(-67765, "errSecMissingAttributeBlockSize", "A block size attribute was missing."),
    Entry(-67766, "errSecInvalidAttributeOutputSize", "An output size attribute was not valid."),
    Entry(-67767, "errSecMissingAttributeOutputSize", "An output size attribute was missing."),
    Entry(-67768, "errSecInvalidAttributeRounds", "The number of rounds attribute was not valid."),
    Entry(-67769, "errSecMissingAttributeRounds", "The number of rounds attribute was missing."),
    Entry(
      -67770, "errSecInvalidAlgorithmParms",
      "An algorithm parameters attribute was not valid."),
    Entry(-67771, "errSecMissingAlgorithmParms", "An algorithm parameters attribute was missing."),
    Entry(-67772, "errSecInvalidAttributeLabel", "A label attribute was not valid."),
    Entry(-67773, "errSecMissingAttributeLabel", "A label attribute was missing."),
    Entry(-67774, "errSecInvalidAttributeKeyType", "A key type attribute was not valid."),
    Entry(-67775, "errSecMissingAttributeKeyType", "A key type attribute was missing."),
    Entry(-67776, "errSecInvalidAttributeMode", "A mode attribute was not valid."),
    Entry(-67777, "errSecMissingAttributeMode", "A mode attribute was missing."),
    Entry(
      -67778, "errSecInvalidAttributeEffectiveBits",
      "An effective bits attribute was not valid."),
    Entry(
      -67779, "errSecMissingAttributeEffectiveBits",
      "An effective bits attribute was missing."),
    Entry(-67780, "errSecInvalidAttributeStartDate", "A start date attribute was not valid."),
    Entry(-67781, "errSecMissingAttributeStartDate", "A start date attribute was missing."),
    Entry(-67782, "errSecInvalidAttributeEndDate", "An end date attribute was not valid."),
    Entry(-67783, "errSecMissingAttributeEndDate", "An end date attribute was missing."),
    Entry(-67784, "errSecInvalidAttributeVersion", "A version attribute was not valid."),
    Entry(-67785, "errSecMissingAttributeVersion", "A version attribute was missing."),
    Entry(-67786, "errSecInvalidAttributePrime", "A prime attribute was not valid."),
    Entry(-67787, "errSecMissingAttributePrime", "A prime attribute was missing."),
    Entry(-67788, "errSecInvalidAttributeBase", "A base attribute was not valid."),
    Entry(-67789, "errSecMissingAttributeBase", "A base attribute was missing."),
    Entry(-67790, "errSecInvalidAttributeSubprime", "A subprime attribute was not valid."),
    Entry(-67791, "errSecMissingAttributeSubprime", "A subprime attribute was missing."),
    Entry(
      -67792, "errSecInvalidAttributeIterationCount",
      "An iteration count attribute was not valid."),
    Entry(
      -67793, "errSecMissingAttributeIterationCount",
      "An iteration count attribute was missing."),
    Entry(-67794, "errSecInvalidAttributeDLDBHandle", "A database handle attribute was not valid."),
    Entry(-67795, "errSecMissingAttributeDLDBHandle", "A database handle attribute was missing."),
    Entry(
      -67796, "errSecInvalidAttributeAccessCredentials",
      "An access credentials attribute was not valid."),
    Entry(
      -67797, "errSecMissingAttributeAccessCredentials",
      "An access credentials attribute was missing."),
    Entry(
      -67798, "errSecInvalidAttributePublicKeyFormat",
      "A public key format attribute was not valid."),
    Entry(
      -67799, "errSecMissingAttributePublicKeyFormat",
      "A public key format attribute was missing."),
    Entry(
      -67800, "errSecInvalidAttributePrivateKeyFormat",
      "A private key format attribute was not valid."),
    Entry(
      -67801, "errSecMissingAttributePrivateKeyFormat",
      "A private key format attribute was missing."),
    Entry(
      -67802, "errSecInvalidAttributeSymmetricKeyFormat",
      "A symmetric key format attribute was not valid."),
    Entry(
      -67803, "errSecMissingAttributeSymmetricKeyFormat",
      "A symmetric key format attribute was missing."),
    Entry(
      -67804, "errSecInvalidAttributeWrappedKeyFormat",
      "A wrapped key format attribute was not valid."),
    Entry(
      -67805, "errSecMissingAttributeWrappedKeyFormat",
      "A wrapped key format attribute was missing."),
    Entry(-67806, "errSecStagedOperationInProgress", "A staged operation is in progress."),
    Entry(-67807, "errSecStagedOperationNotStarted", "A staged operation was not started."),
    Entry(-67808, "errSecVerifyFailed", "A cryptographic verification failure has occurred."),
    Entry(-67809, "errSecQuerySizeUnknown", "The query size is unknown."),
    Entry(-67810, "errSecBlockSizeMismatch", "A block size mismatch occurred."),
    Entry(-67811, "errSecPublicKeyInconsistent", "The public key was inconsistent."),
    Entry(-67812, "errSecDeviceVerifyFailed", "A device verification failure has occurred."),
    Entry(-67813, "errSecInvalidLoginName", "An invalid login name was detected."),
    Entry(-67814, "errSecAlreadyLoggedIn", "The user is already logged in."),
    Entry(-67815, "errSecInvalidDigestAlgorithm", "An invalid digest algorithm was detected."),
    Entry(-67816, "errSecInvalidCRLGroup", "An invalid CRL group was detected."),
    Entry(-67817, "errSecCertificateCannotOperate", "The certificate cannot operate."),
    Entry(-67818, "errSecCertificateExpired", "An expired certificate was detected."),
    Entry(-67819, "errSecCertificateNotValidYet", "The certificate is not yet valid."),
    Entry(-67820, "errSecCertificateRevoked", "The certificate was revoked."),
    Entry(-67821, "errSecCertificateSuspended", "The certificate was suspended."),
    Entry(-67822, "errSecInsufficientCredentials", "Insufficient credentials were detected."),
    Entry(-67823, "errSecInvalidAction", "The action was not valid."),
    Entry(-67824, "errSecInvalidAuthority", "The authority was not valid."),
    Entry(-67825, "errSecVerifyActionFailed", "A verify action has failed."),
    Entry(-67826, "errSecInvalidCertAuthority", "The certificate authority was not valid."),
    Entry(-67827, "errSecInvaldCRLAuthority", "The CRL authority was not valid."),
    Entry(-67828, "errSecInvalidCRLEncoding", "The CRL encoding was not valid."),
    Entry(-67829, "errSecInvalidCRLType", "The CRL type was not valid."),
    Entry(-67830, "errSecInvalidCRL", "The CRL was not valid."),
    Entry(-67831, "errSecInvalidFormType", "The form type was not valid."),
    Entry(-67832, "errSecInvalidID", "The ID was not valid."),
    Entry(-67833, "errSecInvalidIdentifier", "The identifier was not valid."),
    Entry(-67834, "errSecInvalidIndex", "The index was not valid."),
    Entry(-67835, "errSecInvalidPolicyIdentifiers", "The policy identifiers are not valid."),
    Entry(-67836, "errSecInvalidTimeString", "The time specified was not valid."),
    Entry(-67837, "errSecInvalidReason", "The trust policy reason was not valid."),
    Entry(-67838, "errSecInvalidRequestInputs", "The request inputs are not valid."),
    Entry(-67839, "errSecInvalidResponseVector", "The response vector was not valid."),
    Entry(-67840, "errSecInvalidStopOnPolicy", "The stop-on policy was not valid."),
    Entry(-67841, "errSecInvalidTuple", "The tuple was not valid."),
    Entry(-67842, "errSecMultipleValuesUnsupported", "Multiple values are not supported."),
    Entry(-67843, "errSecNotTrusted", "The certificate was not trusted."),
    Entry(-67844, "errSecNoDefaultAuthority", "No default authority was detected."),
    Entry(-67845, "errSecRejectedForm", "The trust policy had a rejected form."),
    Entry(-67846, "errSecRequestLost", "The request was lost."),
    Entry(-67847, "errSecRequestRejected", "The request was rejected."),
    Entry(-67848, "errSecUnsupportedAddressType", "The address type is not supported."),
    Entry(-67849, "errSecUnsupportedService", "The service is not supported."),
    Entry(-67850, "errSecInvalidTupleGroup", "The tuple group was not valid."),
    Entry(-67851, "errSecInvalidBaseACLs", "The base ACLs are not valid."),
    Entry(-67852, "errSecInvalidTupleCredendtials", "The tuple credentials are not valid."),
    Entry(-67853, "errSecInvalidEncoding", "The encoding was not valid."),
    Entry(-67854, "errSecInvalidValidityPeriod", "The validity period was not valid."),
    Entry(-67855, "errSecInvalidRequestor", "The requestor was not valid."),
    Entry(-67856, "errSecRequestDescriptor", "The request descriptor was not valid."),
    Entry(-67857, "errSecInvalidBundleInfo", "The bundle information was not valid."),
    Entry(-67858, "errSecInvalidCRLIndex", "The CRL index was not valid."),
    Entry(-67859, "errSecNoFieldValues", "No field values were detected."),
    Entry(-67860, "errSecUnsupportedFieldFormat", "The field format is not supported."),
    Entry(-67861, "errSecUnsupportedIndexInfo", "The index information is not supported."),
    Entry(-67862, "errSecUnsupportedLocality", "The locality is not supported."),
    Entry(-67863, "errSecUnsupportedNumAttributes", "The number of attributes is not supported."),
    Entry(-67864, "errSecUnsupportedNumIndexes", "The number of indexes is not supported."),
    Entry(
      -67865, "errSecUnsupportedNumRecordTypes",
      "The number of record types is not supported."),
    Entry(-67866, "errSecFieldSpecifiedMultiple", "Too many fields were specified."),
    Entry(-67867, "errSecIncompatibleFieldFormat", "The field format was incompatible."),
    Entry(-67868, "errSecInvalidParsingModule", "The parsing module was not valid."),
    Entry(-67869, "errSecDatabaseLocked", "The database is locked."),
    Entry(-67870, "errSecDatastoreIsOpen", "The data store is open."),
    Entry(-67871, "errSecMissingValue", "A missing value was detected."),
    Entry(-67872, "errSecUnsupportedQueryLimits", "The query limits are not supported."),
    Entry(
      -67873, "errSecUnsupportedNumSelectionPreds",
      "The number of selection predicates is not supported."),
    Entry(-67874, "errSecUnsupportedOperator", "The operator is not supported."),
    Entry(-67875, "errSecInvalidDBLocation", "The database location is not valid."),
    Entry(-67876, "errSecInvalidAccessRequest", "The access request is not valid."),
    Entry(-67877, "errSecInvalidIndexInfo", "The index information is not valid."),
    Entry(-67878, "errSecInvalidNewOwner", "The new owner is not valid."),
    Entry(-67879, "errSecInvalidModifyMode", "The modify mode is not valid."),
    Entry(-67880, "errSecMissingRequiredExtension", "A required certificate extension is missing."),
    Entry(
      -67881, "errSecExtendedKeyUsageNotCritical",
      "The extended key usage extension was not marked critical."),
    Entry(-67882, "errSecTimestampMissing", "A timestamp was expected but was not found."),
    Entry(-67883, "errSecTimestampInvalid", "The timestamp was not valid."),
    Entry(-67884, "errSecTimestampNotTrusted", "The timestamp was not trusted."),
    Entry(-67885, "errSecTimestampServiceNotAvailable", "The timestamp service is not available."),
    Entry(
      -67886, "errSecTimestampBadAlg",
      "An unrecognized or unsupported Algorithm Identifier in timestamp."),
    Entry(
      -67887, "errSecTimestampBadRequest",
      "The timestamp transaction is not permitted or supported."),
    Entry(
      -67888, "errSecTimestampBadDataFormat",
      "The timestamp data submitted has the wrong format."),
    Entry(
      -67889, "errSecTimestampTimeNotAvailable",
      "The time source for the Timestamp Authority is not available."),
    Entry(
      -67890, "errSecTimestampUnacceptedPolicy",
      "The requested policy is not supported by the Timestamp Authority."),
    Entry(
      -67891, "errSecTimestampUnacceptedExtension",
      "The requested extension is not supported by the Timestamp Authority."),
    Entry(
      -67892, "errSecTimestampAddInfoNotAvailable",
      "The additional information requested is not available."),
    Entry(
      -67893, "errSecTimestampSystemFailure",
      "The timestamp request cannot be handled due to system failure."),
    Entry(-67894, "errSecSigningTimeMissing", "A signing time was expected but was not found."),
    Entry(-67895, "errSecTimestampRejection", "A timestamp transaction was rejected."),
    Entry(-67896, "errSecTimestampWaiting", "A timestamp transaction is waiting."),
    Entry(
      -67897, "errSecTimestampRevocationWarning",
      "A timestamp authority revocation warning was issued."),
    Entry(
      -67898, "errSecTimestampRevocationNotification",
      "A timestamp authority revocation notification was issued."),
    Entry(
      -67899, "errSecCertificatePolicyNotAllowed",
      "The requested policy is not allowed for this certificate."),
    Entry(
      -67900, "errSecCertificateNameNotAllowed",
      "The requested name is not allowed for this certificate."),
    Entry(
      -67901, "errSecCertificateValidityPeriodTooLong",
      "The validity period in the certificate exceeds the maximum allowed."),
    Entry(
      -67902, "errSecCertificateIsCA",
      "The verified certificate is a CA rather than an end-entity"),
  ]
}
