import Devices

/// The `mac` statements: settings only a Mac has (docs/scenario-language.md §13, "The Mac").
package enum MacCommand: Hashable, Sendable, CustomStringConvertible {
  /// `mac app <bundleID> signed|ad-hoc|catalyst|daemon`: how the app runs on the current Mac.
  case personality(bundleID: String, MacAppPersonality)

  package var description: String {
    switch self {
    case .personality(let bundleID, let personality):
      "mac app \(bundleID) \(personality.rawValue)"
    }
  }
}
