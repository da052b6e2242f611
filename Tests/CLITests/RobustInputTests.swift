import Foundation
import TestSupport
import Testing

/// Bad input to `keychain-sim run`: a clear error naming the file, exit status 2, no crash, and
/// a device file that cannot be opened is left exactly as it was.
@Suite struct RobustInputTests {
  static let reading = """
    SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecReturnData: true]
    expect result "v"

    """

  @Test func folderWithoutScenariosIsAnError() throws {
    let folder = try ScenarioFolder()
    try folder.write("notes.txt", "not a scenario")
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", folder.url.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(folder.url.path): error: the folder has no *.scenario files"))
  }

  @Test func emptyScenarioFilePasses() throws {
    let folder = try ScenarioFolder()
    let file = try folder.write("empty.scenario", "")
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(result.status == 0)
    #expect(result.stdout.contains("1 passed, 0 failed (1 scenario file)"))
  }

  @Test func binaryGarbageIsNotText() throws {
    let folder = try ScenarioFolder()
    let file = folder.path("garbage.scenario")
    var generator = SplitMix64(seed: 42)
    let bytes = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) } + [0xFF])
    try bytes.write(to: URL(fileURLWithPath: file))
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", file])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(file): error: cannot be read as UTF-8 text"))
  }

  /// Damaged device files of several kinds: each is refused with its path and a reason.
  @Test(arguments: [
    ("truncated", "is a damaged device file"), ("header", "is a damaged device file"),
    ("random", "is not a keychain-sim device file"), ("folder", "it is a directory"),
  ])
  func damagedDeviceFileIsRefusedAndKept(kind: String, message: String) throws {
    let folder = try ScenarioFolder()
    let good = folder.path("good.device")
    let setup = try folder.write(
      "setup.scenario",
      """
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: "v"]

      """)
    #expect(
      try ExecutableRunner.run(["run", "--kdf", "fast", "--device", good, setup]).status == 0)
    let original = try Data(contentsOf: URL(fileURLWithPath: good))
    let damaged = folder.path("damaged.device")
    switch kind {
    case "truncated": try original.prefix(original.count - 1000).write(to: url(damaged))
    case "header": try original.prefix(60).write(to: url(damaged))
    case "random":
      var generator = SplitMix64(seed: 7)
      try Data((0..<8192).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        .write(to: url(damaged))
    default:
      try FileManager.default.createDirectory(atPath: damaged, withIntermediateDirectories: true)
    }
    let before = try? Data(contentsOf: url(damaged))
    let read = try folder.write("read.scenario", Self.reading)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", damaged, read])
    #expect(result.status == 2)
    #expect(result.stderr.contains("'\(damaged)'"))
    #expect(result.stderr.contains(message))
    #expect((try? Data(contentsOf: url(damaged))) == before)
    // The intact file still holds the item.
    let again = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", good, read])
    #expect(again.status == 0, "\(again.stdout)")
  }

  /// A set of device files with one member missing is refused (exit 2, naming the device and
  /// its file), and no file of the set is written: the first device and the members that did
  /// open used to be rewritten as rebooted before the missing one was found.
  @Test func aFleetWithAMissingMemberFileLeavesEveryFileAsItWas() throws {
    let folder = try ScenarioFolder()
    let first = folder.path("phone.db")
    let setup = try folder.write(
      "setup.scenario",
      """
      device passcode 1234
      device add watch watch
      device add ipad ipad
      device use watch
      device passcode 1234

      """)
    let made = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", first, setup])
    #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
    let watch = folder.path("phone.watch.db")
    let ipad = folder.path("phone.ipad.db")
    try FileManager.default.removeItem(atPath: ipad)
    let before = try [first, watch].map { try Data(contentsOf: url($0)) }
    let read = try folder.write("read.scenario", Self.reading)
    let result = try ExecutableRunner.run(["run", "--kdf", "fast", "--device", first, read])
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stderr.contains("device 'ipad' in \(ipad) cannot be opened"), "\(result.stderr)")
    #expect(try [first, watch].map { try Data(contentsOf: url($0)) } == before)
    #expect(!FileManager.default.fileExists(atPath: ipad))
  }

  private func url(_ path: String) -> URL { URL(fileURLWithPath: path) }
}
