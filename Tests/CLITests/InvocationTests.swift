import Keychain
import Testing

@testable import keychain_sim

@Suite struct InvocationTests {
  @Test func noArgumentsStartsTheREPL() throws {
    #expect(try Invocation.parse([]) == .repl(.init()))
  }

  @Test func runCollectsPathsAndOptions() throws {
    let parsed = try Invocation.parse([
      "run", "a.scenario", "--quiet", "--format", "json", "--junit", "out.xml", "dir",
      "--device", "d.db", "--kdf", "fast",
    ])
    var expected = Invocation.RunChoice()
    expected.paths = ["a.scenario", "dir"]
    expected.quiet = true
    expected.json = true
    expected.junitPath = "out.xml"
    expected.device = .init(devicePath: "d.db", kdf: .fast)
    #expect(parsed == .run(expected))
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["run", "--help"], ["run", "x.scenario", "-h"], ["explain", "--help"],
  ])
  func helpAnywhereBeforeADoubleDashAsksForHelp(arguments: [String]) throws {
    #expect(try Invocation.parse(arguments) == .help)
  }

  @Test func aFileNamedDashDashHelpAfterDoubleDashIsAPath() throws {
    var expected = Invocation.RunChoice()
    expected.paths = ["--help"]
    #expect(try Invocation.parse(["run", "--", "--help"]) == .run(expected))
  }

  @Test(arguments: [
    (["run"], "run needs at least one scenario file or folder"),
    (["run", "x", "--kdf", "slow"], "--kdf takes fast or realistic, not 'slow'"),
    (["run", "x", "--format"], "--format needs a value"),
    (["run", "x", "--quite"], "unknown option '--quite'; did you mean '--quiet'?"),
    (["rnu"], "unknown command 'rnu'; did you mean 'run'?"),
    (["run", "x", "--dev", "d.db"], "unknown option '--dev'; did you mean '--device'?"),
    (["explain"], "explain needs a status, e.g. `keychain-sim explain -25308`"),
  ])
  func badCommandLinesSayWhatIsWrong(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Invocation.parse(arguments) }
  }
}
