// SecKey's cost: a signature and a verification through the Security module (SecKeyCreateSignature,
// SecKeyVerifySignature: dictionary-free, but the algorithm look-up, the engine's checks, the
// CFError plumbing and the transcript) beside the same libcrypto work done directly through
// KeyCrypto (one digest and one EVP_PKEY_sign / EVP_PKEY_verify per call, nothing else), on
// the same key, in the same run. And a Secure Enclave signature, which also opens the token
// object (two AEAD layers) under the phone's lock. This file imports Security, not Keychain.

import Foundation
import KeyCrypto
import KeychainSimulatorTesting
import Security

/// Medians of `runs` runs of `calls` calls each, in microseconds per call, for every row.
func keyBench(runs: Int, calls: Int) throws -> Int32 {
  let phone = try makeBenchPhone()
  let message = Data(repeating: 0x5a, count: 64)
  var rows: [(String, [Double])] = []
  var failures = 0
  try phone.use {
    for (name, type, bits, algorithm, scheme) in [
      ("ECDSA P-256, SHA-256", kSecAttrKeyTypeECSECPrimeRandom, 256,
       SecKeyAlgorithm.ecdsaSignatureMessageX962SHA256, SignatureScheme.ecdsaX962),
      ("RSA-2048 PKCS#1 v1.5, SHA-256", kSecAttrKeyTypeRSA, 2048,
       SecKeyAlgorithm.rsaSignatureMessagePKCS1v15SHA256, SignatureScheme.rsaPKCS1v15(.sha256)),
    ] {
      var error: Unmanaged<CFError>?
      guard
        let key = SecKeyCreateRandomKey(
          [kSecAttrKeyType: type, kSecAttrKeySizeInBits: bits] as CFDictionary, &error),
        let publicKey = SecKeyCopyPublicKey(key),
        let privateBytes = SecKeyCopyExternalRepresentation(key, &error) as Data?,
        let publicBytes = SecKeyCopyExternalRepresentation(publicKey, &error) as Data?
      else {
        print("error: cannot make the \(name) key")
        return
      }
      // The same key, held by KeyCrypto alone.
      let isEC = bits == 256
      let direct =
        isEC
        ? try AsymmetricKey.ellipticCurve(x963: [UInt8](privateBytes), isPrivate: true)
        : try AsymmetricKey.rsa(der: [UInt8](privateBytes), isPrivate: true)
      let directPublic =
        isEC
        ? try AsymmetricKey.ellipticCurve(x963: [UInt8](publicBytes), isPrivate: false)
        : try AsymmetricKey.rsa(der: [UInt8](publicBytes), isPrivate: false)
      let signature = SecKeyCreateSignature(key, algorithm, message as CFData, &error)!
      let bytes = [UInt8](message)
      let signatureBytes = [UInt8](signature as Data)
      var securitySign: [Double] = []
      var directSign: [Double] = []
      var securityVerify: [Double] = []
      var directVerify: [Double] = []
      for _ in 0..<runs {
        securitySign.append(
          perCall(calls) {
            if SecKeyCreateSignature(key, algorithm, message as CFData, &error) == nil {
              failures += 1
            }
          })
        directSign.append(
          perCall(calls) {
            do {
              _ = try direct.sign(digest: DigestAlgorithm.sha256.digest(bytes), scheme: scheme)
            } catch { failures += 1 }
          })
        securityVerify.append(
          perCall(calls) {
            if !SecKeyVerifySignature(publicKey, algorithm, message as CFData, signature, &error) {
              failures += 1
            }
          })
        directVerify.append(
          perCall(calls) {
            do {
              try directPublic.verify(
                signature: signatureBytes, digest: DigestAlgorithm.sha256.digest(bytes),
                scheme: scheme)
            } catch { failures += 1 }
          })
        phone.clearTranscript()
      }
      rows += [
        ("\(name): sign, Security", securitySign), ("\(name): sign, libcrypto direct", directSign),
        ("\(name): verify, Security", securityVerify),
        ("\(name): verify, libcrypto direct", directVerify),
      ]
    }
    // A Secure Enclave key with no constraint: no prompt, but the enclave's work.
    var error: Unmanaged<CFError>?
    let enclaveKey = SecKeyCreateRandomKey(
      [
        kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256,
        kSecAttrTokenID: kSecAttrTokenIDSecureEnclave,
        kSecPrivateKeyAttrs: [kSecAttrIsPermanent: false],
      ] as CFDictionary, &error)!
    var enclaveSign: [Double] = []
    for _ in 0..<runs {
      enclaveSign.append(
        perCall(calls) {
          if SecKeyCreateSignature(
            enclaveKey, .ecdsaSignatureMessageX962SHA256, message as CFData, &error) == nil
          {
            failures += 1
          }
        })
      phone.clearTranscript()
    }
    rows.append(("ECDSA P-256, SHA-256: sign, Secure Enclave key", enclaveSign))
  }
  print("| SecKey call (\(calls) calls a run, \(runs) runs) | µs per call (median) | min | max |")
  print("|---|---:|---:|---:|")
  for (label, samples) in rows {
    let sorted = samples.sorted()
    print(
      "| \(label) | \(microseconds(median(samples))) | \(microseconds(sorted.first ?? .nan)) | "
        + "\(microseconds(sorted.last ?? .nan)) |")
  }
  print("\(failures) failed call(s)")
  return failures > 0 ? 1 : 0
}

/// Microseconds per call of `calls` calls of `body`.
private func perCall(_ calls: Int, _ body: () -> Void) -> Double {
  seconds {
    for _ in 0..<calls { body() }
  } / Double(calls) * 1e6
}

private func microseconds(_ value: Double) -> String { String(format: "%.1f", value) }
