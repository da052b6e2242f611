import Foundation
import Keychain
import Testing

@testable import Simulation

/// The focused examples in examples/simulate/ tell one story each: the 3 a.m. refresh fails
/// only because of locks (so the picture links locking to failing), the widget only because of
/// its missing access group.
@Suite struct ExampleSpecTests {
  func example(_ name: String) throws -> AppSpec {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("examples/simulate/\(name)").path
    return try AppSpec.parse(String(contentsOfFile: path, encoding: .utf8), file: path)
  }

  @Test func theThreeAMRefreshFailsOnlyWhileLockedOrBeforeFirstUnlock() throws {
    let spec = try example("three-am-refresh.spec")
    #expect(spec.users != nil)
    let report = try PopulationSimulator(
      spec: spec, profile: .typical, phones: 20, days: 7, seed: 1
    ).run()
    let reasons = Set(report.rows.flatMap { $0.actual.failures.keys })
    #expect(reasons.contains(.afterLock))
    #expect(reasons.isSubset(of: [.afterLock, .beforeFirstUnlock]), "\(reasons)")
    for row in report.rows {
      // Not the red wall of the widget: some reads succeed (while unlocked), many fail.
      #expect(row.actual.failureShare > 0.3 && row.actual.failureShare < 1)
      #expect(row.fixed.failures[.afterLock] == nil)
    }
  }

  @Test func theWidgetFailsForItsAccessGroupAlone() throws {
    let spec = try example("widget-without-group.spec")
    let report = try PopulationSimulator(
      spec: spec, profile: .typical, phones: 10, days: 2, seed: 1
    ).run()
    let row = try #require(report.rows.first)
    #expect(row.actual.failures.keys.sorted() == [.missingEntitlement])
    #expect(row.actual.failureShare == 1)
    #expect(row.fixed.failures[.missingEntitlement] == nil)
  }
}
