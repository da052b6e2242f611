/// A string written as a Swift string literal, with the escapes the scenario language also
/// reads back: how a transcript shows a string value, and how the Apple-name generator writes
/// the tables' names into source.
package enum SwiftStringLiteral {
  /// `text` between double quotes; quotes, backslashes, newlines, tabs and other control
  /// characters escaped.
  package static func quoting(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7f:
        out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
