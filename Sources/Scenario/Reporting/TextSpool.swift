/// Text kept aside in order and given back once, for a report whose head must wait for its
/// end (JUnit's counts come before its test cases).
public protocol TextSpool: AnyObject {
  /// Adds `text` after what is there.
  func append(_ text: String)
  /// Whether nothing was appended since the last drain.
  var isEmpty: Bool { get }
  /// Hands everything appended, in order and in pieces, to `write`, then empties the spool.
  func drain(into write: (String) -> Void)
}

/// A spool in memory, for a report rendered whole (``RunReport/junitXML(suiteName:timestamp:)``).
public final class MemorySpool: TextSpool {
  private var text = ""

  public init() {}

  public func append(_ more: String) { text += more }
  public var isEmpty: Bool { text.isEmpty }
  public func drain(into write: (String) -> Void) {
    write(text)
    text = ""
  }
}
