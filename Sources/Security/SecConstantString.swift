import Foundation

/// The class of every `kSec*` constant: an `NSString` that keeps its Swift `String`, so the
/// translator reads a constant without bridging, and that hashes as that `String` in
/// `AnyHashable`, as CFStrings do on Darwin (`AnyHashable(kSecAttrAccount) ==
/// AnyHashable("acct")`, so `attributes[kSecAttrAccount]` finds a key of a result dictionary;
/// a private runtime feature, in `RuntimeSeams`).
final class SecConstantString: NSString {
  /// The raw string, read by the translator without bridging.
  let text: String
  private let units: [unichar]

  init(_ text: String) {
    self.text = text
    self.units = Array(text.utf16)
    // `super.init()` and `init(string:)` do not link on Linux; this one does.
    super.init(characters: units, length: units.count)
  }

  required convenience init(string aString: String) { self.init(aString) }
  required convenience init(stringLiteral value: StaticString) { self.init("\(value)") }
  required convenience init(unicodeScalarLiteral value: StaticString) { self.init("\(value)") }
  required convenience init(extendedGraphemeClusterLiteral value: StaticString) {
    self.init("\(value)")
  }

  /// Constants are never archived.
  required init?(coder: NSCoder) { return nil }

  required convenience init(itemProviderData data: Data, typeIdentifier: String) throws {
    throw CocoaError(.coderReadCorrupt)
  }

  override var length: Int { units.count }
  override func character(at index: Int) -> unichar { units[index] }
}
