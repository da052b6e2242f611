import Foundation
import Scenario

/// Reads one line from a terminal with echo turned off, for the passcode typed at a passcode
/// sheet, as `sudo` and `ssh` read passwords.
///
/// Canonical mode stays on, so Backspace and Ctrl-U edit the hidden line; `ECHONL` still shows
/// the newline, so the next output starts on its own line.
enum UnechoedLine {
  /// The line without its newline; `.end` at end of input (Ctrl-D) or when the terminal's
  /// echo cannot be turned off (the passcode is then not read at all); `.interrupt` when
  /// `interruptDescriptor` (the Ctrl-C pipe) becomes readable. Check `isTerminal` first.
  static func read(
    prompt: String, from descriptor: Int32 = STDIN_FILENO, interruptDescriptor: Int32 = -1
  ) -> LineInput {
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return .end }
    var hidden = hidingEcho(saved)
    print(prompt, terminator: "")
    fflush(nil)
    guard tcsetattr(descriptor, TCSAFLUSH, &hidden) == 0 else { return .end }
    defer { tcsetattr(descriptor, TCSANOW, &saved) }
    var bytes: [UInt8] = []
    reading: while true {
      switch InterruptibleRead.byte(from: descriptor, interrupt: interruptDescriptor) {
      case .byte(let byte):
        if byte == UInt8(ascii: "\n") { break reading }
        bytes.append(byte)
      case .interrupted:
        print()  // the newline the user did not type
        return .interrupt
      case .end:
        print()  // no newline was typed, so ECHONL printed none
        return bytes.isEmpty ? .end : .line(String(decoding: bytes, as: UTF8.self))
      }
    }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return .line(String(decoding: bytes, as: UTF8.self))
  }

  /// `settings` with echo off but the newline still echoed; line editing and signals untouched.
  static func hidingEcho(_ settings: termios) -> termios {
    var hidden = settings
    hidden.c_lflag &= ~tcflag_t(ECHO)
    hidden.c_lflag |= tcflag_t(ECHONL)
    return hidden
  }

  /// Whether `descriptor` is a terminal whose echo can be turned off.
  static func isTerminal(_ descriptor: Int32 = STDIN_FILENO) -> Bool {
    isatty(descriptor) != 0
  }
}
