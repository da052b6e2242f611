import Foundation

/// A progress bar on standard error for long simulations, drawn only when standard error is a
/// terminal (never in pipes, logs or tests) and redrawn at most once per percent.
final class ProgressBar {
  private let total: Int
  private let enabled: Bool
  private var lastPercent = -1

  init(total: Int, enabled: Bool) {
    self.total = max(total, 1)
    self.enabled = enabled && isatty(STDERR_FILENO) == 1
  }

  func update(_ done: Int) {
    guard enabled else { return }
    let percent = done * 100 / total
    guard percent != lastPercent else { return }
    lastPercent = percent
    let filled = percent * 30 / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
    FileHandle.standardError.write(Data("\rsimulating [\(bar)] \(percent) %".utf8))
  }

  func finish() {
    guard enabled, lastPercent >= 0 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }
}
