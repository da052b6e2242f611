import Dispatch
import Synchronization

/// What a run of consecutive phones added up to: the tallies of every report row in both
/// configurations (reads and phones), the reboots, the phones with a passcode, and the recorded phone if it was
/// one of them.
struct PhoneBatch: Sendable {
  var actual: [AttemptTally]
  var fixed: [AttemptTally]
  /// Per row, the phones that met its failures every week or month.
  var actualHits: [PhoneHitTally]
  var fixedHits: [PhoneHitTally]
  var reboots: [PhoneTimeline.RebootCause: Int] = [:]
  var passcodePhones = 0
  var recorded: PhoneRecord?
  /// The batch's first phone whose timeline asked for an impossible transition; the phones
  /// after it were not simulated.
  var failure: SimulationError?

  init(rowCount: Int) {
    actual = Array(repeating: AttemptTally(), count: rowCount)
    fixed = actual
    actualHits = Array(repeating: PhoneHitTally(), count: rowCount)
    fixedHits = actualHits
  }

  /// Adds `later`, the batch of the phones that follow these.
  mutating func add(_ later: PhoneBatch) {
    for index in actual.indices {
      actual[index].add(later.actual[index])
      fixed[index].add(later.fixed[index])
      actualHits[index].add(later.actualHits[index])
      fixedHits[index].add(later.fixedHits[index])
    }
    reboots.merge(later.reboots, uniquingKeysWith: +)
    passcodePhones += later.passcodePhones
    if let record = later.recorded { recorded = record }
  }
}

/// A population cut into batches of consecutive phones, simulated by several workers at once
/// and added up in phone order.
///
/// The workers share one lock-protected board: the next batch to hand out (batches go out in
/// phone order), the batches finished ahead of a lower one still running, and the total so
/// far. A worker simulates its batch without the lock, on its own tallies, then files it under
/// the lock, and the total takes every batch that is next in phone order, so the sums are made
/// in one order whatever the order of completion (the tallies are integers, so this is for the
/// reader's peace of mind as much as for the bytes). Nothing is shared outside the lock.
struct PhoneBatches: Sendable {
  let simulator: PopulationSimulator
  let replay: PhoneReplay
  let rowCount: Int
  let phonesPerBatch: Int

  var batchCount: Int { (simulator.phones + phonesPerBatch - 1) / phonesPerBatch }

  func phones(ofBatch index: Int) -> Range<Int> {
    index * phonesPerBatch..<min(simulator.phones, (index + 1) * phonesPerBatch)
  }

  /// What the workers and the waiting caller share. `Sendable` without `@unchecked`: a
  /// `Mutex` and a `DispatchSemaphore`, both made to be shared between threads.
  final class Board: Sendable {
    struct State {
      var nextBatch = 0
      /// A batch failed: hand out no more.
      var stopping = false
      /// Finished batches waiting for a lower one, by index.
      var waiting: [Int: PhoneBatch] = [:]
      /// Batches added to `total`: every batch below this one.
      var added = 0
      var total: PhoneBatch
      /// The first failure in phone order.
      var failure: SimulationError?
      var phonesDone = 0
      var workersDone = 0
    }

    let state: Mutex<State>
    /// Signalled after every batch and when a worker stops, to wake the caller.
    let changed = DispatchSemaphore(value: 0)

    init(rowCount: Int) { state = Mutex(State(total: PhoneBatch(rowCount: rowCount))) }
  }

  /// Runs every batch on `workers` threads (fewer if there are fewer batches) and returns the
  /// total, calling `progress` on this thread with the phones done whenever that grows.
  func run(workers: Int, progress: (Int) -> Void) throws(SimulationError) -> PhoneBatch {
    let board = Board(rowCount: rowCount)
    let workers = max(1, min(workers, batchCount))
    DispatchQueue.global().async {
      DispatchQueue.concurrentPerform(iterations: workers) { _ in work(on: board) }
    }
    var reported = 0
    while true {
      board.changed.wait()
      let (done, finished) = board.state.withLock { ($0.phonesDone, $0.workersDone == workers) }
      if done > reported {
        reported = done
        progress(done)
      }
      if finished { break }
    }
    return try board.state.withLock { state throws(SimulationError) -> PhoneBatch in
      if let failure = state.failure { throw failure }
      precondition(state.added == batchCount, "every batch is added when none failed")
      return state.total
    }
  }

  /// One worker: takes the next batch until none is left (or one failed), simulates it and
  /// files it. It works on its own copies of the spec, profile and replay tables, so that the
  /// reference counts its hot loop touches are not shared with another core
  /// (UnsharedCopies.swift).
  private func work(on board: Board) {
    let simulator = simulator.unshared
    let replay = replay.unshared
    while let index = board.state.withLock({ state -> Int? in
      guard !state.stopping, state.nextBatch < batchCount else { return nil }
      state.nextBatch += 1
      return state.nextBatch - 1
    }) {
      let range = phones(ofBatch: index)
      let batch = simulator.simulate(range, replay: replay, rowCount: rowCount)
      board.state.withLock { state in
        if batch.failure != nil { state.stopping = true }
        state.phonesDone += range.count
        state.waiting[index] = batch
        while state.failure == nil, let next = state.waiting.removeValue(forKey: state.added) {
          if let failure = next.failure {
            state.failure = failure
          } else {
            state.total.add(next)
            state.added += 1
          }
        }
      }
      board.changed.signal()
    }
    board.state.withLock { $0.workersDone += 1 }
    board.changed.signal()
  }
}
