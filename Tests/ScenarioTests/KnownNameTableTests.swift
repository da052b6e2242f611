import Keychain
import Testing

@testable import ScenarioLanguage

/// The known-name table (``KnownName/Table``) gives each name what the engine's tables and the
/// vocabulary say of it, however it is built, and finds it from its text and from its bytes
/// (issue 29: it is built by looking up only the names that have each attribute).
@Suite struct KnownNameTableTests {
  static let statusNames = OSStatus.known.map(\.name).filter {
    $0.hasPrefix("errSec") && PackageError.Code(rawValue: $0) == nil
  }

  /// Every name the table is made of: the key and value constants, the reserved names, the
  /// statement words and the status names, but `true` and `false`.
  static let candidates: Set<String> = Set(
    SecConstants.orderedKeys.map(\.name) + SecConstants.values.keys
      + Vocabulary.reservedNames + Vocabulary.statementWords + statusNames
  ).subtracting(["true", "false"])

  @Test func holdsEveryCandidateOnce() {
    let table = KnownName.table
    #expect(Set(table.texts) == Self.candidates)
    #expect(table.texts.count == Self.candidates.count)
  }

  @Test func givesEachNameWhatTheTablesSay() {
    let table = KnownName.table
    for (index, name) in table.texts.enumerated() {
      #expect(table.names[index].text == name)
      #expect(table.keys[index] == SecConstants.keys[name], "\(name)")
      #expect(table.values[index] == SecConstants.values[name], "\(name)")
      #expect(
        table.isConstant[index]
          == (SecConstants.keys[name] != nil || SecConstants.values[name] != nil), "\(name)")
      #expect(table.isReserved[index] == Vocabulary.reservedNames.contains(name), "\(name)")
      let status = Self.statusNames.contains(name) ? OSStatus(nameOrNumber: name) : nil
      #expect(table.statuses[index] == status, "\(name)")
      #expect(table.statementWords[index] == Vocabulary.StatementWord(word: name), "\(name)")
      #expect(
        table.isSecItemFunction[index] == Vocabulary.secItemFunctions.contains(name), "\(name)")
    }
  }

  @Test func findsANameFromItsTextAndFromItsBytes() {
    let table = KnownName.table
    for (index, name) in table.texts.enumerated() {
      #expect(table.index(of: name) == Int32(index))
      let found = Array(name.utf8).withUnsafeBufferPointer { table.index(ofASCII: $0) }
      #expect(found == Int32(index), "\(name)")
    }
    for other in ["", "k", "kSecAttrAccoun", "kSecAttrAccountX", "true", "errSecSuccesS", "_x"] {
      #expect(table.index(of: other) == -1)
      #expect(Array(other.utf8).withUnsafeBufferPointer { table.index(ofASCII: $0) } == -1)
    }
  }

  @Test(arguments: [
    "errSecSuccess", "errSecItemNotFound", "errSecSuccess2", "kSecClass", "query", "",
    "errSecSuccéss", "\u{212A}SecClass",
  ])
  func tellsAStatusNameFromItsBytesAsFromItsText(_ name: String) {
    let table = KnownName.table
    let byText = table.index(of: name)
    #expect(table.isStatusName(name) == (byText >= 0 && table.statuses[Int(byText)] != nil))
    #expect(table.isStatusName(name) == Self.statusNames.contains(name))
  }
}
