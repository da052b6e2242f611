import Foundation
internal import Keychain
internal import Scenario

/// What playing a scenario file on a test's phone gave.
public struct ScenarioPlayback: Sendable, Hashable {
  /// Whether every statement ran and every expectation held.
  public var passed: Bool
  /// The transcript `keychain-sim run` would print (secrets masked).
  public var transcript: String
  /// One line per failed expectation or statement that could not run.
  public var failures: [String]
}

extension SimulatedPhone {
  /// Plays a scenario file on this phone: its device commands, calls and expectations act on
  /// the same keychain the code under test uses, and its `user will ...` answers its own
  /// prompts. A `reset` statement in the file starts a device of its own.
  ///
  /// - Throws: ``PhoneError`` when the file cannot be read.
  public func play(scenarioFile path: String) throws(PhoneError) -> ScenarioPlayback {
    let source: String
    do {
      source = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw PhoneError(operation: "play(scenarioFile:)", reason: "cannot read \(path): \(error)")
    }
    return play(scenario: source, name: path)
  }

  /// Plays scenario text on this phone (see ``play(scenarioFile:)``).
  public func play(scenario source: String, name: String = "<scenario>") -> ScenarioPlayback {
    let report = lendDevice { device in
      ScenarioRunner(options: .init(kdfProfile: .fast)).run(
        source: source, name: name, on: device)
    }
    var failures = report.failures.map { $0.rendered(file: name) }
    if let loadError = report.loadError { failures.insert(loadError, at: 0) }
    return ScenarioPlayback(
      passed: report.loadError == nil && report.failures.isEmpty,
      transcript: report.transcript, failures: failures)
  }
}
