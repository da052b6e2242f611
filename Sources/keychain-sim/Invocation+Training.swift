import Keychain

/// The arguments of `keychain-sim lessons` and `keychain-sim train` (docs/cli.md).
extension Invocation {
  struct LessonsChoice: Equatable {
    /// A lesson to play; nil lists them.
    var lesson: String?
    /// `--folder DIR`; nil: the lessons built into the executable.
    var folder: String?
    var device = DeviceChoice()
  }

  struct TrainChoice: Equatable {
    enum Action: String, Equatable, CaseIterable {
      /// Shows the next exercise.
      case show
      case hint, check, list
    }
    var action = Action.show
    var folder = "exercises"
    /// The progress file; `<folder>/.progress` when not given.
    var statePath: String?
    var device = DeviceChoice()

    var resolvedStatePath: String { statePath ?? folder + "/.progress" }
  }

  static func parseLessons(_ arguments: [String]) throws(UsageError) -> LessonsChoice {
    var choice = LessonsChoice()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--folder" {
        choice.folder = try optionValue(arguments, at: index)
        index += 2
      } else if argument.hasPrefix("-") {
        try parseDeviceOption(
          arguments, at: &index, into: &choice.device, of: CommandHelp.lessons)
      } else if choice.lesson == nil {
        choice.lesson = argument
        index += 1
      } else {
        throw UsageError("lessons plays one lesson at a time, got '\(argument)' too")
      }
    }
    return choice
  }

  static func parseTrain(_ arguments: [String]) throws(UsageError) -> TrainChoice {
    var choice = TrainChoice()
    var actionGiven = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--exercises":
        choice.folder = try optionValue(arguments, at: index)
        index += 2
      case "--state":
        choice.statePath = try optionValue(arguments, at: index)
        index += 2
      case _ where argument.hasPrefix("-"):
        try parseDeviceOption(arguments, at: &index, into: &choice.device, of: CommandHelp.train)
      default:
        let actions = ["hint", "check", "list"]
        guard !actionGiven, let action = TrainChoice.Action(rawValue: argument),
          action != .show
        else {
          throw UsageError(
            "train takes hint, check or list, not '\(argument)'"
              + suggestion(for: argument, among: actions))
        }
        choice.action = action
        actionGiven = true
        index += 1
      }
    }
    return choice
  }
}
