/// One statement of a scenario file or one complete REPL input.
///
/// `sourceText` is the statement as written (continuation lines joined with `\n`, surrounding
/// blanks and a trailing comment removed), so the transcript can echo it.
public struct Statement: Hashable, Sendable {
  /// What the statement does; internal: library users parse and execute statements whole.
  package var kind: StatementKind
  /// Where the statement's first token is.
  public var location: SourceLocation
  public var sourceText: String
  /// Where `sourceText` holds a secret (a passcode, item data, an expected result, a literal
  /// later used as item data), as the parser found it: sorted, not overlapping.
  public var secretRanges: [Range<Int>]

  init(
    kind: StatementKind, location: SourceLocation, sourceText: String,
    secretRanges: [Range<Int>] = []
  ) {
    self.kind = kind
    self.location = location
    self.sourceText = sourceText
    self.secretRanges = secretRanges
  }

  /// `sourceText` with each secret replaced by `••••`.
  public var maskedSourceText: String {
    guard !secretRanges.isEmpty else { return sourceText }
    let characters = Array(sourceText)
    var text = ""
    var next = 0
    for range in secretRanges where range.lowerBound >= next && range.upperBound <= characters.count
    {
      text += String(characters[next..<range.lowerBound]) + "••••"
      next = range.upperBound
    }
    return text + String(characters[next...])
  }

  /// Adds secret ranges, keeping them sorted and joined where they overlap.
  mutating func addSecretRanges(_ ranges: [Range<Int>]) {
    guard !ranges.isEmpty else { return }  // most statements hold no secret
    secretRanges = Self.sortedApart(secretRanges.isEmpty ? ranges : secretRanges + ranges)
  }

  /// `ranges` sorted, without empty ones, joined where they overlap: what `secretRanges`
  /// holds. The parser finds a statement's secrets in source order, apart and not empty: then
  /// they are moved on as they come, without a call or a copy (issue 29).
  @inline(__always)
  static func sortedApart(_ ranges: consuming [Range<Int>]) -> [Range<Int>] {
    areSortedApart(ranges) ? ranges : merged(ranges)
  }

  /// `ranges` sorted, without empty ones, joined where they overlap.
  private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var merged: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// Whether `ranges` are each non-empty and each ends before the next starts: what merging
  /// them would leave as it is.
  @inline(__always)
  private static func areSortedApart(_ ranges: [Range<Int>]) -> Bool {
    var end = Int.min
    for range in ranges {
      guard !range.isEmpty, range.lowerBound > end else { return false }
      end = range.upperBound
    }
    return true
  }
}
