/// A source's characters, and where each starts in its UTF-8: the lexer and the parser index
/// characters (columns count them), and any run of them becomes a `String` by copying its bytes.
///
/// Why: making a token's or a statement's text character by character (or through the standard
/// library's generic `String(Sequence)`) was most of the parser's time (issue 11).
package struct SourceCharacters: Sendable {
  /// The source, as characters.
  let characters: [Character]
  /// The source's UTF-8.
  private let utf8: [UInt8]
  /// Where character `i` starts in `utf8`; one more entry, `utf8.count`, for the end.
  private let utf8Offsets: [Int]

  init(_ text: String) {
    characters = Array(text)
    utf8 = Array(text.utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(characters.count + 1)
    var offset = 0
    for character in characters {
      offsets.append(offset)
      offset += character.utf8.count
    }
    offsets.append(offset)
    utf8Offsets = offsets
  }

  /// The characters `range` of `source`, as a source of their own (offsets from their start).
  init(_ range: Range<Int>, of source: SourceCharacters) {
    characters = Array(source.characters[range])
    let start = source.utf8Offsets[range.lowerBound]
    utf8 = Array(source.utf8[start..<source.utf8Offsets[range.upperBound]])
    utf8Offsets = source.utf8Offsets[range.lowerBound...range.upperBound].map { $0 - start }
  }

  /// `parts` one after the other, `separators[i]` between part `i` and part `i + 1`: lines
  /// lexed one by one, joined into their statement's source without lexing them again.
  init(joining parts: [SourceCharacters], separators: [Character]) {
    var characters: [Character] = []
    var utf8: [UInt8] = []
    var offsets: [Int] = []
    let count = parts.reduce(separators.count) { $0 + $1.characters.count }
    characters.reserveCapacity(count)
    offsets.reserveCapacity(count + 1)
    for (index, part) in parts.enumerated() {
      let base = utf8.count
      characters += part.characters
      offsets += part.utf8Offsets.dropLast().lazy.map { $0 + base }
      utf8 += part.utf8
      guard index < separators.count else { continue }
      characters.append(separators[index])
      offsets.append(utf8.count)
      utf8 += separators[index].utf8
    }
    offsets.append(utf8.count)
    self.characters = characters
    self.utf8 = utf8
    self.utf8Offsets = offsets
  }

  /// The characters `range` as a string: one copy of their bytes.
  func text(_ range: Range<Int>) -> String {
    let bytes = utf8[utf8Offsets[range.lowerBound]..<utf8Offsets[range.upperBound]]
    return String(decoding: bytes, as: UTF8.self)
  }
}
