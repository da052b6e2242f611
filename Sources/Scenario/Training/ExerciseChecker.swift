import ScenarioLanguage
/// Plays an exercise and says whether its checks hold: every `expect` and no pitfall
/// warning (the runner is strict, so a fix that only hides a mistake does not pass).
public struct ExerciseChecker: Sendable {
  public var options: ScenarioSession.Options

  public init(options: ScenarioSession.Options = .init()) { self.options = options }

  /// Plays the exercise as it is in its file.
  public func check(_ exercise: Exercise) -> ScenarioFileReport {
    check(source: exercise.source, name: exercise.path)
  }

  /// Plays an exercise's text: the file's, or the file's with a solution put in.
  public func check(source: String, name: String) -> ScenarioFileReport {
    ScenarioRunner(options: options, strict: true).run(source: source, name: name)
  }
}
