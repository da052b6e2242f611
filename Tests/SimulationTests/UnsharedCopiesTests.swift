import Keychain
import Testing

@testable import Simulation

/// The copies each `--jobs` worker makes of the spec, profile and replay tables: equal to the
/// originals, with no array or string buffer in common (a shared buffer's reference count is
/// what the two cores would fight over).
@Suite struct UnsharedCopiesTests {
  /// Names longer than 15 bytes, so that they live in heap buffers that could be shared.
  let appSpec = """
    item a-token-with-a-long-name accessible=WhenUnlocked
    item a-signing-key-with-a-long-name accessible=WhenUnlockedThisDeviceOnly access-control=biometryCurrentSet
    work a-refresh-with-a-long-name kind=app-refresh reads=a-token-with-a-long-name,a-signing-key-with-a-long-name
    """

  func address(_ string: String) -> UnsafeRawPointer? {
    string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
  }

  func address<Element>(_ array: [Element]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func theSpecIsEqualAndSharesNoBuffer() throws {
    let original = try spec(appSpec)
    let copy = original.unshared
    #expect(copy == original)
    #expect(address(copy.items) != address(original.items))
    #expect(address(copy.work) != address(original.work))
    for (copied, item) in zip(copy.items, original.items) {
      #expect(address(copied.name) != nil)
      #expect(address(copied.name) != address(item.name))
    }
    for (copied, work) in zip(copy.work, original.work) {
      #expect(address(copied.name) != address(work.name))
      #expect(address(copied.reads) != address(work.reads))
      for (copiedRead, read) in zip(copied.reads, work.reads) {
        #expect(address(copiedRead) != address(read))
      }
    }
  }

  @Test func theReplayTablesAreEqualAndShareNoBuffer() throws {
    let simulator = PopulationSimulator(
      spec: try spec(appSpec), profile: .typical, phones: 1, days: 1, seed: 1)
    let replay = try simulator.makeReplay().replay
    let copy = replay.unshared
    #expect(copy.spec == replay.spec)
    #expect(copy.fixed == replay.fixed)
    #expect(copy.profile == replay.profile)
    #expect(address(copy.reads) != address(replay.reads))
    #expect(copy.reads.count == replay.reads.count)
    for (copied, reads) in zip(copy.reads, replay.reads) {
      #expect(address(copied) != address(reads))
      #expect(copied.map(\.row) == reads.map(\.row))
      #expect(copied.map(\.item) == reads.map(\.item))
      #expect(copied.map(\.fixedItem) == reads.map(\.fixedItem))
      for (copiedRead, read) in zip(copied, reads) {
        #expect(address(copiedRead.item.name) != address(read.item.name))
      }
    }
    let copiedSimulator = simulator.unshared
    #expect(copiedSimulator.spec == simulator.spec)
    #expect(copiedSimulator.profile == simulator.profile)
    #expect(address(copiedSimulator.spec.work) != address(simulator.spec.work))
  }
}
