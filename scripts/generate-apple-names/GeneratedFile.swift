import Foundation
import KeychainEngine

/// One checked-in source file the generator writes: where it lives in the package and what
/// it must contain.
struct GeneratedFile: Equatable {
  /// Relative to the package's root.
  let path: String
  let contents: String

  /// Every generated file, each from the engine's one table of its facts, or from the
  /// repository's lessons.
  static var all: [GeneratedFile] {
    [
      GeneratedFile(
        path: "Sources/Security/Generated/SecBase+Codes.swift",
        contents: SecBaseCodesRenderer.render()),
      GeneratedFile(
        path: "Sources/Security/Generated/SecItem+Constants.swift",
        contents: SecItemConstantsRenderer.render()),
      GeneratedFile(
        path: "Sources/Security/Generated/SecKeyAlgorithm+Names.swift",
        contents: SecKeyAlgorithmRenderer.render()),
      GeneratedFile(
        path: "Sources/LocalAuthentication/Generated/LAError+Code.swift",
        contents: LAErrorCodeRenderer.render()),
      GeneratedFile(
        path: "Sources/Scenario/Training/Generated/BundledLessons.swift",
        contents: BundledLessonsRenderer.render()),
    ]
  }

  /// The file as checked in under `root`; `nil` when there is none yet (a missing file is
  /// stale, an unreadable one an error).
  func checkedIn(under root: URL) throws -> String? {
    let url = root.appendingPathComponent(path)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The first lines of every generated file: what it is made from and how to remake it.
  static func header(source: String, change: String = "Change the table") -> String {
    """
    // swift-format-ignore-file
    // GENERATED FILE, DO NOT EDIT: made by scripts/generate-apple-names from
    // \(source). \(change), then
    // regenerate with `bash scripts/generate-apple-names.sh`; GeneratedSourcesTests fails
    // when this file differs from what the generator writes.

    """
  }

  /// `text` as a Swift string literal.
  static func literal(_ text: String) -> String { SwiftStringLiteral.quoting(text) }
}
