internal import Keychain

/// The calls the code under test made, and what the test did to the phone between them, oldest
/// first, kept in the form that costs a call least
/// to record: a SecItem call is its function's name, its translated dictionaries and its
/// status, and only a call that was refused or showed a prompt carries more. Each entry
/// becomes a ``PhoneCall`` when the transcript is read.
///
/// Why not keep `PhoneCall`s: one has seven reference-counted fields, which appending it to
/// an array copied and then destroyed; recording the compact entry instead cost about two fifths
/// less per call when it was measured (docs/benchmarks-history.md, "Issue 9, seventh pass").
struct Transcript {
  private var entries: [Entry] = []

  private enum Entry {
    case secItem(SecItemRecord)
    /// Anything else (LocalAuthentication, a refused translation): rare, so boxed, which
    /// keeps every entry as small as a SecItem call's.
    indirect case other(PhoneCall)
    /// Something the test did to the phone, or a warning: rare, so boxed too.
    indirect case note(TranscriptEntry)
  }

  /// A SecItem call as recorded.
  private struct SecItemRecord {
    let function: StaticString
    let query: SecQuery
    let attributesToUpdate: SecQuery?
    let status: Keychain.OSStatus
    /// The engine's explanation and the prompts shown; `nil` for a plain success without a
    /// prompt, nearly every call.
    let details: Details?
  }

  private final class Details {
    let explanation: Explanation?
    let prompts: [String]

    init(explanation: Explanation?, prompts: [String]) {
      self.explanation = explanation
      self.prompts = prompts
    }
  }

  /// Records a SecItem call. The explanation is rendered now, so that it tells the state the
  /// call saw.
  mutating func recordSecItem(
    _ function: StaticString, query: SecQuery, attributesToUpdate: SecQuery?,
    outcome: SecItemOutcome, prompts: [String]
  ) {
    let explanation = outcome.explanation
    let details =
      explanation == nil && prompts.isEmpty
      ? nil : Details(explanation: explanation, prompts: prompts)
    entries.append(
      .secItem(
        SecItemRecord(
          function: function, query: query, attributesToUpdate: attributesToUpdate,
          status: outcome.status, details: details)))
  }

  mutating func record(_ call: PhoneCall) {
    entries.append(.other(call))
  }

  /// Records a device operation or a warning, between the calls.
  mutating func record(_ entry: TranscriptEntry) {
    entries.append(.note(entry))
  }

  /// Forgets every call, keeping the storage for the calls that follow: a test suite that
  /// clears the transcript between tests records into memory already in cache.
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
  }

  /// The calls, oldest first (no device operation, no warning).
  var calls: [PhoneCall] {
    entries.compactMap { entry in
      if case .note = entry { return nil }
      return Self.call(entry)
    }
  }

  /// Whether any call was recorded.
  var hasCalls: Bool {
    entries.contains { entry in
      if case .note = entry { return false }
      return true
    }
  }

  /// Calls, device operations and warnings, oldest first.
  var allEntries: [TranscriptEntry] {
    entries.map { entry in
      if case .note(let note) = entry { return note }
      return .call(Self.call(entry)!)
    }
  }

  private static func call(_ entry: Entry) -> PhoneCall? {
    switch entry {
    case .other(let call):
      return call
    case .secItem(let record):
      return PhoneCall(
        function: record.function.description, query: record.query,
        attributesToUpdate: record.attributesToUpdate, status: record.status,
        explanation: record.details?.explanation, prompts: record.details?.prompts ?? [])
    case .note:
      return nil
    }
  }
}
