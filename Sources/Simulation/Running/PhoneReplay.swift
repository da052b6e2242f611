import Keychain

/// Plays one phone's timeline on the engine's security state (`SecurityState`, driven by the
/// same `DeviceEvent`s `SimulatedDevice` sends it; time steps by `advanceClock(by:)`, the
/// state change of `.timeAdvanced`) and judges every background read, for the app's
/// configuration and its fixed one.
struct PhoneReplay: Sendable {
  /// What the replay did to the phone, in order, for ``EngineCrossCheck`` to do the same to a
  /// real `SimulatedDevice`: the one place the timeline's events become device operations.
  enum Operation {
    case advance(toMilliseconds: Int64)
    case unlock
    case lock
    case reboot
    case replaceFace(old: String, new: String)
    case read(work: Int, item: AppSpec.Item, predicted: FailureReason?)
  }

  let spec: AppSpec
  let fixed: AppSpec
  let profile: UsageProfile
  /// Per work, per item it reads: the report's row and the item in both configurations.
  let reads: [[(row: Int, item: AppSpec.Item, fixedItem: AppSpec.Item)]]

  /// Replays `timeline`, adding to `actual`/`fixed` tallies (indexed like the report's rows)
  /// and counting reboots; notes each failure's week and month in `hits` and fills `record`
  /// when given.
  ///
  /// - Throws: `DeviceError` if the timeline asks the state for something impossible (a
  ///   defect in the generator, never a user error).
  func run(
    _ timeline: PhoneTimeline, actual: inout [AttemptTally], fixedTallies: inout [AttemptTally],
    reboots: inout [PhoneTimeline.RebootCause: Int], hits: inout PhoneHitRecorder?,
    record: inout PhoneRecord?, operations: ((Operation) -> Void)? = nil
  ) throws(DeviceError) {
    var state = SecurityState.fresh()
    if timeline.hasPasscode { _ = try state.handle(.passcodeSet) }
    if timeline.hasBiometry { _ = try state.handle(.biometryEnrolled(name: "face")) }
    let grace = SecurityState.classAGracePeriod.milliseconds
    // The end of class A's grace after the last lock, when the record must be sampled again
    // (nothing else happens then, so no event would).
    var graceEnd: Int64?
    // Set up unlocked, then locked at t = 0: class A's grace starts here as after any lock,
    // or the record would draw class A available until the first event of the day.
    _ = try state.handle(.lockButtonPressed)
    if record != nil, timeline.hasPasscode { graceEnd = grace }
    // Items are saved at setup, bound to the enrolment set of that moment.
    let itemGeneration = state.biometry.domainGeneration
    var isOn = true
    var lastUnlock: Int64 = 0
    var inactivityRebootDone = false
    var enrolments = 0
    let inactivityLimit = Int64(profile.inactivityRebootHours * PhoneTimeline.hour)

    func advance(to time: Int64) throws(DeviceError) {
      let now = state.clock.now.milliseconds
      if time > now {
        // `.timeAdvanced`'s state change without its keybag command (no keybag here).
        try state.advanceClock(by: .milliseconds(time - now))
        operations?(.advance(toMilliseconds: time))
      }
    }
    func sample() {
      guard record != nil else { return }
      let kind: PhoneRecord.LockKind
      switch state.lock {
      case _ where !isOn: kind = .off
      case .unlocked: kind = .unlocked
      case .locked: kind = .locked
      case .beforeFirstUnlock: kind = .beforeFirstUnlock
      }
      record?.samples.append(
        .init(
          milliseconds: state.clock.now.milliseconds, lock: kind,
          classA: isOn && state.availability(of: .ak).isAvailable,
          classC: isOn && state.availability(of: .ck).isAvailable))
    }
    func reboot(_ cause: PhoneTimeline.RebootCause) throws(DeviceError) {
      _ = try state.handle(.rebooted)
      operations?(.reboot)
      reboots[cause, default: 0] += 1
      record?.reboots.append((state.clock.now.milliseconds, cause.rawValue))
    }
    sample()

    for entry in timeline.entries {
      let time = entry.milliseconds
      if let end = graceEnd, end <= time {
        try advance(to: end)
        sample()
        graceEnd = nil
      }
      if inactivityLimit > 0, isOn, !inactivityRebootDone, state.lock != .beforeFirstUnlock,
        time >= lastUnlock + inactivityLimit
      {
        try advance(to: lastUnlock + inactivityLimit)
        try reboot(.inactivity)
        inactivityRebootDone = true
        sample()
      }
      try advance(to: time)
      switch entry.event {
      case .unlock:
        guard isOn else { continue }
        _ = try state.handle(.unlockSucceeded)
        operations?(.unlock)
        lastUnlock = time
        inactivityRebootDone = false
      case .lock:
        guard isOn, state.lock == .unlocked else { continue }
        _ = try state.handle(.lockButtonPressed)
        operations?(.lock)
        if record != nil, timeline.hasPasscode { graceEnd = time + grace }
      case .reboot(let cause):
        if !isOn {
          isOn = true
        }
        try reboot(cause)
      case .powerOff:
        guard isOn else { continue }
        isOn = false
      case .enrolmentChange:
        guard isOn, state.lock == .unlocked else { continue }
        // A new face replaces the old one (Face ID holds two at most): the set changes.
        let old = enrolments == 0 ? "face" : "face \(enrolments)"
        _ = try state.handle(.biometryRemoved(name: old))
        enrolments += 1
        _ = try state.handle(.biometryEnrolled(name: "face \(enrolments)"))
        operations?(.replaceFace(old: old, new: "face \(enrolments)"))
      case .attempt(let workIndex):
        guard isOn else { continue }
        let work = spec.work[workIndex]
        let fixedWork = fixed.work[workIndex]
        let hour = Int((time / 3_600_000) % 24)
        for read in reads[workIndex] {
          let failure = AttemptEvaluator.failure(
            reading: read.item, in: work, state: state, itemGeneration: itemGeneration)
          actual[read.row].record(failure, hour: hour)
          operations?(.read(work: workIndex, item: read.item, predicted: failure))
          let fixedFailure = AttemptEvaluator.failure(
            reading: read.fixedItem, in: fixedWork, state: state, itemGeneration: itemGeneration)
          fixedTallies[read.row].record(fixedFailure, hour: hour)
          if let failure {
            hits?.record(failure, row: read.row, fixed: false, milliseconds: time)
          }
          if let fixedFailure {
            hits?.record(fixedFailure, row: read.row, fixed: true, milliseconds: time)
          }
          record?.attempts.append(
            .init(milliseconds: time, work: work.name, item: read.item.name, failure: failure))
        }
        continue
      }
      sample()
    }
    // The last lock's grace ends after the last event: sampled, or class A would be drawn
    // available to the end of the last day.
    if let end = graceEnd {
      try advance(to: end)
      sample()
    }
  }
}
