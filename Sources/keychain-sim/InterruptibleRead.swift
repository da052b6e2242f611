import Foundation

/// Reads one byte from a terminal unless Ctrl-C comes first: waits on the terminal and on the
/// interrupt pipe (written by the SIGINT handler) together, so a Ctrl-C pressed an instant
/// before the read starts is not lost, as it would be between a flag check and `read`.
enum InterruptibleRead {
  enum Result: Equatable {
    case byte(UInt8)
    case interrupted
    /// End of input or a read error.
    case end
  }

  /// - Parameter interrupt: the pipe's reading end, or -1 to wait on the terminal alone.
  static func byte(from descriptor: Int32, interrupt: Int32) -> Result {
    while true {
      var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      if interrupt >= 0 { watched.append(pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&watched, nfds_t(watched.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }  // the pipe says whether it was Ctrl-C
        return .end
      }
      if watched.count > 1, watched[1].revents & Int16(POLLIN) != 0 { return .interrupted }
      guard watched[0].revents != 0 else { continue }
      var byte: UInt8 = 0
      let count = read(descriptor, &byte, 1)
      if count == 1 { return .byte(byte) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      return .end
    }
  }
}
