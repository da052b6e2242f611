import Foundation
import Testing

/// The rule for secrets in output (docs/cli.md, "Secrets in the output"): item data a call
/// returns is masked to its length in every output of `run`, of the REPL and of `lessons`,
/// and shown with `--show-secrets`; expectations check the real data either way.
@Suite struct SecretOutputTests {
  /// Reads the secret bare, in a dictionary, as an array, and checks it by a failing and a
  /// holding expectation; the secret is never written in an `expect` (echoed as written).
  static let reads = """
    let item = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    SecItemAdd item + [kSecValueData: "PLUTO9SECRET"]
    SecItemCopyMatching item + [kSecReturnData: true]
    expect count 1
    SecItemCopyMatching item + [kSecReturnData: true, kSecReturnAttributes: true]
    SecItemCopyMatching item + [kSecReturnData: true, kSecMatchLimit: kSecMatchLimitAll]
    SecItemCopyMatching item + [kSecReturnData: true]
    expect result "something else"

    """

  static let secret = "PLUTO9SECRET"
  static let masked = "<12 bytes: ••••>"

  struct Outputs {
    let text: String
    let json: String
    let junit: String
    let status: Int32
  }

  func outputs(_ extra: [String]) throws -> Outputs {
    let folder = try ScenarioFolder()
    let file = try folder.write("reads.scenario", Self.reads)
    let junit = folder.path("junit.xml")
    let text = try ExecutableRunner.run(
      ["run", "--kdf", "fast", "--junit", junit] + extra + [file])
    let json = try ExecutableRunner.run(
      ["run", "--kdf", "fast", "--format", "json"] + extra + [file])
    #expect(text.status == json.status)
    // Compared as text: JSON's and XML's escapes of `"`, `<` and `>` undone.
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"")
    return Outputs(
      text: text.stdout + text.stderr,
      json: json.stdout.replacingOccurrences(of: #"\""#, with: "\""), junit: xml,
      status: text.status)
  }

  @Test func returnedDataIsMaskedInTextJSONAndJUnit() throws {
    let run = try outputs([])
    #expect(run.status == 1, "the failing expectation still fails on the real data")
    for (name, output) in ["text": run.text, "JSON": run.json, "JUnit": run.junit] {
      #expect(!output.contains(Self.secret), "\(name) shows the secret: \(output)")
      #expect(output.contains(Self.masked), "\(name) lacks the masked data: \(output)")
      #expect(
        output.contains("(item data masked; --show-secrets shows it)"),
        "\(name) does not say how to see the data the failed expectation found")
    }
    #expect(run.text.contains("result: \(Self.masked)"))
    #expect(run.text.contains("kSecValueData: \(Self.masked),"))
    #expect(run.text.contains("result: [\(Self.masked)]"))
    // `expect count 1` held on the masked read: the checks see the real data.
    #expect(run.text.contains("expect count 1  ✓"))
  }

  @Test func showSecretsShowsReturnedDataInTextJSONAndJUnit() throws {
    let run = try outputs(["--show-secrets"])
    #expect(run.status == 1)
    let shown = #"<12 bytes: "PLUTO9SECRET">"#
    for (name, output) in ["text": run.text, "JSON": run.json, "JUnit": run.junit] {
      #expect(!output.contains(Self.masked), "\(name) still masks: \(output)")
      #expect(output.contains(shown), "\(name) lacks the data: \(output)")
    }
    // The data written stays masked: it is in the scenario file already.
    #expect(run.text.contains("SecItemAdd item + [kSecValueData: ••••]"))
  }

  @Test func pipedREPLMasksReturnedDataUnlessAsked() throws {
    let masked = try ExecutableRunner.run(["--kdf", "fast"], stdin: Self.reads)
    #expect(!masked.stdout.contains(Self.secret), "\(masked.stdout)")
    #expect(masked.stdout.contains("result: \(Self.masked)"))
    let shown = try ExecutableRunner.run(["--kdf", "fast", "--show-secrets"], stdin: Self.reads)
    #expect(shown.stdout.contains(#"result: <12 bytes: "PLUTO9SECRET">"#), "\(shown.stdout)")
  }

  @Test func showSecretsIsRefusedWhereNothingIsShown() throws {
    let result = try ExecutableRunner.run(["train", "--show-secrets"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown option '--show-secrets'"), "\(result.stderr)")
  }
}
