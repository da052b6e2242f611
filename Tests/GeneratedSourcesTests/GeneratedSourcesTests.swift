import Foundation
import Testing

@testable import generate_apple_names

/// The checked-in generated files are exactly what the generator writes from the engine's
/// tables today: each Apple fact has one table, and the Apple-API modules' globals follow it.
/// On a failure, run `bash scripts/generate-apple-names.sh` and commit the result.
@Suite struct GeneratedSourcesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test(arguments: GeneratedFile.all.map(\.path))
  func theCheckedInFileIsWhatTheGeneratorWrites(path: String) throws {
    let file = try #require(GeneratedFile.all.first { $0.path == path })
    let checkedIn = try #require(
      try file.checkedIn(under: Self.root),
      "\(path) is missing: run bash scripts/generate-apple-names.sh")
    let difference = Self.firstDifference(checkedIn, file.contents)
    #expect(
      difference == nil,
      "\(path) is stale at line \(difference ?? 0): run bash scripts/generate-apple-names.sh")
  }

  @Test func everyGeneratedFileSaysItIsGeneratedAndHowToRegenerate() {
    for file in GeneratedFile.all {
      #expect(
        file.contents.hasPrefix("// swift-format-ignore-file\n// GENERATED FILE, DO NOT EDIT"))
      #expect(file.contents.contains("regenerate with `bash scripts/generate-apple-names.sh`"))
      #expect(file.contents.hasSuffix("]\n") || file.contents.hasSuffix("}\n"), "\(file.path)")
    }
  }

  @Test func literalsEscapeWhatASwiftStringCannotHoldAsIs() {
    #expect(GeneratedFile.literal("acct") == #""acct""#)
    #expect(GeneratedFile.literal("ftp ") == #""ftp ""#)
    #expect(GeneratedFile.literal(#"a"b\c"#) == #""a\"b\\c""#)
    #expect(GeneratedFile.literal("line\nnext\u{1}") == #""line\nnext\u{1}""#)
  }

  @Test func theTablesAreReadInTheirOrderWithPrivateNamesLeftOut() {
    let codes = SecBaseCodesRenderer.render()
    #expect(codes.contains("public let errSecItemNotFound: OSStatus = -25300\n"))
    #expect(!codes.contains("errSecUpgradePending"))
    let first = codes.range(of: "public let errSecSuccess:")
    let last = codes.range(of: "public let errSecCertificateIsCA:")
    #expect(first != nil && last != nil && first!.lowerBound < last!.lowerBound)

    let constants = SecItemConstantsRenderer.render()
    #expect(
      constants.contains(#"public let kSecAttrAccount: CFString = SecConstantString("acct")"#))
    #expect(
      constants.contains(#"public let kSecAttrProtocolFTP: CFString = SecConstantString("ftp ")"#))
    #expect(!constants.contains("kSecUseTombstones"))
    #expect(!constants.contains("kCFBooleanTrue"))

    let errors = LAErrorCodeRenderer.render()
    #expect(errors.contains("    case userCancel = -2\n"))
    #expect(errors.contains("    public static let touchIDLockout = Code.biometryLockout\n"))
    #expect(errors.contains("  public static let notInteractive = Code.notInteractive\n"))
  }

  /// The 1-based number of the first line where `a` and `b` differ; `nil` when they are equal.
  static func firstDifference(_ a: String, _ b: String) -> Int? {
    guard a != b else { return nil }
    let left = a.split(separator: "\n", omittingEmptySubsequences: false)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(left.count, right.count) {
      if index >= left.count || index >= right.count || left[index] != right[index] {
        return index + 1
      }
    }
    return max(left.count, right.count)
  }
}
