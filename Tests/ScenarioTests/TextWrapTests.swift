import Testing

@testable import Scenario

@Suite struct TextWrapTests {
  @Test func linesBreakAtSpacesWithinTheWidth() {
    let text = TextWrap.wrap("one two three four", first: "> ", rest: "  ", width: 10)
    #expect(text == "> one two\n  three\n  four")
  }

  @Test func aWordLongerThanTheWidthStandsAlone() {
    let text = TextWrap.wrap("a kSecAttrAccessGroup b", first: "", rest: "", width: 8)
    #expect(text == "a\nkSecAttrAccessGroup\nb")
  }

  @Test func aLabelHangsItsContinuationLines() {
    let text = TextWrap.labelled("why: ", "the device is locked\nand so on", indent: 2, width: 16)
    #expect(text == "  why: the\n       device is\n       locked\n       and so on")
  }
}
