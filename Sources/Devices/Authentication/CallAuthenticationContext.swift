import KeychainEngine

/// The LAContext a SecItem call without kSecUseAuthenticationContext shares across the items
/// it visits, as Security's client makes one per call. Made at the first item that needs the
/// user: most calls visit none, and making a context (its lock) on every call was a share of a
/// plain copy by primary key (docs/benchmarks.md, "The Security module's overhead").
final class CallAuthenticationContext {
  private(set) lazy var context = LAContext()
}
