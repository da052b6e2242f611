// swift-format-ignore-file
// GENERATED FILE, DO NOT EDIT: made by scripts/generate-apple-names from
// the engine's SecKey algorithm catalog (`KeyAlgorithm.all`). Change the table, then
// regenerate with `bash scripts/generate-apple-names.sh`; GeneratedSourcesTests fails
// when this file differs from what the generator writes.

// Every SecKeyAlgorithm the simulator implements, with the raw strings Security defines
// in SecKeyAdaptors.m, as static members and as the kSecKeyAlgorithm globals.
// `nonisolated(unsafe)` on the globals: immutable values holding an NSString, which is
// not declared Sendable on Linux.

extension SecKeyAlgorithm {
  public static let rsaSignatureRaw = SecKeyAlgorithm(constant: "algid:sign:RSA:raw")
  public static let rsaSignatureDigestPKCS1v15Raw = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PKCS1v15")
  public static let ecdsaSignatureDigestX962 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-X962")
  public static let ecdsaSignatureDigestRFC4754 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-RFC4754")
  public static let rsaSignatureDigestPKCS1v15SHA1 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PKCS1v15:SHA1")
  public static let rsaSignatureMessagePKCS1v15SHA1 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PKCS1v15:SHA1")
  public static let rsaSignatureDigestPSSSHA1 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PSS:SHA1:SHA1:20")
  public static let rsaSignatureMessagePSSSHA1 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PSS:SHA1:SHA1:20")
  public static let ecdsaSignatureDigestX962SHA1 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-X962:SHA1")
  public static let ecdsaSignatureMessageX962SHA1 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-X962:SHA1")
  public static let ecdsaSignatureDigestRFC4754SHA1 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-RFC4754:SHA1")
  public static let ecdsaSignatureMessageRFC4754SHA1 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-RFC4754:SHA1")
  public static let rsaSignatureDigestPKCS1v15SHA224 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PKCS1v15:SHA224")
  public static let rsaSignatureMessagePKCS1v15SHA224 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PKCS1v15:SHA224")
  public static let rsaSignatureDigestPSSSHA224 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PSS:SHA224:SHA224:28")
  public static let rsaSignatureMessagePSSSHA224 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PSS:SHA224:SHA224:28")
  public static let ecdsaSignatureDigestX962SHA224 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-X962:SHA224")
  public static let ecdsaSignatureMessageX962SHA224 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-X962:SHA224")
  public static let ecdsaSignatureDigestRFC4754SHA224 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-RFC4754:SHA224")
  public static let ecdsaSignatureMessageRFC4754SHA224 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-RFC4754:SHA224")
  public static let rsaSignatureDigestPKCS1v15SHA256 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PKCS1v15:SHA256")
  public static let rsaSignatureMessagePKCS1v15SHA256 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PKCS1v15:SHA256")
  public static let rsaSignatureDigestPSSSHA256 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PSS:SHA256:SHA256:32")
  public static let rsaSignatureMessagePSSSHA256 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PSS:SHA256:SHA256:32")
  public static let ecdsaSignatureDigestX962SHA256 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-X962:SHA256")
  public static let ecdsaSignatureMessageX962SHA256 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-X962:SHA256")
  public static let ecdsaSignatureDigestRFC4754SHA256 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-RFC4754:SHA256")
  public static let ecdsaSignatureMessageRFC4754SHA256 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-RFC4754:SHA256")
  public static let rsaSignatureDigestPKCS1v15SHA384 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PKCS1v15:SHA384")
  public static let rsaSignatureMessagePKCS1v15SHA384 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PKCS1v15:SHA384")
  public static let rsaSignatureDigestPSSSHA384 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PSS:SHA384:SHA384:48")
  public static let rsaSignatureMessagePSSSHA384 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PSS:SHA384:SHA384:48")
  public static let ecdsaSignatureDigestX962SHA384 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-X962:SHA384")
  public static let ecdsaSignatureMessageX962SHA384 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-X962:SHA384")
  public static let ecdsaSignatureDigestRFC4754SHA384 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-RFC4754:SHA384")
  public static let ecdsaSignatureMessageRFC4754SHA384 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-RFC4754:SHA384")
  public static let rsaSignatureDigestPKCS1v15SHA512 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PKCS1v15:SHA512")
  public static let rsaSignatureMessagePKCS1v15SHA512 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PKCS1v15:SHA512")
  public static let rsaSignatureDigestPSSSHA512 = SecKeyAlgorithm(constant: "algid:sign:RSA:digest-PSS:SHA512:SHA512:64")
  public static let rsaSignatureMessagePSSSHA512 = SecKeyAlgorithm(constant: "algid:sign:RSA:message-PSS:SHA512:SHA512:64")
  public static let ecdsaSignatureDigestX962SHA512 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-X962:SHA512")
  public static let ecdsaSignatureMessageX962SHA512 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-X962:SHA512")
  public static let ecdsaSignatureDigestRFC4754SHA512 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:digest-RFC4754:SHA512")
  public static let ecdsaSignatureMessageRFC4754SHA512 = SecKeyAlgorithm(constant: "algid:sign:ECDSA:message-RFC4754:SHA512")
  public static let rsaEncryptionRaw = SecKeyAlgorithm(constant: "algid:encrypt:RSA:raw")
  public static let rsaEncryptionPKCS1 = SecKeyAlgorithm(constant: "algid:encrypt:RSA:PKCS1")
  public static let rsaEncryptionOAEPSHA1 = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA1")
  public static let rsaEncryptionOAEPSHA1AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA1:AESGCM")
  public static let eciesEncryptionStandardX963SHA1AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA1:AESGCM")
  public static let eciesEncryptionCofactorX963SHA1AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA1:AESGCM")
  public static let rsaEncryptionOAEPSHA224 = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA224")
  public static let rsaEncryptionOAEPSHA224AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA224:AESGCM")
  public static let eciesEncryptionStandardX963SHA224AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA224:AESGCM")
  public static let eciesEncryptionStandardVariableIVX963SHA224AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA224:AESGCM-KDFIV")
  public static let eciesEncryptionCofactorX963SHA224AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA224:AESGCM")
  public static let eciesEncryptionCofactorVariableIVX963SHA224AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA224:AESGCM-KDFIV")
  public static let rsaEncryptionOAEPSHA256 = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA256")
  public static let rsaEncryptionOAEPSHA256AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA256:AESGCM")
  public static let eciesEncryptionStandardX963SHA256AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA256:AESGCM")
  public static let eciesEncryptionStandardVariableIVX963SHA256AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA256:AESGCM-KDFIV")
  public static let eciesEncryptionCofactorX963SHA256AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA256:AESGCM")
  public static let eciesEncryptionCofactorVariableIVX963SHA256AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA256:AESGCM-KDFIV")
  public static let rsaEncryptionOAEPSHA384 = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA384")
  public static let rsaEncryptionOAEPSHA384AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA384:AESGCM")
  public static let eciesEncryptionStandardX963SHA384AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA384:AESGCM")
  public static let eciesEncryptionStandardVariableIVX963SHA384AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA384:AESGCM-KDFIV")
  public static let eciesEncryptionCofactorX963SHA384AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA384:AESGCM")
  public static let eciesEncryptionCofactorVariableIVX963SHA384AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA384:AESGCM-KDFIV")
  public static let rsaEncryptionOAEPSHA512 = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA512")
  public static let rsaEncryptionOAEPSHA512AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:RSA:OAEP:SHA512:AESGCM")
  public static let eciesEncryptionStandardX963SHA512AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA512:AESGCM")
  public static let eciesEncryptionStandardVariableIVX963SHA512AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDH:KDFX963:SHA512:AESGCM-KDFIV")
  public static let eciesEncryptionCofactorX963SHA512AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA512:AESGCM")
  public static let eciesEncryptionCofactorVariableIVX963SHA512AESGCM = SecKeyAlgorithm(constant: "algid:encrypt:ECIES:ECDHC:KDFX963:SHA512:AESGCM-KDFIV")
  public static let ecdhKeyExchangeStandard = SecKeyAlgorithm(constant: "algid:keyexchange:ECDH")
  public static let ecdhKeyExchangeStandardX963SHA1 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDH:KDFX963:SHA1")
  public static let ecdhKeyExchangeStandardX963SHA224 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDH:KDFX963:SHA224")
  public static let ecdhKeyExchangeStandardX963SHA256 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDH:KDFX963:SHA256")
  public static let ecdhKeyExchangeStandardX963SHA384 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDH:KDFX963:SHA384")
  public static let ecdhKeyExchangeStandardX963SHA512 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDH:KDFX963:SHA512")
  public static let ecdhKeyExchangeCofactor = SecKeyAlgorithm(constant: "algid:keyexchange:ECDHC")
  public static let ecdhKeyExchangeCofactorX963SHA1 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDHC:KDFX963:SHA1")
  public static let ecdhKeyExchangeCofactorX963SHA224 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDHC:KDFX963:SHA224")
  public static let ecdhKeyExchangeCofactorX963SHA256 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDHC:KDFX963:SHA256")
  public static let ecdhKeyExchangeCofactorX963SHA384 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDHC:KDFX963:SHA384")
  public static let ecdhKeyExchangeCofactorX963SHA512 = SecKeyAlgorithm(constant: "algid:keyexchange:ECDHC:KDFX963:SHA512")
}

nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureRaw: SecKeyAlgorithm = .rsaSignatureRaw
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPKCS1v15Raw: SecKeyAlgorithm = .rsaSignatureDigestPKCS1v15Raw
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestX962: SecKeyAlgorithm = .ecdsaSignatureDigestX962
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestRFC4754: SecKeyAlgorithm = .ecdsaSignatureDigestRFC4754
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPKCS1v15SHA1: SecKeyAlgorithm = .rsaSignatureDigestPKCS1v15SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePKCS1v15SHA1: SecKeyAlgorithm = .rsaSignatureMessagePKCS1v15SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPSSSHA1: SecKeyAlgorithm = .rsaSignatureDigestPSSSHA1
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePSSSHA1: SecKeyAlgorithm = .rsaSignatureMessagePSSSHA1
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestX962SHA1: SecKeyAlgorithm = .ecdsaSignatureDigestX962SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageX962SHA1: SecKeyAlgorithm = .ecdsaSignatureMessageX962SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestRFC4754SHA1: SecKeyAlgorithm = .ecdsaSignatureDigestRFC4754SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageRFC4754SHA1: SecKeyAlgorithm = .ecdsaSignatureMessageRFC4754SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPKCS1v15SHA224: SecKeyAlgorithm = .rsaSignatureDigestPKCS1v15SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePKCS1v15SHA224: SecKeyAlgorithm = .rsaSignatureMessagePKCS1v15SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPSSSHA224: SecKeyAlgorithm = .rsaSignatureDigestPSSSHA224
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePSSSHA224: SecKeyAlgorithm = .rsaSignatureMessagePSSSHA224
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestX962SHA224: SecKeyAlgorithm = .ecdsaSignatureDigestX962SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageX962SHA224: SecKeyAlgorithm = .ecdsaSignatureMessageX962SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestRFC4754SHA224: SecKeyAlgorithm = .ecdsaSignatureDigestRFC4754SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageRFC4754SHA224: SecKeyAlgorithm = .ecdsaSignatureMessageRFC4754SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPKCS1v15SHA256: SecKeyAlgorithm = .rsaSignatureDigestPKCS1v15SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePKCS1v15SHA256: SecKeyAlgorithm = .rsaSignatureMessagePKCS1v15SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPSSSHA256: SecKeyAlgorithm = .rsaSignatureDigestPSSSHA256
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePSSSHA256: SecKeyAlgorithm = .rsaSignatureMessagePSSSHA256
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestX962SHA256: SecKeyAlgorithm = .ecdsaSignatureDigestX962SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageX962SHA256: SecKeyAlgorithm = .ecdsaSignatureMessageX962SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestRFC4754SHA256: SecKeyAlgorithm = .ecdsaSignatureDigestRFC4754SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageRFC4754SHA256: SecKeyAlgorithm = .ecdsaSignatureMessageRFC4754SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPKCS1v15SHA384: SecKeyAlgorithm = .rsaSignatureDigestPKCS1v15SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePKCS1v15SHA384: SecKeyAlgorithm = .rsaSignatureMessagePKCS1v15SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPSSSHA384: SecKeyAlgorithm = .rsaSignatureDigestPSSSHA384
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePSSSHA384: SecKeyAlgorithm = .rsaSignatureMessagePSSSHA384
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestX962SHA384: SecKeyAlgorithm = .ecdsaSignatureDigestX962SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageX962SHA384: SecKeyAlgorithm = .ecdsaSignatureMessageX962SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestRFC4754SHA384: SecKeyAlgorithm = .ecdsaSignatureDigestRFC4754SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageRFC4754SHA384: SecKeyAlgorithm = .ecdsaSignatureMessageRFC4754SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPKCS1v15SHA512: SecKeyAlgorithm = .rsaSignatureDigestPKCS1v15SHA512
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePKCS1v15SHA512: SecKeyAlgorithm = .rsaSignatureMessagePKCS1v15SHA512
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureDigestPSSSHA512: SecKeyAlgorithm = .rsaSignatureDigestPSSSHA512
nonisolated(unsafe) public let kSecKeyAlgorithmRSASignatureMessagePSSSHA512: SecKeyAlgorithm = .rsaSignatureMessagePSSSHA512
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestX962SHA512: SecKeyAlgorithm = .ecdsaSignatureDigestX962SHA512
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageX962SHA512: SecKeyAlgorithm = .ecdsaSignatureMessageX962SHA512
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureDigestRFC4754SHA512: SecKeyAlgorithm = .ecdsaSignatureDigestRFC4754SHA512
nonisolated(unsafe) public let kSecKeyAlgorithmECDSASignatureMessageRFC4754SHA512: SecKeyAlgorithm = .ecdsaSignatureMessageRFC4754SHA512
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionRaw: SecKeyAlgorithm = .rsaEncryptionRaw
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionPKCS1: SecKeyAlgorithm = .rsaEncryptionPKCS1
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA1: SecKeyAlgorithm = .rsaEncryptionOAEPSHA1
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA1AESGCM: SecKeyAlgorithm = .rsaEncryptionOAEPSHA1AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardX963SHA1AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardX963SHA1AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorX963SHA1AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorX963SHA1AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA224: SecKeyAlgorithm = .rsaEncryptionOAEPSHA224
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA224AESGCM: SecKeyAlgorithm = .rsaEncryptionOAEPSHA224AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardX963SHA224AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardX963SHA224AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardVariableIVX963SHA224AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardVariableIVX963SHA224AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorX963SHA224AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorX963SHA224AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorVariableIVX963SHA224AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorVariableIVX963SHA224AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA256: SecKeyAlgorithm = .rsaEncryptionOAEPSHA256
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA256AESGCM: SecKeyAlgorithm = .rsaEncryptionOAEPSHA256AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardX963SHA256AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardX963SHA256AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardVariableIVX963SHA256AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardVariableIVX963SHA256AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorX963SHA256AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorX963SHA256AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorVariableIVX963SHA256AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorVariableIVX963SHA256AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA384: SecKeyAlgorithm = .rsaEncryptionOAEPSHA384
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA384AESGCM: SecKeyAlgorithm = .rsaEncryptionOAEPSHA384AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardX963SHA384AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardX963SHA384AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardVariableIVX963SHA384AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardVariableIVX963SHA384AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorX963SHA384AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorX963SHA384AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorVariableIVX963SHA384AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorVariableIVX963SHA384AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA512: SecKeyAlgorithm = .rsaEncryptionOAEPSHA512
nonisolated(unsafe) public let kSecKeyAlgorithmRSAEncryptionOAEPSHA512AESGCM: SecKeyAlgorithm = .rsaEncryptionOAEPSHA512AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardX963SHA512AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardX963SHA512AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionStandardVariableIVX963SHA512AESGCM: SecKeyAlgorithm = .eciesEncryptionStandardVariableIVX963SHA512AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorX963SHA512AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorX963SHA512AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECIESEncryptionCofactorVariableIVX963SHA512AESGCM: SecKeyAlgorithm = .eciesEncryptionCofactorVariableIVX963SHA512AESGCM
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeStandard: SecKeyAlgorithm = .ecdhKeyExchangeStandard
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeStandardX963SHA1: SecKeyAlgorithm = .ecdhKeyExchangeStandardX963SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeStandardX963SHA224: SecKeyAlgorithm = .ecdhKeyExchangeStandardX963SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeStandardX963SHA256: SecKeyAlgorithm = .ecdhKeyExchangeStandardX963SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeStandardX963SHA384: SecKeyAlgorithm = .ecdhKeyExchangeStandardX963SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeStandardX963SHA512: SecKeyAlgorithm = .ecdhKeyExchangeStandardX963SHA512
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeCofactor: SecKeyAlgorithm = .ecdhKeyExchangeCofactor
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeCofactorX963SHA1: SecKeyAlgorithm = .ecdhKeyExchangeCofactorX963SHA1
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeCofactorX963SHA224: SecKeyAlgorithm = .ecdhKeyExchangeCofactorX963SHA224
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeCofactorX963SHA256: SecKeyAlgorithm = .ecdhKeyExchangeCofactorX963SHA256
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeCofactorX963SHA384: SecKeyAlgorithm = .ecdhKeyExchangeCofactorX963SHA384
nonisolated(unsafe) public let kSecKeyAlgorithmECDHKeyExchangeCofactorX963SHA512: SecKeyAlgorithm = .ecdhKeyExchangeCofactorX963SHA512

/// Every algorithm above, for the tests that check the members against the catalog.
package let secKeyAlgorithmMembers: [(name: String, algorithm: SecKeyAlgorithm)] = [
  ("rsaSignatureRaw", .rsaSignatureRaw),
  ("rsaSignatureDigestPKCS1v15Raw", .rsaSignatureDigestPKCS1v15Raw),
  ("ecdsaSignatureDigestX962", .ecdsaSignatureDigestX962),
  ("ecdsaSignatureDigestRFC4754", .ecdsaSignatureDigestRFC4754),
  ("rsaSignatureDigestPKCS1v15SHA1", .rsaSignatureDigestPKCS1v15SHA1),
  ("rsaSignatureMessagePKCS1v15SHA1", .rsaSignatureMessagePKCS1v15SHA1),
  ("rsaSignatureDigestPSSSHA1", .rsaSignatureDigestPSSSHA1),
  ("rsaSignatureMessagePSSSHA1", .rsaSignatureMessagePSSSHA1),
  ("ecdsaSignatureDigestX962SHA1", .ecdsaSignatureDigestX962SHA1),
  ("ecdsaSignatureMessageX962SHA1", .ecdsaSignatureMessageX962SHA1),
  ("ecdsaSignatureDigestRFC4754SHA1", .ecdsaSignatureDigestRFC4754SHA1),
  ("ecdsaSignatureMessageRFC4754SHA1", .ecdsaSignatureMessageRFC4754SHA1),
  ("rsaSignatureDigestPKCS1v15SHA224", .rsaSignatureDigestPKCS1v15SHA224),
  ("rsaSignatureMessagePKCS1v15SHA224", .rsaSignatureMessagePKCS1v15SHA224),
  ("rsaSignatureDigestPSSSHA224", .rsaSignatureDigestPSSSHA224),
  ("rsaSignatureMessagePSSSHA224", .rsaSignatureMessagePSSSHA224),
  ("ecdsaSignatureDigestX962SHA224", .ecdsaSignatureDigestX962SHA224),
  ("ecdsaSignatureMessageX962SHA224", .ecdsaSignatureMessageX962SHA224),
  ("ecdsaSignatureDigestRFC4754SHA224", .ecdsaSignatureDigestRFC4754SHA224),
  ("ecdsaSignatureMessageRFC4754SHA224", .ecdsaSignatureMessageRFC4754SHA224),
  ("rsaSignatureDigestPKCS1v15SHA256", .rsaSignatureDigestPKCS1v15SHA256),
  ("rsaSignatureMessagePKCS1v15SHA256", .rsaSignatureMessagePKCS1v15SHA256),
  ("rsaSignatureDigestPSSSHA256", .rsaSignatureDigestPSSSHA256),
  ("rsaSignatureMessagePSSSHA256", .rsaSignatureMessagePSSSHA256),
  ("ecdsaSignatureDigestX962SHA256", .ecdsaSignatureDigestX962SHA256),
  ("ecdsaSignatureMessageX962SHA256", .ecdsaSignatureMessageX962SHA256),
  ("ecdsaSignatureDigestRFC4754SHA256", .ecdsaSignatureDigestRFC4754SHA256),
  ("ecdsaSignatureMessageRFC4754SHA256", .ecdsaSignatureMessageRFC4754SHA256),
  ("rsaSignatureDigestPKCS1v15SHA384", .rsaSignatureDigestPKCS1v15SHA384),
  ("rsaSignatureMessagePKCS1v15SHA384", .rsaSignatureMessagePKCS1v15SHA384),
  ("rsaSignatureDigestPSSSHA384", .rsaSignatureDigestPSSSHA384),
  ("rsaSignatureMessagePSSSHA384", .rsaSignatureMessagePSSSHA384),
  ("ecdsaSignatureDigestX962SHA384", .ecdsaSignatureDigestX962SHA384),
  ("ecdsaSignatureMessageX962SHA384", .ecdsaSignatureMessageX962SHA384),
  ("ecdsaSignatureDigestRFC4754SHA384", .ecdsaSignatureDigestRFC4754SHA384),
  ("ecdsaSignatureMessageRFC4754SHA384", .ecdsaSignatureMessageRFC4754SHA384),
  ("rsaSignatureDigestPKCS1v15SHA512", .rsaSignatureDigestPKCS1v15SHA512),
  ("rsaSignatureMessagePKCS1v15SHA512", .rsaSignatureMessagePKCS1v15SHA512),
  ("rsaSignatureDigestPSSSHA512", .rsaSignatureDigestPSSSHA512),
  ("rsaSignatureMessagePSSSHA512", .rsaSignatureMessagePSSSHA512),
  ("ecdsaSignatureDigestX962SHA512", .ecdsaSignatureDigestX962SHA512),
  ("ecdsaSignatureMessageX962SHA512", .ecdsaSignatureMessageX962SHA512),
  ("ecdsaSignatureDigestRFC4754SHA512", .ecdsaSignatureDigestRFC4754SHA512),
  ("ecdsaSignatureMessageRFC4754SHA512", .ecdsaSignatureMessageRFC4754SHA512),
  ("rsaEncryptionRaw", .rsaEncryptionRaw),
  ("rsaEncryptionPKCS1", .rsaEncryptionPKCS1),
  ("rsaEncryptionOAEPSHA1", .rsaEncryptionOAEPSHA1),
  ("rsaEncryptionOAEPSHA1AESGCM", .rsaEncryptionOAEPSHA1AESGCM),
  ("eciesEncryptionStandardX963SHA1AESGCM", .eciesEncryptionStandardX963SHA1AESGCM),
  ("eciesEncryptionCofactorX963SHA1AESGCM", .eciesEncryptionCofactorX963SHA1AESGCM),
  ("rsaEncryptionOAEPSHA224", .rsaEncryptionOAEPSHA224),
  ("rsaEncryptionOAEPSHA224AESGCM", .rsaEncryptionOAEPSHA224AESGCM),
  ("eciesEncryptionStandardX963SHA224AESGCM", .eciesEncryptionStandardX963SHA224AESGCM),
  ("eciesEncryptionStandardVariableIVX963SHA224AESGCM", .eciesEncryptionStandardVariableIVX963SHA224AESGCM),
  ("eciesEncryptionCofactorX963SHA224AESGCM", .eciesEncryptionCofactorX963SHA224AESGCM),
  ("eciesEncryptionCofactorVariableIVX963SHA224AESGCM", .eciesEncryptionCofactorVariableIVX963SHA224AESGCM),
  ("rsaEncryptionOAEPSHA256", .rsaEncryptionOAEPSHA256),
  ("rsaEncryptionOAEPSHA256AESGCM", .rsaEncryptionOAEPSHA256AESGCM),
  ("eciesEncryptionStandardX963SHA256AESGCM", .eciesEncryptionStandardX963SHA256AESGCM),
  ("eciesEncryptionStandardVariableIVX963SHA256AESGCM", .eciesEncryptionStandardVariableIVX963SHA256AESGCM),
  ("eciesEncryptionCofactorX963SHA256AESGCM", .eciesEncryptionCofactorX963SHA256AESGCM),
  ("eciesEncryptionCofactorVariableIVX963SHA256AESGCM", .eciesEncryptionCofactorVariableIVX963SHA256AESGCM),
  ("rsaEncryptionOAEPSHA384", .rsaEncryptionOAEPSHA384),
  ("rsaEncryptionOAEPSHA384AESGCM", .rsaEncryptionOAEPSHA384AESGCM),
  ("eciesEncryptionStandardX963SHA384AESGCM", .eciesEncryptionStandardX963SHA384AESGCM),
  ("eciesEncryptionStandardVariableIVX963SHA384AESGCM", .eciesEncryptionStandardVariableIVX963SHA384AESGCM),
  ("eciesEncryptionCofactorX963SHA384AESGCM", .eciesEncryptionCofactorX963SHA384AESGCM),
  ("eciesEncryptionCofactorVariableIVX963SHA384AESGCM", .eciesEncryptionCofactorVariableIVX963SHA384AESGCM),
  ("rsaEncryptionOAEPSHA512", .rsaEncryptionOAEPSHA512),
  ("rsaEncryptionOAEPSHA512AESGCM", .rsaEncryptionOAEPSHA512AESGCM),
  ("eciesEncryptionStandardX963SHA512AESGCM", .eciesEncryptionStandardX963SHA512AESGCM),
  ("eciesEncryptionStandardVariableIVX963SHA512AESGCM", .eciesEncryptionStandardVariableIVX963SHA512AESGCM),
  ("eciesEncryptionCofactorX963SHA512AESGCM", .eciesEncryptionCofactorX963SHA512AESGCM),
  ("eciesEncryptionCofactorVariableIVX963SHA512AESGCM", .eciesEncryptionCofactorVariableIVX963SHA512AESGCM),
  ("ecdhKeyExchangeStandard", .ecdhKeyExchangeStandard),
  ("ecdhKeyExchangeStandardX963SHA1", .ecdhKeyExchangeStandardX963SHA1),
  ("ecdhKeyExchangeStandardX963SHA224", .ecdhKeyExchangeStandardX963SHA224),
  ("ecdhKeyExchangeStandardX963SHA256", .ecdhKeyExchangeStandardX963SHA256),
  ("ecdhKeyExchangeStandardX963SHA384", .ecdhKeyExchangeStandardX963SHA384),
  ("ecdhKeyExchangeStandardX963SHA512", .ecdhKeyExchangeStandardX963SHA512),
  ("ecdhKeyExchangeCofactor", .ecdhKeyExchangeCofactor),
  ("ecdhKeyExchangeCofactorX963SHA1", .ecdhKeyExchangeCofactorX963SHA1),
  ("ecdhKeyExchangeCofactorX963SHA224", .ecdhKeyExchangeCofactorX963SHA224),
  ("ecdhKeyExchangeCofactorX963SHA256", .ecdhKeyExchangeCofactorX963SHA256),
  ("ecdhKeyExchangeCofactorX963SHA384", .ecdhKeyExchangeCofactorX963SHA384),
  ("ecdhKeyExchangeCofactorX963SHA512", .ecdhKeyExchangeCofactorX963SHA512),
]
