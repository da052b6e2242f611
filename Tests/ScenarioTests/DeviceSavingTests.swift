import Foundation
import ItemStore
import Testing

@testable import Scenario

/// A statement whose change the device file could not keep fails, naming the file: the run
/// must not go on (and exit 0) as if it had been saved.
@Suite struct DeviceSavingTests {
  @Test func statementFailsWhenTheDeviceCannotBeSaved() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-\(UUID().uuidString).device").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var session = try ScenarioSession(options: .init(devicePath: path, kdfProfile: .fast))
    let parsed = ParsingTestSupport.parse("wait 5s\nwait 5s")
    let statements = parsed.statements
    try #require(statements.count == 2)
    // Another process holds the file's write lock while the first statement plays.
    let other = try ItemDatabase(path: path)
    var failure: ScenarioRuntimeError?
    try other.inTransaction {
      try other.saveDeviceBlob(Data([1]), forKey: "lock-holder")
      do {
        _ = try session.execute(statements[0])
      } catch {
        failure = error as? ScenarioRuntimeError
      }
    }
    let message = try #require(failure).message
    #expect(message.contains("could not be saved to '\(path)'"), "\(message)")
    #expect(message.hasSuffix("(line 1)"))
    // Once the lock is gone, saving works again and the next statement plays.
    #expect(throws: Never.self) { _ = try session.execute(statements[1]) }
  }

  @Test func aStatementFailsWhenAnotherDeviceCannotBeSaved() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("phone.device").path
    var session = try ScenarioSession(options: .init(devicePath: path, kdfProfile: .fast))
    let statements = ParsingTestSupport.parse("device add watch watch\nwait 5s").statements
    try #require(statements.count == 2)
    _ = try session.execute(statements[0])
    let watchFile = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .first { $0.contains("watch") && !$0.hasPrefix(".") })
    let watchPath = folder.appendingPathComponent(watchFile).path
    // The watch's file is locked while `wait` moves every device's clock.
    let other = try ItemDatabase(path: watchPath)
    var failure: ScenarioRuntimeError?
    try other.inTransaction {
      try other.saveDeviceBlob(Data([1]), forKey: "lock-holder")
      do {
        _ = try session.execute(statements[1])
      } catch {
        failure = error as? ScenarioRuntimeError
      }
    }
    let message = try #require(failure).message
    #expect(message.contains("could not be saved to '\(watchPath)'"), "\(message)")
    #expect(message.hasSuffix("(line 2)"))
  }
}
