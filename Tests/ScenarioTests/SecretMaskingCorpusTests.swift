import Foundation
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Takes every secret-bearing line of every golden input and repository scenario, puts a
/// recognisable secret in it, breaks the line in each way a reader might (the issue's list:
/// other spellings of `kSecValueData`, a misspelt key or `device`, a passcode written as words,
/// a string cut by a bad escape, stray text before or after), and checks that the secret appears
/// in none of what echoes source: the parse diagnostics (text and kind), the run report as text,
/// JSON and JUnit, and the REPL history entry.
@Suite struct SecretMaskingCorpusTests {
  /// A passcode of digits, as words, and an item value: long and odd enough that finding any of
  /// them (or half of one) in output can only mean a leak.
  static let digits = "7391528604"
  static let words = "hdjbfcigae"
  static let data = "Zq9Xw7Kp"

  enum Kind: Sendable { case passcode, data, result }

  /// One secret-bearing line of a file.
  struct SecretLine: CustomTestStringConvertible, Sendable {
    var file: String
    var lines: [String]
    var index: Int
    var kind: Kind
    /// The literals that hold the secret, as offsets in the line.
    var slots: [Range<Int>]
    var testDescription: String { "\(file):\(index + 1)" }
  }

  /// One broken form of a line and the fragments of the secret that must not appear.
  struct Variant {
    var line: String
    var fragments: [String]
  }

  // MARK: - The corpus

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let secretLines: [SecretLine] = {
    let golden = root.appendingPathComponent("Tests/ScenarioTests/Golden")
    let goldenFiles =
      ((try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? [])
      .filter { $0.hasSuffix(".scenario") || $0.hasSuffix(".repl") }
      .map { golden.appendingPathComponent($0).path }
    let scenarioFiles = ScenarioRunner.expand([root.appendingPathComponent("scenarios").path])
    var found: [SecretLine] = []
    // Lines whose text around the secret is the same break the same way: one of each shape
    // keeps the suite fast. `SECRET_CORPUS=all swift test --filter SecretMaskingCorpus` takes
    // every line (218 of them, some 15 s).
    let everyLine = ProcessInfo.processInfo.environment["SECRET_CORPUS"] == "all"
    var shapes: Set<String> = []
    for path in (goldenFiles + scenarioFiles).sorted() {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      let lines = text.components(separatedBy: "\n")
      for (index, line) in lines.enumerated() {
        guard let (kind, slots) = secretSlots(in: line),
          everyLine || shapes.insert(shape(of: line, slots: slots)).inserted
        else { continue }
        let name = String(path.dropFirst(root.path.count + 1))
        found.append(SecretLine(file: name, lines: lines, index: index, kind: kind, slots: slots))
      }
    }
    return found
  }()

  static let literal = #"(\d+|"(?:[^"\\]|\\.)*")"#
  static let patterns: [(Kind, String)] = [
    (.passcode, #"device\s+passcode\s+(?:remove\s+)?"# + literal),
    (.passcode, #"device\s+passcode\s+change\s+"# + literal + #"\s+"# + literal),
    (.passcode, #"device\s+unlock\s+"# + literal),
    (.passcode, #"user\s+will\s+enter\s+"# + literal),
    (.data, #"kSecValueData\s*:\s*(?:Data\(\s*)?"# + literal),
    (.result, #"expect\s+result\s+"# + literal),
  ]

  /// What decides how a line breaks: whether the statement starts it, and the text from a little
  /// before the first secret to a little after the last.
  static func shape(of line: String, slots: [Range<Int>]) -> String {
    let code = Array(codePart(of: filling(line, slots, with: "•")))
    let first = slots.first?.lowerBound ?? 0
    let last = first + (slots.last.map { $0.lowerBound - first } ?? 0) + 1
    let window = code[max(0, first - 16)..<min(code.count, last + 12)]
    return (line.first?.isWhitespace == true ? " " : "") + String(window)
  }

  nonisolated(unsafe) static let regexes = patterns.map { ($0.0, try! Regex($0.1)) }

  /// The kind of secret the code of `line` holds and where its literals are; nil for none.
  static func secretSlots(in line: String) -> (Kind, [Range<Int>])? {
    let code = codePart(of: line)
    guard ["device", "user", "kSecValueData", "expect"].contains(where: code.contains) else {
      return nil
    }
    for (kind, regex) in regexes.reversed() {
      guard let match = code.firstMatch(of: regex) else { continue }
      let slots = (1..<match.output.count).compactMap { index -> Range<Int>? in
        guard let range = match.output[index].range else { return nil }
        return code.distance(
          from: code.startIndex, to: range.lowerBound)..<code.distance(
            from: code.startIndex, to: range.upperBound)
      }
      return (kind, slots)
    }
    return nil
  }

  /// The line without its comment.
  static func codePart(of line: String) -> String {
    var inString = false
    var escaped = false
    var previous: Character = " "
    var code = ""
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "#" {
        break
      } else if character == "/" && previous == "/" {
        code.removeLast()
        break
      }
      code.append(character)
      previous = character
    }
    return code
  }

  // MARK: - Breaking a line

  /// `line` with each slot replaced by `literal`.
  static func filling(_ line: String, _ slots: [Range<Int>], with literal: String) -> String {
    var characters = Array(line)
    for slot in slots.reversed() { characters.replaceSubrange(slot, with: literal) }
    return String(characters)
  }

  /// `line` with a stray `@` before its first word.
  static func strayBefore(_ line: String) -> String {
    let blanks = line.prefix(while: \.isWhitespace)
    return blanks + "@ " + line.dropFirst(blanks.count)
  }

  static func variants(of secret: SecretLine) -> [Variant] {
    let line = secret.lines[secret.index]
    let quoted = "\"\(data)\""
    let cut = #""Zq9X\qw7Kp""#
    let cutFragments = ["Zq9X", "w7Kp"]
    switch secret.kind {
    case .passcode:
      let plain = filling(line, secret.slots, with: digits)
      let statement = line.contains("device") ? "device" : "user"
      let misspelt = statement == "device" ? "devcie" : "usr"
      return [
        Variant(line: plain + " @", fragments: [digits]),
        Variant(line: strayBefore(plain), fragments: [digits]),
        Variant(line: filling(line, secret.slots, with: words), fragments: [words]),
        Variant(line: filling(line, secret.slots, with: words) + " @", fragments: [words]),
        Variant(
          line: filling(line, secret.slots, with: #""73915\q28604""#),
          fragments: ["73915", "28604"]),
        Variant(
          line: plain.replacingOccurrences(of: statement, with: misspelt), fragments: [digits]),
        Variant(
          line: filling(line, secret.slots, with: words).replacingOccurrences(
            of: statement, with: misspelt),
          fragments: [words]),
        Variant(line: filling(line, secret.slots, with: quoted) + " @", fragments: [data]),
        Variant(line: filling(line, secret.slots, with: #""Zq9X"#), fragments: ["Zq9X"]),
      ]
    case .data:
      let keys = [
        "kSecValueData", "kSecValueData as String", "kSecValueData as CFString",
        "String(kSecValueData)", "\"v_Data\"", "kSecValuData", "kSecValueDta as String",
      ]
      let withQuoted = filling(line, secret.slots, with: quoted)
      let spellings = keys.flatMap { key -> [Variant] in
        [
          Variant(
            line: withQuoted.replacingOccurrences(of: "kSecValueData", with: key) + " @",
            fragments: [data]),
          Variant(
            line: filling(line, secret.slots, with: cut)
              .replacingOccurrences(of: "kSecValueData", with: key),
            fragments: cutFragments),
        ]
      }
      return spellings + [
        Variant(line: strayBefore(withQuoted), fragments: [data]),
        Variant(line: withQuoted.replacingOccurrences(of: ":", with: ""), fragments: [data]),
      ]
    case .result:
      let plain = filling(line, secret.slots, with: quoted)
      return [
        Variant(line: plain, fragments: [data]),
        Variant(line: plain + " @", fragments: [data]),
        Variant(line: plain.replacingOccurrences(of: "result", with: "reslt"), fragments: [data]),
        Variant(line: filling(line, secret.slots, with: cut), fragments: cutFragments),
      ]
    }
  }

  /// The lines of the statement that line `index` belongs to.
  static func statementLines(around index: Int, in lines: [String]) -> Range<Int> {
    func startsStatement(_ line: String) -> Bool {
      guard let first = line.first else { return false }
      return !first.isWhitespace && first != "]" && first != ")"
    }
    var start = index
    while start > 0, !startsStatement(lines[start]) { start -= 1 }
    var end = index + 1
    while end < lines.count, !startsStatement(lines[end]) { end += 1 }
    return start..<end
  }

  // MARK: - The checks

  @Test func theCorpusHasEveryKindOfSecretLine() {
    let kinds = Self.secretLines.map(\.kind)
    #expect(kinds.filter { $0 == .passcode }.count >= 4)
    #expect(kinds.filter { $0 == .data }.count >= 10)
    #expect(kinds.filter { $0 == .result }.count >= 1)
  }

  @Test(arguments: secretLines)
  func noBrokenFormLeaksTheSecret(_ secret: SecretLine) {
    let runner = ScenarioRunner(options: .init(kdfProfile: .fast))
    for variant in Self.variants(of: secret) {
      var lines = secret.lines
      lines[secret.index] = variant.line
      // The statement around the line (a statement starts in column 1; its continuation lines
      // are indented): parsing the whole file per variant would make the suite slow.
      let statement = Self.statementLines(around: secret.index, in: lines)
      let source = lines[statement].joined(separator: "\n")
      var echoes: [String] = []

      var parser = ScenarioParser(file: secret.file)
      let parsed = parser.parse(source)
      for diagnostic in parsed.diagnostics {
        echoes += [diagnostic.rendered(), diagnostic.message, String(describing: diagnostic.kind)]
      }
      var lineParser = ScenarioParser(file: "<repl>")
      let lineParsed = lineParser.parse(variant.line)
      echoes.append(REPL.historyEntry(for: variant.line, parsed: lineParsed) ?? "")
      for diagnostic in lineParsed.diagnostics { echoes.append(diagnostic.rendered()) }

      if parsed.diagnostics.isEmpty {
        // Only `expect result` with its secret intact parses; a transcript shows expected
        // values by design, so only the history is checked for it.
        #expect(secret.kind == .result, "\(variant.line) parsed")
      } else {
        let report = runner.run(source: source, name: secret.file)
        let run = RunReport(files: [report])
        echoes += [report.loadError ?? "", report.transcript, run.jsonText(), run.junitXML()]
      }

      for fragment in variant.fragments {
        let leak = echoes.first { $0.contains(fragment) }
        #expect(leak == nil, "`\(variant.line)` leaks \(fragment) in: \(leak?.prefix(300) ?? "")")
      }
    }
  }

  // MARK: - Issue 28: a token in or after a secret slot, quoted back by the message

  /// A line of issue 28, the secret in it, and what the error must still say.
  struct QuotedForm: CustomTestStringConvertible, Sendable {
    var source: String
    var secret: String
    /// Text the masked error still holds (what is wrong, or the suggestion).
    var says: String
    /// The line the error names.
    var line = 1
    var testDescription: String { source }
  }

  static let quotedForms: [QuotedForm] = [
    QuotedForm(
      source: #"device passcode "abc"SECRETTAIL""#, secret: "SECRETTAIL",
      says: "unexpected `••••` after the end of the statement"),
    QuotedForm(
      source: #"device unlock "abc"SECRETTAIL""#, secret: "SECRETTAIL",
      says: "unexpected `••••` after the end of the statement"),
    QuotedForm(
      source: #"user will enter "abc"SECRETTAIL""#, secret: "SECRETTAIL",
      says: "unexpected `••••` after the end of the statement"),
    QuotedForm(
      source:
        #"SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: "x" "PLUTO9SECRET"]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`"),
    QuotedForm(
      source: #"SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: ""PLUTO9SECRET""]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`"),
    QuotedForm(
      source:
        #"SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: """PLUTO9SECRET"""]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`"),
    QuotedForm(
      source:
        #"SecItemUpdate [kSecClass: kSecClassGenericPassword] [kSecValueData: "x" "PLUTO9SECRET"]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`"),
    QuotedForm(
      source:
        #"SecItemUpdate [kSecClass: kSecClassGenericPassword] [kSecValueData: """PLUTO9SECRET"""]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`"),
    QuotedForm(
      source: #"let x = [kSecClass: kSecClassGenericPassword, kSecValueData: "x" "PLUTO9SECRET"]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`"),
    QuotedForm(
      source: #"let x = [kSecClass: kSecClassGenericPassword, kSecValueData: ""PLUTO9SECRET""]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`"),
    // The value on a line of its own: that line names no key, the parser's record masks it.
    QuotedForm(
      source: "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData:\n"
        + #"  "x" "PLUTO9SECRET"]"#,
      secret: "PLUTO9SECRET", says: "expected `,` or `]`, found `••••`", line: 2),
    QuotedForm(
      source: "backup create m encrypted password x PLUTO9SECRET", secret: "PLUTO9SECRET",
      says: "unexpected `••••` after the end of the statement"),
    QuotedForm(
      source: "backup restore m password x PLUTO9SECRET", secret: "PLUTO9SECRET",
      says: "unexpected `••••` after the end of the statement"),
    QuotedForm(
      source: "unlock 123456", secret: "123456",
      says: "unknown statement `unlock`; did you mean `device unlock`?"),
    QuotedForm(
      source: "passcode 918273", secret: "918273",
      says: "unknown statement `passcode`; did you mean `device passcode`?"),
    QuotedForm(
      source: "unlcok 123456", secret: "123456",
      says: "unknown statement `unlcok`; did you mean `device unlock`?"),
    QuotedForm(
      source: ##"device passcode #"RAWSECRET"#"##, secret: "RAWSECRET",
      says: "expected a passcode, found the end of the statement"),
    QuotedForm(
      source: ##"device unlock #"RAWSECRET"#"##, secret: "RAWSECRET",
      says: "expected a passcode, found the end of the statement"),
    QuotedForm(
      source: ##"SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: #"RAWSECRET"#]"##,
      secret: "RAWSECRET", says: "error:"),
    QuotedForm(
      source: ##"backup create m encrypted password #"RAWSECRET"#"##, secret: "RAWSECRET",
      says: "expected a backup password, found the end of the statement"),
    QuotedForm(
      source: #"app defaults set refresh-token "x" PLUTO9SECRET"#, secret: "PLUTO9SECRET",
      says: "unexpected `••••` after the end of the statement"),
    QuotedForm(
      source: "app defualts set refresh-token PLUTO9SECRET", secret: "PLUTO9SECRET",
      says: "did you mean `defaults`?"),
  ]

  /// Every output of a parse error (the diagnostic's message, kind and rendering, the run's
  /// text, JSON and JUnit) names the line and says what is wrong, and none holds the secret.
  @Test(arguments: quotedForms)
  func aTokenInOrAfterASecretSlotIsMaskedInEveryOutput(_ form: QuotedForm) throws {
    var parser = ScenarioParser(file: "t.scenario")
    let diagnostic = try #require(parser.parse(form.source + "\n").diagnostics.first)
    let report = ScenarioRunner(options: .init(kdfProfile: .fast))
      .run(source: form.source + "\n", name: "t.scenario")
    let run = RunReport(files: [report])
    let outputs: [(String, String)] = [
      ("message", diagnostic.message), ("kind", diagnostic.kind.map(\.text) ?? ""),
      ("kind value", String(describing: diagnostic.kind)), ("rendering", diagnostic.rendered()),
      ("text", try #require(report.loadError)), ("JSON", run.jsonText()),
      ("JUnit", run.junitXML()),
    ]
    for (name, output) in outputs {
      #expect(!output.contains(form.secret), "\(name) leaks: \(output)")
    }
    #expect(diagnostic.location.line == form.line)
    #expect(diagnostic.message.contains(form.says) || form.says == "error:", "\(diagnostic)")
    for (name, output) in outputs[4...] {
      #expect(output.contains("t.scenario:\(form.line):"), "\(name): \(output)")
      #expect(output.contains(form.says), "\(name): \(output)")
    }
  }
}
