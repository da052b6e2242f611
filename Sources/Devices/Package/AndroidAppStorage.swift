import DeviceState
import Foundation
import KeychainEngine

/// What the package keeps on an Android phone: each app's own values, sealed, keyed by the
/// app, the keychain's service and the key.
///
/// An Android app's Keystore keys, and the preferences they encrypt, belong to the app's UID:
/// no other app can read them, whatever `accessGroup` says (docs/evidence.md §11, fact 50),
/// and they are erased when the app is uninstalled (fact 51). The values are sealed with the
/// device's keybag like the keychain's item data, so they never sit in memory in plaintext
/// between calls; the app's identity is bound into each seal, so a value cannot be moved to
/// another app.
///
/// It is saved with an Android phone kept in a device file: sealed values only, as a list of
/// entries.
package struct AndroidAppStorage: Sendable, Codable {
  /// Where a value lives: the app that wrote it, the keychain's service, the key.
  package struct EntryKey: Sendable, Hashable, Codable {
    var packageName: String
    var service: String
    var key: String

    /// The bytes every seal of this entry is bound to.
    var sealingContext: Data {
      Data("android-keystore/v1\u{0}\(packageName)\u{0}\(service)\u{0}\(key)".utf8)
    }
  }

  private var sealed: [EntryKey: Data] = [:]

  /// One stored value as the device file keeps it.
  private struct SavedEntry: Codable {
    var entry: EntryKey
    var sealed: Data
  }

  init() {}

  package init(from decoder: any Decoder) throws {
    let saved = try decoder.singleValueContainer().decode([SavedEntry].self)
    for each in saved {
      guard sealed.updateValue(each.sealed, forKey: each.entry) == nil else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath,
            debugDescription: "\(each.entry.packageName) keeps two values under one key"))
      }
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(
      entries.compactMap { entry in sealed[entry].map { SavedEntry(entry: entry, sealed: $0) } })
  }

  /// The sealed value of `entry`, if the app stored one.
  func value(at entry: EntryKey) -> Data? { sealed[entry] }

  mutating func store(_ value: Data, at entry: EntryKey) { sealed[entry] = value }

  /// Removes `entry`; whether there was a value.
  @discardableResult
  mutating func remove(_ entry: EntryKey) -> Bool { sealed.removeValue(forKey: entry) != nil }

  /// Erases everything `packageName` stored, as Android does on uninstall (fact 51); how many
  /// values went.
  mutating func removeAll(of packageName: String) -> Int {
    let gone = sealed.keys.filter { $0.packageName == packageName }
    for entry in gone { sealed.removeValue(forKey: entry) }
    return gone.count
  }

  /// Every entry holding a value, sorted by app, service and key.
  var entries: [EntryKey] {
    sealed.keys.sorted {
      ($0.packageName, $0.service, $0.key) < ($1.packageName, $1.service, $1.key)
    }
  }

  /// How many values `packageName` keeps.
  func count(of packageName: String) -> Int {
    sealed.keys.count { $0.packageName == packageName }
  }
}
