import DeviceState
import Foundation
import Synchronization

/// The near-miss diagnoses a device's misses deferred (``DeferredDiagnosis``), so that each is
/// worked out before anything could change its answer.
///
/// A diagnosis reads the item store and opens items with the keybag's class keys: the store
/// and the keybag tell this registry before every statement (``ItemStore/ItemDatabase/beforeUse(_:)``)
/// and before any change to the class keys (``Keybag/Keybag/beforeKeysChange(_:)``), and it
/// then works out every diagnosis still pending. So a diagnosis always sees the rows and the
/// lock state of its call: nothing else it reads can change (the caller, the installed apps,
/// the passcode removals and the clock are copied into it at the call; a clock step changes
/// the keys only through a lock, which the keybag reports). One lock serialises the work with
/// any other thread's statement on the same store.
package final class PendingDiagnoses: @unchecked Sendable {
  /// Recursive: working out a diagnosis runs statements, whose notice comes back here.
  private let lock = NSRecursiveLock()
  // The three fields below are read and written under `lock` only, which already keeps any
  // two accesses apart: the run-time exclusivity check on each access (a `swift_beginAccess`
  // per access, twice a miss) is left out (issue 29).
  @exclusivity(unchecked) private var pending: [Entry] = []
  /// Set while a diagnosis is being worked out: the notices of its own statements are not
  /// changes.
  @exclusivity(unchecked) private var isResolving = false
  /// When `pending` is next swept of the diagnoses nobody holds any more.
  @exclusivity(unchecked) private var sweepAt = 16
  /// How many deferred diagnoses are neither worked out nor gone, read without the lock: the
  /// notice before each statement costs one atomic load while nothing waits. The thread that
  /// defers a diagnosis is the device's, and so is the next statement, which therefore sees
  /// it. A diagnosis nobody holds any more counts itself out as it goes (``forget()``): it was
  /// counted while its entry stayed in `pending`, and the next statement after every miss
  /// took the lock to find it gone (0.7k instructions a miss, issue 29). Its entry is swept
  /// with the others (`sweepAt`).
  private let waiting = Atomic<Int>(0)

  private struct Entry {
    weak var diagnosis: (any DeferredDiagnosis)?
  }

  /// Defers `deferred` until its answer is first asked for, or until something could change
  /// it. A diagnosis defers itself once, as it is made; one that goes unresolved calls
  /// ``forget()`` as it goes.
  package func deferring(_ deferred: any DeferredDiagnosis) {
    lock.lock()
    defer { lock.unlock() }
    if pending.count >= sweepAt {
      pending.removeAll { $0.diagnosis == nil }
      sweepAt = max(16, pending.count * 2)
    }
    pending.append(Entry(diagnosis: deferred))
    waiting.wrappingAdd(1, ordering: .releasing)
  }

  /// Works out every pending diagnosis: the store or the keybag is about to be used or
  /// changed by someone else than a diagnosis.
  func resolveAll() {
    guard waiting.load(ordering: .acquiring) > 0 else { return }
    lock.lock()
    defer { lock.unlock() }
    guard !isResolving, !pending.isEmpty else { return }
    var entries: [Entry] = []
    swap(&entries, &pending)
    for entry in entries {
      if let diagnosis = entry.diagnosis { _ = resolve(diagnosis) }
    }
    // The list's storage is kept for the next misses: starting from an empty list, each
    // miss's registration allocated it again (issue 29). Emptied by popping: the list holds
    // one entry or a few, and `removeAll(keepingCapacity:)` went through the generic
    // `replaceSubrange` (a quarter of this, once per miss).
    while entries.popLast() != nil {}
    if pending.isEmpty { swap(&entries, &pending) }
  }

  /// The answer of `diagnosis`, worked out now if it was not yet.
  func resolve(_ diagnosis: any DeferredDiagnosis) -> DiagnosisAnswer {
    lock.lock()
    defer { lock.unlock() }
    if let answer = diagnosis.answer { return answer }
    isResolving = true
    defer { isResolving = false }
    waiting.wrappingSubtract(1, ordering: .releasing)
    return diagnosis.workOut()
  }

  /// Counts out a diagnosis that goes without having been worked out (nobody held it any
  /// more): called from its `deinit`, when no one else can reach it, so without the lock.
  func forget() {
    waiting.wrappingSubtract(1, ordering: .releasing)
  }

  /// Whether `diagnosis` has been worked out.
  func isResolved(_ diagnosis: any DeferredDiagnosis) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return diagnosis.answer != nil
  }
}
