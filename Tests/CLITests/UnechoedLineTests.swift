import Foundation
import Testing

@testable import keychain_sim

/// The passcode-sheet reader. Without a terminal in the test run, the termios change itself and
/// the refusal to read from a non-terminal are what can be checked.
@Suite struct UnechoedLineTests {
  @Test func echoIsOffButLineEditingAndSignalsStay() {
    var settings = termios()
    settings.c_lflag = tcflag_t(ECHO | ICANON | ISIG | ECHOE)
    let hidden = UnechoedLine.hidingEcho(settings)
    #expect(hidden.c_lflag & tcflag_t(ECHO) == 0)
    #expect(hidden.c_lflag & tcflag_t(ECHONL) != 0)
    #expect(hidden.c_lflag & tcflag_t(ICANON | ISIG) == tcflag_t(ICANON | ISIG))
  }

  /// A pipe is not a terminal: nothing is read (the reader falls back to readline instead).
  @Test func aPipeIsNotReadUnechoed() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    _ = "482916\n".withCString { write(ends[1], $0, 7) }
    #expect(!UnechoedLine.isTerminal(ends[0]))
    #expect(UnechoedLine.read(prompt: "", from: ends[0]) == .end)
  }
}
