import Foundation
import ScenarioLanguage

/// Writes a file that may hold secrets (`save FILE`): created readable and writable by its owner
/// only (0600), and an existing file is brought to 0600 before it is overwritten.
enum SecretFile {
  struct Failure: Error {
    let message: String
  }

  static func write(_ text: String, to path: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Failure(message: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    guard fchmod(descriptor, 0o600) == 0 else {
      throw Failure(message: String(cString: strerror(errno)))
    }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(message: String(cString: strerror(errno)))
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
