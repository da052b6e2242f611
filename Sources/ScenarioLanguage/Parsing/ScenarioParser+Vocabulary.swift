import KeychainEngine

extension ScenarioParser {
  /// Every word the language knows, sorted: its own words (``Vocabulary``), Apple's key and
  /// value constants, access-control flags, LAPolicy names, OSStatus and LAError names. For the
  /// REPL's tab completion; bound names come from ``bindings``.
  public static let vocabulary: [String] = {
    var words = Vocabulary.allWords
    words.formUnion(SecConstants.allNames)
    words.formUnion(SecAccessControlCreateFlags.named.flatMap { [$0.swift, $0.objc] })
    words.formUnion(LAPolicy.allCases.map(\.name))
    words.formUnion(OSStatus.known.map(\.name))
    words.formUnion(LAErrorCode.allSpellings)
    return words.sorted()
  }()
}
