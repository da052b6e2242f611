import Foundation
import Testing

@testable import keychain_sim

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct SimulateCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let example = root.appendingPathComponent("examples/simulate/news-app.spec").path

  @Test func parsesTheOptions() throws {
    let choice = try SimulateChoice.parse([
      "app.spec", "--phones", "20", "--days", "3", "--seed", "9", "--svg", "out.svg",
      "--timeline", "--profile", "light", "--phone", "4",
    ])
    #expect(choice.specPath == "app.spec")
    #expect(choice.phones == 20 && choice.days == 3 && choice.seed == 9)
    #expect(choice.svgPath == "out.svg" && choice.showTimeline && choice.phone == 4)
    #expect(choice.profile == "light")
  }

  @Test(arguments: [
    (["--phones", "0", "a.spec"], "--phones takes a whole number from 1"),
    (["a.spec", "--seeds", "3"], "did you mean '--seed'?"),
    ([String](), "simulate needs an app spec file"),
    (["a.spec", "b.spec"], "one spec file, got 2"),
    (["a.spec", "--svg"], "--svg needs a value"),
  ])
  func badArgumentsSayWhat(arguments: [String], message: String) {
    #expect(throws: UsageError.self) { try SimulateChoice.parse(arguments) }
    do {
      _ = try SimulateChoice.parse(arguments)
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func theSameSeedPrintsTheSameReportAndWritesAWellFormedSVG() throws {
    let svg = FileManager.default.temporaryDirectory
      .appendingPathComponent("simulate-\(UUID().uuidString).svg").path
    defer { try? FileManager.default.removeItem(atPath: svg) }
    let arguments = [
      "simulate", Self.example, "--phones", "6", "--days", "3", "--seed", "5", "--timeline",
    ]
    let first = try ExecutableRunner.run(arguments + ["--svg", svg])
    let second = try ExecutableRunner.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.contains("headlines (widget) reads token"))
    #expect(first.stdout.contains("errSecMissingEntitlement (-34018)"))
    #expect(first.stderr.isEmpty)  // no progress bar without a terminal
    let brief = ["simulate", Self.example, "--phones", "6", "--days", "3", "--seed"]
    let seedFive = try ExecutableRunner.run(brief + ["5"])
    let seedSix = try ExecutableRunner.run(brief + ["6"])
    #expect(seedFive.stdout != seedSix.stdout)
    #expect(first.stdout.hasPrefix(seedFive.stdout))
    let parser = XMLParser(contentsOf: URL(fileURLWithPath: svg))
    #expect(parser?.parse() == true)
  }

  @Test func checkEngineReplaysPhonesThroughTheRealEngine() throws {
    let result = try ExecutableRunner.run([
      "simulate", Self.example, "--phones", "3", "--days", "2", "--check-engine", "2",
    ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("Checked against the real engine: 2 phones, "))
    #expect(result.stdout.contains("reads: every status agrees."))
  }

  @Test func aBadSpecIsExitStatusTwoWithTheLine() throws {
    let spec = FileManager.default.temporaryDirectory
      .appendingPathComponent("bad-\(UUID().uuidString).spec").path
    defer { try? FileManager.default.removeItem(atPath: spec) }
    try "item t accessible=WhenUnlocked\nwork w kind=nightly reads=t\n".write(
      toFile: spec, atomically: true, encoding: .utf8)
    let result = try ExecutableRunner.run(["simulate", spec])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(spec):2: work 'w' needs kind=one of"))
    let missing = try ExecutableRunner.run(["simulate", Self.example, "--profile", "nobody"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("no profile named 'nobody'"))
  }
}
