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

  /// The spec file `simulate` with none suggests is one the repository has.
  @Test func theSuggestedSpecFileExists() throws {
    let message: String
    do {
      _ = try SimulateChoice.parse([])
      Issue.record("simulate with no spec file was accepted")
      return
    } catch {
      message = error.message
    }
    let command = try #require(message.range(of: "`keychain-sim simulate "), "\(message)")
    let path = try #require(
      message[command.upperBound...].split(separator: "`").first.map(String.init), "\(message)")
    let file = Self.root.appendingPathComponent(path).path
    #expect(FileManager.default.fileExists(atPath: file), "\(path) does not exist")
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

@Suite struct SimulateJobsTests {
  @Test func jobsDefaultsToTheActiveProcessorsAndTakesANumber() throws {
    let defaults = try SimulateChoice.parse(["app.spec"])
    #expect(defaults.jobs == ProcessInfo.processInfo.activeProcessorCount)
    #expect(try SimulateChoice.parse(["app.spec", "--jobs", "3"]).jobs == 3)
    #expect(try SimulateChoice.parse(["--jobs", "1", "app.spec"]).jobs == 1)
  }

  @Test(arguments: [
    (["a.spec", "--jobs", "0"], "--jobs takes a whole number from 1 to 1024, not '0'"),
    (["a.spec", "--jobs", "-2"], "--jobs takes a whole number from 1 to 1024, not '-2'"),
    (["a.spec", "--jobs", "many"], "--jobs takes a whole number from 1 to 1024, not 'many'"),
    (["a.spec", "--jobs"], "--jobs needs a value"),
    (["a.spec", "--job", "2"], "did you mean '--jobs'?"),
  ])
  func badJobsSayWhat(arguments: [String], message: String) {
    do {
      _ = try SimulateChoice.parse(arguments)
      Issue.record("\(arguments) parsed")
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func oneWorkerAndThreePrintTheSameReportAndSVG() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("simulate-jobs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var outputs: [(stdout: String, svg: Data)] = []
    for jobs in ["1", "3"] {
      let svg = directory.appendingPathComponent("jobs-\(jobs).svg")
      let result = try ExecutableRunner.run([
        "simulate", SimulateCommandTests.example, "--phones", "30", "--days", "2", "--seed", "3",
        "--timeline", "--svg", svg.path, "--jobs", jobs,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append((result.stdout, try Data(contentsOf: svg)))
    }
    #expect(outputs[0].stdout.contains("30 phones"), "\(outputs[0].stdout)")
    #expect(outputs[0].stdout == outputs[1].stdout)
    #expect(outputs[0].svg == outputs[1].svg)
  }

  @Test func theHelpListsJobs() throws {
    #expect(SimulateChoice.usage.contains("--jobs N"))
  }
}
