import Scenario

/// `keychain-sim train`: the next exercise, its hints, its verdict, and the progress file
/// (docs/training.md).
struct TrainCommand {
  let choice: Invocation.TrainChoice

  func execute() -> Int32 {
    do {
      let exercises: [Exercise]
      do {
        exercises = try ExerciseCatalogue.load(folder: choice.folder)
      } catch {
        printError("keychain-sim: \(error.message)")
        printError(
          choice.folder == Invocation.TrainChoice().folder
            ? "keychain-sim: run from the folder that holds `exercises/`, or name the exercises "
              + "folder with `--exercises DIR`"
            : "keychain-sim: check the folder given to `--exercises DIR`")
        return 2
      }
      var progress = try TrainingProgress.load(path: choice.resolvedStatePath)
      switch choice.action {
      case .list:
        list(exercises, progress)
        return 0
      case .show, .hint, .check:
        guard let exercise = progress.next(in: exercises) else {
          print("All \(exercises.count) exercises passed. Well done.")
          print("(progress in \(choice.resolvedStatePath); delete it to start again)")
          return 0
        }
        if choice.action == .show {
          show(exercise, position: position(of: exercise, in: exercises))
          return 0
        }
        if choice.action == .hint {
          hint(exercise)
          return 0
        }
        return try check(exercise, in: exercises, progress: &progress)
      }
    } catch {
      printError("keychain-sim: \(error.message)")
      return 2
    }
  }

  private func position(of exercise: Exercise, in exercises: [Exercise]) -> String {
    let index = exercises.firstIndex(of: exercise).map { $0 + 1 } ?? 0
    return "\(index)/\(exercises.count)"
  }

  private func show(_ exercise: Exercise, position: String) {
    print("Exercise \(position): \(exercise.title)  (\(exercise.path))\n")
    for line in exercise.task { print("  " + line) }
    let lines = exercise.appLineNumbers
    let span =
      lines.count == 1
      ? "line \(lines.lowerBound)" : "lines \(lines.lowerBound)-\(lines.upperBound)"
    print("\nThe app part to change (\(span)):\n")
    for line in exercise.appPart.components(separatedBy: "\n") { print("  | " + line) }
    print("\nEdit the file between `# BEGIN APP` and `# END APP`, then run")
    print("`\(command("check"))`. Stuck? `\(command("hint"))`.")
  }

  private func hint(_ exercise: Exercise) {
    print("Hint for \(exercise.title):")
    guard !exercise.hints.isEmpty else {
      print("  (this exercise has no hint: read its task again with `\(command(nil))`)")
      return
    }
    for line in exercise.hints { print("  " + line) }
  }

  private func check(
    _ exercise: Exercise, in exercises: [Exercise], progress: inout TrainingProgress
  ) throws(TrainingError) -> Int32 {
    let fresh = try Exercise.load(path: exercise.path)
    let report = ExerciseChecker(options: sessionOptions(choice.device)).check(fresh)
    if let loadError = report.loadError {
      printError(loadError)
      print("✗ \(exercise.title): the file does not parse; fix the app part's syntax")
      return 2
    }
    guard report.status == .passed else {
      print("✗ \(exercise.title): not yet\n")
      for failure in report.failures { print(failure.rendered(file: exercise.path)) }
      let checkHints = fresh.checkHints(for: report.failures)
      if !checkHints.isEmpty { print("") }
      for hint in checkHints { print("hint: " + hint) }
      print("\nEach failure says why and how to fix it; stuck? `\(command("hint"))`.")
      return 1
    }
    progress.passed.insert(exercise.name)
    try progress.save(path: choice.resolvedStatePath)
    print("✓ \(exercise.title): every check holds, with no pitfall warning.")
    for warning in report.warnings { print("  note: \(warning)") }
    if let next = progress.next(in: exercises) {
      print("\nNext: \(next.title). Run `\(command(nil))` to see it.")
    } else {
      print("\nThat was the last exercise: all \(exercises.count) passed.")
    }
    return 0
  }

  /// `keychain-sim train <action>` with the options this run was given, so that a command a
  /// message suggests works as typed: `--exercises DIR`, `--state PATH`, `--kdf`, `--device`.
  private func command(_ action: String?) -> String {
    var words = ["keychain-sim", "train"]
    if let action { words.append(action) }
    if choice.folder != Invocation.TrainChoice().folder {
      words += ["--exercises", Self.quoted(choice.folder)]
    }
    if let state = choice.statePath { words += ["--state", Self.quoted(state)] }
    if let device = choice.device.devicePath { words += ["--device", Self.quoted(device)] }
    if let kdf = choice.device.kdf { words += ["--kdf", kdf.rawValue] }
    return words.joined(separator: " ")
  }

  /// A path as a shell reads it back: as is when it is plain, else in single quotes.
  static func quoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+~=:,@".contains($0) }
    if plain && !word.isEmpty && !word.hasPrefix("~") { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private func list(_ exercises: [Exercise], _ progress: TrainingProgress) {
    let next = progress.next(in: exercises)
    for exercise in exercises {
      let mark =
        progress.passed.contains(exercise.name) ? "✓" : exercise == next ? "→" : " "
      print("\(mark) \(exercise.name)  \(exercise.title)")
    }
    print(
      "\n\(progress.passed.intersection(exercises.map(\.name)).count)/\(exercises.count) "
        + "passed (progress in \(choice.resolvedStatePath))")
  }
}
