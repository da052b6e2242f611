import Keychain
import Testing

@testable import keychain_sim

@Suite struct InvocationTests {
  @Test func noArgumentsStartsTheREPL() throws {
    #expect(try Invocation.parse([]) == .repl(.init()))
  }

  @Test func optionsTakeTheirValueAfterAnEqualsSign() throws {
    let parsed = try Invocation.parse([
      "run", "--format=json", "--junit=out/x.xml", "--kdf=fast", "--device=d.db", "-", "--",
      "--junit=literal",
    ])
    var expected = Invocation.RunChoice()
    expected.paths = ["-", "--junit=literal"]
    expected.json = true
    expected.junitPath = "out/x.xml"
    expected.device = .init(devicePath: "d.db", kdf: .fast)
    #expect(parsed == .run(expected))
  }

  @Test func theREPLTakesAnInitFile() throws {
    let parsed = try Invocation.parse(["-i", "setup.scenario", "--kdf=fast"])
    #expect(
      parsed == .repl(.init(device: .init(devicePath: nil, kdf: .fast), initFile: "setup.scenario"))
    )
  }

  @Test func noColorIsTakenOutWherever() {
    let (rest, noColor) = Invocation.takingNoColor(["run", "--no-color", "x", "--", "--no-color"])
    #expect(rest == ["run", "x", "--", "--no-color"])
    #expect(noColor)
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

  @Test func strictLessonsAndTrainParse() throws {
    var strict = Invocation.RunChoice()
    strict.paths = ["a.scenario"]
    strict.strict = true
    #expect(try Invocation.parse(["run", "--strict", "a.scenario"]) == .run(strict))

    var lessons = Invocation.LessonsChoice()
    #expect(try Invocation.parse(["lessons"]) == .lessons(lessons))
    lessons.lesson = "background-refresh"
    lessons.folder = "my"
    lessons.device.kdf = .fast
    #expect(
      try Invocation.parse(["lessons", "background-refresh", "--folder", "my", "--kdf", "fast"])
        == .lessons(lessons))
    #expect(throws: UsageError.self) { try Invocation.parse(["lessons", "a", "b"]) }

    var train = Invocation.TrainChoice()
    #expect(try Invocation.parse(["train"]) == .train(train))
    #expect(train.resolvedStatePath == "exercises/.progress")
    train.action = .check
    train.folder = "ex"
    train.statePath = "/tmp/s"
    #expect(
      try Invocation.parse(["train", "check", "--exercises", "ex", "--state", "/tmp/s"])
        == .train(train))
    #expect(throws: UsageError.self) { try Invocation.parse(["train", "show"]) }
    #expect(throws: UsageError.self) { try Invocation.parse(["train", "hint", "check"]) }
    #expect(throws: UsageError.self) { try Invocation.parse(["train", "--state"]) }
  }

  @Test(
    arguments: [
      (["--help"], nil), (["-h"], nil), (["run", "--help"], "run"),
      (["run", "x.scenario", "-h"], "run"), (["explain", "--help"], "explain"),
      (["help", "run"], "run"), (["help"], nil), (["--kdf", "fast", "--help"], nil),
      (["help", "completion"], "completion"), (["train", "--help"], "train"),
      (["lessons", "-h"], "lessons"), (["help", "train"], "train"),
    ] as [([String], String?)])
  func helpAnywhereBeforeADoubleDashAsksForHelp(arguments: [String], command: String?) throws {
    #expect(try Invocation.parse(arguments) == .help(command))
  }

  @Test func aFileNamedDashDashHelpAfterDoubleDashIsAPath() throws {
    var expected = Invocation.RunChoice()
    expected.paths = ["--help"]
    #expect(try Invocation.parse(["run", "--", "--help"]) == .run(expected))
  }

  @Test(arguments: [
    (["run"], "run needs at least one scenario file or folder (- for standard input)"),
    (["help", "rnu"], "no help for 'rnu'; did you mean 'run'?"),
    (["completion", "fish"], "completion takes bash or zsh"),
    (["run", "x", "--kdf", "slow"], "--kdf takes fast or realistic, not 'slow'"),
    (["run", "x", "--format"], "--format needs a value"),
    (["run", "x", "--quite"], "unknown option '--quite'; did you mean '--quiet'?"),
    (["rnu"], "unknown command 'rnu'; did you mean 'run'?"),
    (["run", "x", "--dev", "d.db"], "unknown option '--dev'; did you mean '--device'?"),
    (["explain"], "explain needs a status, e.g. `keychain-sim explain -25308`"),
    (["trian"], "unknown command 'trian'; did you mean 'train'?"),
    (["train", "--exercize", "x"], "unknown option '--exercize'; did you mean '--exercises'?"),
    (["lessons", "--fodler=x"], "unknown option '--fodler'; did you mean '--folder'?"),
  ])
  func badCommandLinesSayWhatIsWrong(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try Invocation.parse(arguments) }
  }
}
