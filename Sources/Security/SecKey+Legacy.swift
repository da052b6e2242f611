// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation
internal import KeyEngine

/// `SecPadding` (SecKey.h), for the deprecated raw functions below.
public struct SecPadding: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let PKCS1 = SecPadding(rawValue: 1)
  public static let OAEP = SecPadding(rawValue: 2)
  public static let sigRaw = SecPadding(rawValue: 0x4000)
  public static let PKCS1MD2 = SecPadding(rawValue: 0x8000)
  public static let PKCS1MD5 = SecPadding(rawValue: 0x8001)
  public static let PKCS1SHA1 = SecPadding(rawValue: 0x8002)
  public static let PKCS1SHA224 = SecPadding(rawValue: 0x8003)
  public static let PKCS1SHA256 = SecPadding(rawValue: 0x8004)
  public static let PKCS1SHA384 = SecPadding(rawValue: 0x8005)
  public static let PKCS1SHA512 = SecPadding(rawValue: 0x8006)
}

/// `errSSLCrypto` (SecureTransport.h): the legacy verification's answer to a bad signature.
public let errSSLCrypto: OSStatus = LegacyPadding.sslCryptoStatus

/// `SecKeyRawSign` (deprecated): `SecKeyCreateSignature` with the algorithm SecKey.m maps the
/// padding to; the signature is copied into `sig`, whose size `sigLen` gives and receives.
@available(*, deprecated, message: "Use SecKeyCreateSignature")
public func SecKeyRawSign(
  _ key: SecKey, _ padding: SecPadding, _ dataToSign: UnsafePointer<UInt8>, _ dataToSignLen: Int,
  _ sig: UnsafeMutablePointer<UInt8>, _ sigLen: UnsafeMutablePointer<Int>
) -> OSStatus {
  guard
    let algorithm = LegacyPadding.signatureAlgorithm(
      padding.rawValue, keyType: key.engineKey.keyType, digestSize: dataToSignLen)
  else { return errSecParam }
  let input = Data(bytes: dataToSign, count: dataToSignLen)
  var error: Unmanaged<CFError>?
  let signature = SecKeyCreateSignature(
    key, SecKeyAlgorithm(constant: algorithm.rawValue), input as CFData, &error)
  return LegacyCall.copy(signature as Data?, error, into: sig, length: sigLen)
}

/// `SecKeyRawVerify` (deprecated): errSSLCrypto for a signature that does not verify.
@available(*, deprecated, message: "Use SecKeyVerifySignature")
public func SecKeyRawVerify(
  _ key: SecKey, _ padding: SecPadding, _ signedData: UnsafePointer<UInt8>, _ signedDataLen: Int,
  _ sig: UnsafePointer<UInt8>, _ sigLen: Int
) -> OSStatus {
  guard
    let algorithm = LegacyPadding.signatureAlgorithm(
      padding.rawValue, keyType: key.engineKey.keyType, digestSize: signedDataLen)
  else { return errSecParam }
  var error: Unmanaged<CFError>?
  let valid = SecKeyVerifySignature(
    key, SecKeyAlgorithm(constant: algorithm.rawValue),
    Data(bytes: signedData, count: signedDataLen) as CFData,
    Data(bytes: sig, count: sigLen) as CFData, &error)
  if valid { return errSecSuccess }
  return LegacyCall.status(error)
}

/// `SecKeyEncrypt` (deprecated): RSA with no padding, PKCS#1 or OAEP (SHA-1).
@available(*, deprecated, message: "Use SecKeyCreateEncryptedData")
public func SecKeyEncrypt(
  _ key: SecKey, _ padding: SecPadding, _ plainText: UnsafePointer<UInt8>, _ plainTextLen: Int,
  _ cipherText: UnsafeMutablePointer<UInt8>, _ cipherTextLen: UnsafeMutablePointer<Int>
) -> OSStatus {
  LegacyCall.cipher(
    key, padding, Data(bytes: plainText, count: plainTextLen), into: cipherText,
    length: cipherTextLen, SecKeyCreateEncryptedData)
}

/// `SecKeyDecrypt` (deprecated); with no padding the block's leading zero bytes are stripped,
/// as the function's contract says.
@available(*, deprecated, message: "Use SecKeyCreateDecryptedData")
public func SecKeyDecrypt(
  _ key: SecKey, _ padding: SecPadding, _ cipherText: UnsafePointer<UInt8>, _ cipherTextLen: Int,
  _ plainText: UnsafeMutablePointer<UInt8>, _ plainTextLen: UnsafeMutablePointer<Int>
) -> OSStatus {
  LegacyCall.cipher(
    key, padding, Data(bytes: cipherText, count: cipherTextLen), into: plainText,
    length: plainTextLen, stripsLeadingZeros: padding.rawValue == LegacyPadding.none,
    SecKeyCreateDecryptedData)
}

/// SecKey.m's `SecKeyPerformLegacyOperation`: results copied into the caller's buffer, errors
/// as the OSStatus (errSSLCrypto for errSecVerifyFailed).
enum LegacyCall {
  /// SecKeyEncrypt and SecKeyDecrypt: `operation` with the algorithm the padding maps to.
  static func cipher(
    _ key: SecKey, _ padding: SecPadding, _ input: Data, into buffer: UnsafeMutablePointer<UInt8>,
    length: UnsafeMutablePointer<Int>, stripsLeadingZeros: Bool = false,
    _ operation: (SecKey, SecKeyAlgorithm, CFData, UnsafeMutablePointer<Unmanaged<CFError>?>?)
      -> CFData?
  ) -> OSStatus {
    guard
      let algorithm = LegacyPadding.encryptionAlgorithm(
        padding.rawValue, keyType: key.engineKey.keyType)
    else { return errSecParam }
    var error: Unmanaged<CFError>?
    var output = operation(key, SecKeyAlgorithm(constant: algorithm.rawValue), input as CFData, &error)
      as Data?
    if stripsLeadingZeros, let block = output { output = Data(block.drop { $0 == 0 }) }
    return copy(output, error, into: buffer, length: length)
  }

  static func copy(
    _ result: Data?, _ error: Unmanaged<CFError>?, into buffer: UnsafeMutablePointer<UInt8>,
    length: UnsafeMutablePointer<Int>
  ) -> OSStatus {
    guard let result else { return status(error) }
    guard result.count <= length.pointee else {
      // "buffer too small (required %d, provided %d)"
      return errSecParam
    }
    result.copyBytes(to: buffer, count: result.count)
    length.pointee = result.count
    return errSecSuccess
  }

  static func status(_ error: Unmanaged<CFError>?) -> OSStatus {
    guard let error = error?.takeRetainedValue() else { return errSecParam }
    let status = OSStatus(truncatingIfNeeded: error.code)
    return status == errSecVerifyFailed ? errSSLCrypto : status
  }
}
