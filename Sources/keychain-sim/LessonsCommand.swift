import Scenario

/// `keychain-sim lessons`: one line per lesson, or one lesson played with its transcript.
struct LessonsCommand {
  let choice: Invocation.LessonsChoice
  var style: OutputStyle = .plain
  var errorStyle: OutputStyle = .plain

  func execute() -> Int32 {
    let lessons: [LessonCatalogue.Lesson]
    do {
      lessons = try LessonCatalogue.load(folder: choice.folder)
    } catch {
      printError("keychain-sim: \(error.message)")
      return 2
    }
    guard let name = choice.lesson else {
      let width = lessons.map(\.name.count).max() ?? 0
      for lesson in lessons {
        print(
          lesson.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + lesson.summary)
      }
      print("\nplay one with `keychain-sim lessons <name>`")
      return 0
    }
    let lesson: LessonCatalogue.Lesson
    do {
      lesson = try LessonCatalogue.find(name, in: lessons)
    } catch {
      printError("keychain-sim: \(error.message)")
      return 2
    }
    // As `run`: the transcript as it plays, pitfalls under their statements, stderr every
    // warning.
    let printer = TranscriptPrinter(quiet: false, style: style, errorStyle: errorStyle)
    let report = ScenarioRunner(options: sessionOptions(choice.device))
      .run(paths: [lesson.path], output: printer)
    return report.exitCode
  }
}
