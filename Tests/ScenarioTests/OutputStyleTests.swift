import Keychain
import Testing

@testable import Scenario

/// Colour only on a terminal and never with NO_COLOR or --no-color; the terminal's width there,
/// a fixed 96 columns elsewhere.
@Suite struct OutputStyleTests {
  @Test func aPipeGetsPlainTextAtTheFixedWidth() {
    let style = OutputStyle.choose(
      isTerminal: false, noColorFlag: false, environment: ["COLUMNS": "60"], terminalColumns: 60)
    #expect(style == .plain)
    #expect(style.paint("expect x  ✓") == "expect x  ✓")
  }

  @Test(
    arguments: [
      (["NO_COLOR": "1"], false, false), (["NO_COLOR": ""], false, true), ([:], true, false),
      (["TERM": "dumb"], false, false), ([:], false, true),
    ] as [([String: String], Bool, Bool)])
  func colourOnATerminalUnlessAskedNot(
    environment: [String: String], flag: Bool, expected: Bool
  ) {
    let style = OutputStyle.choose(
      isTerminal: true, noColorFlag: flag, environment: environment, terminalColumns: 80)
    #expect(style.colour == expected)
  }

  @Test func theWidthIsColumnsThenTheTerminalsThenTheFixedOne() {
    func width(_ environment: [String: String], _ columns: Int?) -> Int {
      OutputStyle.choose(
        isTerminal: true, noColorFlag: false, environment: environment, terminalColumns: columns
      ).width
    }
    #expect(width(["COLUMNS": "120"], 80) == 120)
    #expect(width([:], 70) == 70)
    #expect(width([:], nil) == 96)
    #expect(width([:], 10) == 40)  // never narrower than 40
  }

  @Test func paintColoursStatusesMarksAndWarnings() {
    let style = OutputStyle(colour: true, width: 96)
    #expect(
      style.paint("→ errSecSuccess (0): No error.")
        == "\u{1B}[32m→ errSecSuccess\u{1B}[0m (0): No error.")
    #expect(
      style.paint("→ errSecItemNotFound (-25300)").hasPrefix("\u{1B}[33m→ errSecItemNotFound"))
    #expect(
      style.paint("  7  expect x  ✗ FAILED (f:7)").hasSuffix("\u{1B}[31m✗ FAILED (f:7)\u{1B}[0m"))
    #expect(style.paint("f:2: warning: w").contains("\u{1B}[33mwarning:\u{1B}[0m"))
    #expect(
      style.paint("      ⚠ pitfall: the item is deleted")
        == "      \u{1B}[33m⚠ pitfall:\u{1B}[0m the item is deleted")
  }

  @Test func explanationsWrapToTheStylesWidth() {
    let narrow = OutputStyle(colour: false, width: 60)
    let text = narrow.apply { StatusExplainer.explanationText(for: .errSecInteractionNotAllowed) }
    #expect(text.components(separatedBy: "\n").dropFirst().allSatisfy { $0.count <= 60 })
    let wide = StatusExplainer.explanationText(for: .errSecInteractionNotAllowed)
    #expect(wide.components(separatedBy: "\n").contains { $0.count > 60 })
  }
}
