import Scenario

/// `keychain-sim lessons`: one line per lesson, or one lesson played with its transcript.
struct LessonsCommand {
  let choice: Invocation.LessonsChoice
  var style: OutputStyle = .plain
  var errorStyle: OutputStyle = .plain

  func execute() -> Int32 {
    let lessons: [LessonCatalogue.Lesson]
    do throws(TrainingError) {
      // Built in unless a folder is named: the command works outside a checkout.
      if let folder = choice.folder {
        lessons = try LessonCatalogue.load(folder: folder)
      } else {
        lessons = try LessonCatalogue.bundled()
      }
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
    // warning. A built-in lesson has no file: it plays from its text.
    let printer = TranscriptPrinter(quiet: false, style: style, errorStyle: errorStyle)
    let report = ScenarioRunner(options: sessionOptions(choice.device))
      .run(source: lesson.text, name: lesson.path, output: printer)
    return RunReport(files: [report]).exitCode
  }
}
