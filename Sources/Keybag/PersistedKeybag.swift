import Foundation

/// A keybag as saved in the device file: a versioned binary blob.
///
/// It holds the wrapped class keys, their ids, the ids of destroyed keys, the passcode salt,
/// the KDF parameters, and the simulated UID. Class keys are only ever stored wrapped; the UID
/// is stored in the clear because this file plays the part of the device itself (a real UID
/// never leaves the Secure Enclave; docs/fidelity.md, "Keybag cryptography (simulation, not
/// Apple's design)").
///
/// Layout, version 2 (integers big-endian; version 1 is the same without the checksum):
///
/// ```
/// "KSKB"  u8 version=1  u64 opsLimit  u64 memLimit  uid[32]
/// u8 hasPasscode  [salt[16] if hasPasscode]
/// u8 classCount  { u8 nameLength  name  keyID[16]  sealedKey[72] } × classCount
/// u16 destroyedCount  { keyID[16] } × destroyedCount
/// checksum[32]  (BLAKE2b-256 of every byte before it)
/// ```
public struct PersistedKeybag: Equatable, Hashable, Sendable {
  /// The encoded blob.
  public let bytes: Data

  /// Wraps a blob read from storage; it is validated by `Keybag(restoring:profile:)`.
  public init(bytes: Data) {
    self.bytes = bytes
  }

  static let magic = Array("KSKB".utf8)
  static let currentVersion: UInt8 = 2
  /// Versions this build reads: 1 had no checksum.
  static let readableVersions: ClosedRange<UInt8> = 1...2
}
