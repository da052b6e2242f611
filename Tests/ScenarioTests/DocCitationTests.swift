import Foundation
import Testing

/// Comments cite sections that exist in docs/: every `§` in Sources/ and Benchmarks/ belongs to
/// a citation of a document in the repository (`docs/evidence.md §6.2`, `evidence §6.2` once
/// the file has named docs/evidence.md, `docs/scenario-language.md §3-§5`), the numbered
/// heading exists, and a `docs/<name>.md, "Heading"` citation names a heading of that document.
/// docs/fidelity.md is always cited by heading: it has no numbers.
@Suite struct DocCitationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyCitationInSourcesNamesASectionThatExists() throws {
    let docs = try Self.loadDocs()
    var problems: [String] = []
    for folder in ["Sources", "Benchmarks"] {
      let base = Self.root.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
      while let url = files?.nextObject() as? URL {
        // The built-in lessons are scenarios/ quoted into a Swift literal (quotes escaped):
        // their `#` comments are scenario text, not this checker's Swift comments.
        guard url.pathExtension == "swift", url.lastPathComponent != "BundledLessons.swift"
        else { continue }
        let text = try String(contentsOf: url, encoding: .utf8)
        let name = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
        problems += DocCitations.problems(in: text, file: name, docs: docs)
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  // MARK: - The checker itself

  static let sample: [String: DocCitations.Document] = [
    "docs/evidence.md": DocCitations.Document(
      markdown: "# E\n## 1. One\n### 1.2 Sub\n## 2. Two\n"),
    "docs/fidelity.md": DocCitations.Document(markdown: "# F\n#### A locked item\n"),
  ]

  @Test(arguments: [
    "/// Rule (docs/evidence.md §1.2; evidence §2, §1).",
    "/// Rule (docs/evidence.md §1-§2) and (docs/evidence.md\n/// §1.2 and §2).",
    "/// See docs/fidelity.md, \"A locked item\".",
    "/// See docs/fidelity.md,\n/// \"A locked\n/// item\".",
  ])
  func theCheckerAcceptsCitationsOfExistingSections(_ text: String) {
    #expect(DocCitations.problems(in: text, file: "F.swift", docs: Self.sample) == [])
  }

  @Test(arguments: [
    "/// Rule (fact sheet §6.2).",  // a document outside the repository
    "/// Rule (docs/evidence.md §3).",  // no such section
    "/// Rule (docs/evidence.md §1, §2.9).",  // the second of a list is missing
    "/// Rule (evidence §1).",  // the short form before the file named the document
    "/// Rule (docs/missing.md §1).",  // no such document
    "/// See docs/fidelity.md.",  // fidelity cited without a heading
    "/// See docs/fidelity.md, \"An unlocked item\".",  // no such heading
    "/// Rule (STYLE.md §2).",
  ])
  func theCheckerRejectsCitationsOfMissingSections(_ text: String) {
    #expect(DocCitations.problems(in: text, file: "F.swift", docs: Self.sample).count == 1)
  }

  static func loadDocs() throws -> [String: DocCitations.Document] {
    let folder = root.appendingPathComponent("docs")
    var docs: [String: DocCitations.Document] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasSuffix(".md") {
      let markdown = try String(
        contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      docs["docs/\(name)"] = DocCitations.Document(markdown: markdown)
    }
    return docs
  }
}

/// Finds the citations of one source file that name no existing document section.
enum DocCitations {
  /// A document's numbered sections ("6.2") and heading titles.
  struct Document {
    var numbers: Set<String> = []
    var titles: Set<String> = []

    init(markdown: String) {
      for line in markdown.split(separator: "\n") where line.hasPrefix("#") {
        let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        titles.insert(title)
        var number = title.prefix { $0.isNumber || $0 == "." }
        if number.hasSuffix(".") { number = number.dropLast() }
        if !number.isEmpty { numbers.insert(String(number)) }
      }
    }
  }

  static let section = #"§(\d+(?:\.\d+)*)"#
  static let numbered = try! NSRegularExpression(
    pattern: #"(docs/[\w-]+\.md|evidence) "# + section + #"((?:(?:, | and |-|–)"# + section
      + ")*)")
  static let anySection = try! NSRegularExpression(pattern: section)
  static let titled = try! NSRegularExpression(pattern: #"(docs/[\w-]+\.md)(, "([^"]+)")?"#)

  static func problems(in source: String, file: String, docs: [String: Document]) -> [String] {
    // A citation may run over the next comment line: read comments as one line.
    let text = source.replacingOccurrences(
      of: #"\n[ \t]*//+[ \t]?"#, with: " ", options: .regularExpression)
    let whole = NSRange(text.startIndex..., in: text)
    var problems: [String] = []
    var cited = Set<Int>()
    for match in numbered.matches(in: text, range: whole) {
      let name = String(text[Range(match.range(at: 1), in: text)!])
      let path = name == "evidence" ? "docs/evidence.md" : name
      let citation = String(text[Range(match.range, in: text)!])
      if name == "evidence",
        !text[..<Range(match.range, in: text)!.lowerBound].contains(
          "docs/evidence.md")
      {
        problems.append("\(file): `\(citation)` before the file names docs/evidence.md in full")
      }
      let inner = NSRange(Range(match.range, in: text)!, in: text)
      let numbers = anySection.matches(in: text, range: inner)
      cited.formUnion(numbers.map(\.range.location))
      guard let document = docs[path] else {
        problems.append("\(file): `\(citation)` cites \(path), which does not exist")
        continue
      }
      for number in numbers {
        let value = String(text[Range(number.range(at: 1), in: text)!])
        if !document.numbers.contains(value) {
          problems.append("\(file): `\(citation)`: \(path) has no section \(value)")
        }
      }
    }
    for sign in anySection.matches(in: text, range: whole)
    where !cited.contains(sign.range.location) {
      let context = text[Range(sign.range, in: text)!.lowerBound...].prefix(20)
      let before = text[..<Range(sign.range, in: text)!.lowerBound].suffix(30)
      problems.append("\(file): `\(before)\(context)` cites no document of the repository")
    }
    for match in titled.matches(in: text, range: whole) {
      let path = String(text[Range(match.range(at: 1), in: text)!])
      guard match.range(at: 3).location != NSNotFound else {
        if path == "docs/fidelity.md" {
          problems.append("\(file): docs/fidelity.md cited without the heading of its entry")
        }
        continue
      }
      let title = String(text[Range(match.range(at: 3), in: text)!])
      guard let document = docs[path] else {
        problems.append("\(file): cites \(path), which does not exist")
        continue
      }
      if !document.titles.contains(title) {
        problems.append("\(file): \(path) has no heading \"\(title)\"")
      }
    }
    return problems
  }
}
