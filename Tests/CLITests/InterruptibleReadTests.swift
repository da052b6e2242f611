import Foundation
import Testing

@testable import keychain_sim

/// The byte read that Ctrl-C can cut short: whichever of the input and the interrupt pipe is
/// ready decides, and a Ctrl-C already signalled is seen before blocking.
@Suite struct InterruptibleReadTests {
  func makePipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    return (ends[0], ends[1])
  }

  @Test func aByteComesThrough() throws {
    let input = try makePipe()
    let interrupt = try makePipe()
    defer { for end in [input.read, input.write, interrupt.read, interrupt.write] { close(end) } }
    _ = "a".withCString { write(input.write, $0, 1) }
    #expect(InterruptibleRead.byte(from: input.read, interrupt: interrupt.read) == .byte(97))
  }

  @Test func aPendingInterruptWinsWithoutBlocking() throws {
    let input = try makePipe()
    let interrupt = try makePipe()
    defer { for end in [input.read, input.write, interrupt.read, interrupt.write] { close(end) } }
    _ = "x".withCString { write(interrupt.write, $0, 1) }  // as the signal handler does
    #expect(InterruptibleRead.byte(from: input.read, interrupt: interrupt.read) == .interrupted)
  }

  @Test func closedInputIsTheEnd() throws {
    let input = try makePipe()
    close(input.write)
    defer { close(input.read) }
    #expect(InterruptibleRead.byte(from: input.read, interrupt: -1) == .end)
  }
}
