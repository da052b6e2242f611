import DeviceState
import KeychainEngine

/// Whether the calling app is in the foreground, where prompts can be shown, or the
/// background, where they cannot (docs/scenario-language.md §4: `app background`).
public enum AppExecutionState: String, Sendable, Hashable, Codable {
  case foreground, background
}
