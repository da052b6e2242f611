import ScenarioLanguage

extension RunReport {
  /// The whole report for `--format json`, as ``JSONRunWriter`` writes it while a run plays
  /// (docs/cli.md, "JSON schema").
  public func jsonText() -> String {
    var text = ""
    let writer = JSONRunWriter { text += $0 }
    replay(into: writer)
    writer.finish(self)
    return text
  }
}
