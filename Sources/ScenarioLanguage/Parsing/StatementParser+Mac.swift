import Devices

extension StatementParser {
  /// `mac app <bundleID> signed|ad-hoc|catalyst|daemon`.
  mutating func macCommand() throws(Failure) -> MacCommand {
    switch try choice("`mac` command", Vocabulary.MacWord.self) {
    case .app:
      let bundleID = try bareWord("a bundle id such as `com.example.app`")
      let personality = try wordChoice(
        "how the app runs on the Mac", MacAppPersonality.self)
      return .personality(bundleID: bundleID, personality)
    }
  }
}
