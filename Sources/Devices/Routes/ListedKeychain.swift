import ItemStore

/// A keychain a device keeps besides its data protection keychain (a Mac's login and System
/// keychains): what `show items` lists and which file it lives in.
package protocol ListedKeychain: AnyObject {
  /// How the transcript names it: "login keychain".
  var displayName: String { get }
  /// Its file, or `nil` in memory.
  var path: String? { get }
  /// Its live rows, in insertion order.
  func liveRows() throws(ItemStoreError) -> [ItemRow]
}
