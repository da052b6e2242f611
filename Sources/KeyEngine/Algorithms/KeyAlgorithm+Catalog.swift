import KeyCrypto

extension KeyAlgorithm {
  /// Every `SecKeyAlgorithm` of SecKey.h this simulator implements, with the raw strings
  /// Security defines in `SecKeyAdaptors.m`. Left out: MD5 and `raw-cc` variants (deprecated or
  /// private), Ed25519/X25519/X448, ML-KEM/ML-DSA, and `eciesEncryptionAKSSmartCard` (private).
  public static let all: [KeyAlgorithm] = signatures + encryptions + keyExchanges

  private static let shaDigests: [DigestAlgorithm] = [.sha1, .sha224, .sha256, .sha384, .sha512]

  private static let signatures: [KeyAlgorithm] = {
    var list: [KeyAlgorithm] = [
      KeyAlgorithm(
        name: "rsaSignatureRaw", rawValue: "algid:sign:RSA:raw",
        meaning: .signature(.rsaRaw, digest: nil, hashesMessage: false)),
      KeyAlgorithm(
        name: "rsaSignatureDigestPKCS1v15Raw", rawValue: "algid:sign:RSA:digest-PKCS1v15",
        meaning: .signature(.rsaPKCS1v15(nil), digest: nil, hashesMessage: false)),
      KeyAlgorithm(
        name: "ecdsaSignatureDigestX962", rawValue: "algid:sign:ECDSA:digest-X962",
        meaning: .signature(.ecdsaX962, digest: nil, hashesMessage: false)),
      KeyAlgorithm(
        name: "ecdsaSignatureDigestRFC4754", rawValue: "algid:sign:ECDSA:digest-RFC4754",
        meaning: .signature(.ecdsaRFC4754, digest: nil, hashesMessage: false)),
    ]
    for digest in shaDigests {
      let sha = digest.rawValue
      let bytes = digest.byteCount
      list += [
        KeyAlgorithm(
          name: "rsaSignatureDigestPKCS1v15\(sha)", rawValue: "algid:sign:RSA:digest-PKCS1v15:\(sha)",
          meaning: .signature(.rsaPKCS1v15(digest), digest: digest, hashesMessage: false)),
        KeyAlgorithm(
          name: "rsaSignatureMessagePKCS1v15\(sha)",
          rawValue: "algid:sign:RSA:message-PKCS1v15:\(sha)",
          meaning: .signature(.rsaPKCS1v15(digest), digest: digest, hashesMessage: true)),
        KeyAlgorithm(
          name: "rsaSignatureDigestPSS\(sha)", rawValue: "algid:sign:RSA:digest-PSS:\(sha):\(sha):\(bytes)",
          meaning: .signature(.rsaPSS(digest), digest: digest, hashesMessage: false)),
        KeyAlgorithm(
          name: "rsaSignatureMessagePSS\(sha)",
          rawValue: "algid:sign:RSA:message-PSS:\(sha):\(sha):\(bytes)",
          meaning: .signature(.rsaPSS(digest), digest: digest, hashesMessage: true)),
        KeyAlgorithm(
          name: "ecdsaSignatureDigestX962\(sha)", rawValue: "algid:sign:ECDSA:digest-X962:\(sha)",
          meaning: .signature(.ecdsaX962, digest: digest, hashesMessage: false)),
        KeyAlgorithm(
          name: "ecdsaSignatureMessageX962\(sha)", rawValue: "algid:sign:ECDSA:message-X962:\(sha)",
          meaning: .signature(.ecdsaX962, digest: digest, hashesMessage: true)),
        KeyAlgorithm(
          name: "ecdsaSignatureDigestRFC4754\(sha)",
          rawValue: "algid:sign:ECDSA:digest-RFC4754:\(sha)",
          meaning: .signature(.ecdsaRFC4754, digest: digest, hashesMessage: false)),
        KeyAlgorithm(
          name: "ecdsaSignatureMessageRFC4754\(sha)",
          rawValue: "algid:sign:ECDSA:message-RFC4754:\(sha)",
          meaning: .signature(.ecdsaRFC4754, digest: digest, hashesMessage: true)),
      ]
    }
    return list
  }()

  private static let encryptions: [KeyAlgorithm] = {
    var list: [KeyAlgorithm] = [
      KeyAlgorithm(
        name: "rsaEncryptionRaw", rawValue: "algid:encrypt:RSA:raw",
        meaning: .rsaEncryption(.none)),
      KeyAlgorithm(
        name: "rsaEncryptionPKCS1", rawValue: "algid:encrypt:RSA:PKCS1",
        meaning: .rsaEncryption(.pkcs1)),
    ]
    for digest in shaDigests {
      let sha = digest.rawValue
      list += [
        KeyAlgorithm(
          name: "rsaEncryptionOAEP\(sha)", rawValue: "algid:encrypt:RSA:OAEP:\(sha)",
          meaning: .rsaEncryption(.oaep(digest))),
        KeyAlgorithm(
          name: "rsaEncryptionOAEP\(sha)AESGCM", rawValue: "algid:encrypt:RSA:OAEP:\(sha):AESGCM",
          meaning: .rsaEncryptionWithAESGCM(digest)),
      ]
      for (word, ecdh) in [("Standard", "ECDH"), ("Cofactor", "ECDHC")] {
        list.append(
          KeyAlgorithm(
            name: "eciesEncryption\(word)X963\(sha)AESGCM",
            rawValue: "algid:encrypt:ECIES:\(ecdh):KDFX963:\(sha):AESGCM",
            meaning: .ecies(IntegratedEncryption(digest: digest, variableIV: false))))
        // Apple defines no SHA-1 variant with a KDF-derived IV.
        if digest != .sha1 {
          list.append(
            KeyAlgorithm(
              name: "eciesEncryption\(word)VariableIVX963\(sha)AESGCM",
              rawValue: "algid:encrypt:ECIES:\(ecdh):KDFX963:\(sha):AESGCM-KDFIV",
              meaning: .ecies(IntegratedEncryption(digest: digest, variableIV: true))))
        }
      }
    }
    return list
  }()

  private static let keyExchanges: [KeyAlgorithm] = {
    var list: [KeyAlgorithm] = []
    for (word, ecdh) in [("Standard", "ECDH"), ("Cofactor", "ECDHC")] {
      list.append(
        KeyAlgorithm(
          name: "ecdhKeyExchange\(word)", rawValue: "algid:keyexchange:\(ecdh)",
          meaning: .ecdh(kdfDigest: nil)))
      for digest in shaDigests {
        list.append(
          KeyAlgorithm(
            name: "ecdhKeyExchange\(word)X963\(digest.rawValue)",
            rawValue: "algid:keyexchange:\(ecdh):KDFX963:\(digest.rawValue)",
            meaning: .ecdh(kdfDigest: digest)))
      }
    }
    return list
  }()
}
