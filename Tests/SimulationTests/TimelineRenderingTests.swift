import Foundation
import Testing

@testable import Simulation

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct TimelineRenderingTests {
  func recordedPhone() throws -> PhoneRecord {
    let appSpec = try spec(
      """
      item token accessible=WhenUnlocked
      item odd accessible=AfterFirstUnlock
      work refresh kind=app-refresh reads=token
      work alerts kind=notification-service reads=token,odd access-group=no
      """)
    var profile = UsageProfile.typical
    profile.passcodeShare = 1
    profile.updateIntervalDays = 2
    profile.batteryDeathIntervalDays = 3
    let report = try simulate(appSpec, profile, phones: 2, days: 5, recordedPhone: 1)
    return try #require(report.recordedPhone)
  }

  /// Counts elements and checks the document parses.
  final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var titles: [String] = []
    private var inTitle = false
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      counts[name, default: 0] += 1
      inTitle = name == "title"
      if inTitle { titles.append("") }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inTitle { titles[titles.count - 1] += string }
    }
    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) { inTitle = false }
  }

  @Test func theSVGIsWellFormedAndHasADotPerRead() throws {
    let record = try recordedPhone()
    let svg = TimelineSVGRenderer.render(record)
    let parser = XMLParser(data: Data(svg.utf8))
    let counter = ElementCounter()
    parser.delegate = counter
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(counter.counts["svg"] == 1)
    // A dot per read, and the legend's two (read ok, read failed).
    #expect(counter.counts["circle"] == record.attempts.count + 2)
    #expect(record.attempts.contains { $0.failure == nil })
    #expect(record.attempts.contains { $0.failure == .missingEntitlement })
    #expect(counter.titles.contains { $0.contains("errSecMissingEntitlement") })
    #expect(counter.titles.contains { $0.hasSuffix("read ok") })
    // Lock state, class A and class C bands for every sample (split at midnights).
    #expect((counter.counts["rect"] ?? 0) >= record.samples.count * 3)
  }

  @Test func theTitleStatesTheFindingAndEachRowItsCounts() throws {
    let record = try recordedPhone()
    let failed = record.attempts.filter { $0.failure != nil }.count
    let finding = TimelineSVGRenderer.finding(record)
    #expect(
      finding.hasPrefix("Phone 1: \(failed) of \(record.attempts.count) background reads failed"))
    let counts = TimelineSVGRenderer.dailyCounts(record)
    #expect(counts.count == record.days)
    #expect(counts.map(\.reads).reduce(0, +) == record.attempts.count)
    #expect(counts.map(\.failed).reduce(0, +) == failed)
    let svg = TimelineSVGRenderer.render(record)
    let counter = ElementCounter()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = counter
    #expect(parser.parse())
    #expect(counter.titles.first == finding)
    // The legend names each stripe and the dots.
    #expect(
      svg.contains("A: class A key (WhenUnlocked items); C: class C key (AfterFirstUnlock items)"))
    #expect(svg.contains("dots: one background read each"))
    for (reads, failedThatDay) in counts {
      #expect(svg.contains(">\(failedThatDay) / \(reads)"))
    }
    // Unlocked periods (a minute, typically) are drawn at least 1.5 px wide.
    let unlocked = svg.split(separator: "\n").filter {
      $0.contains("fill=\"#1565c0\"") && $0.hasPrefix("<rect")
    }
    #expect(unlocked.count > record.samples.filter { $0.lock == .unlocked }.count / 2)
    #expect(unlocked.allSatisfy { !$0.contains("width=\"0.") && !$0.contains("width=\"1\"") })
  }

  @Test func escapingKeepsTheSVGWellFormed() {
    #expect(
      TimelineSVGRenderer.escape("a<b & \"c\" 'd'>")
        == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
  }

  @Test func theTerminalTimelineHasTwoLinesADayAndShowsTheLockStates() throws {
    let record = try recordedPhone()
    let lines = TimelineTerminalRenderer.render(record).split(separator: "\n").map(String.init)
    let dayLines = lines.filter { $0.hasPrefix("day ") }
    let readLines = lines.filter { $0.hasPrefix("  reads ") }
    #expect(dayLines.count == record.days)
    #expect(readLines.count == record.days)
    #expect(dayLines.allSatisfy { $0.count == 8 + 96 })
    let cells = dayLines.map { $0.dropFirst(8) }.joined()
    #expect(cells.contains("#") && cells.contains("="))
    let reads = readLines.map { $0.dropFirst(8) }.joined()
    #expect(reads.filter { $0 == "x" || $0 == "o" }.count > 0)
    #expect(lines.filter { $0.hasPrefix("reboot:") }.count == record.reboots.count)
    #expect(record.reboots.count > 0)
  }

  @Test func theAFewSecondsGraceAfterLockIsSampled() throws {
    let record = try recordedPhone()
    // After each lock, class A stays available for the grace period, then goes.
    let locks = record.samples.enumerated().filter { $0.element.lock == .locked }
    let graceEnds = locks.filter { !$0.element.classA && $0.element.classC }
    #expect(!graceEnds.isEmpty)
    #expect(locks.contains { $0.element.classA })
  }
}
