/// Copies of the simulation's inputs that share no heap buffer with the original, one per
/// worker thread (issue 29, perf-simulate7).
///
/// Why: the hot loop copies `AppSpec.Work`s and `AppSpec.Item`s and walks the replay's read
/// tables once per background read, and every such copy retains (and later releases) the
/// arrays and strings inside. A plain Swift copy shares those buffers, so two workers would
/// increment and decrement the same reference counts, atomically, hundreds of times per
/// phone-day: the counts' cache lines bounce between the cores and `--jobs 2` burns up to
/// 20 % more CPU than two separate processes for the same phones. With its own buffers, each
/// worker's retains stay in its own core's cache. The values are equal (`==`) to the
/// originals, so the report cannot change.

extension String {
  /// The same characters in a buffer of its own (a small string has none to share).
  var unshared: String { String(decoding: Array(utf8), as: UTF8.self) }
}

extension AppSpec.Item {
  var unshared: AppSpec.Item {
    var copy = self
    copy.name = name.unshared
    return copy
  }
}

extension AppSpec.Work {
  var unshared: AppSpec.Work {
    var copy = self
    copy.name = name.unshared
    copy.reads = reads.map(\.unshared)
    return copy
  }
}

extension AppSpec {
  var unshared: AppSpec {
    var copy = self
    copy.items = items.map(\.unshared)
    copy.work = work.map(\.unshared)
    return copy
  }
}

extension UsageProfile {
  var unshared: UsageProfile {
    var copy = self
    copy.name = name.unshared
    return copy
  }
}

extension PhoneReplay {
  var unshared: PhoneReplay {
    PhoneReplay(
      spec: spec.unshared, fixed: fixed.unshared, profile: profile.unshared,
      reads: reads.map { workReads in
        workReads.map { ($0.row, $0.item.unshared, $0.fixedItem.unshared) }
      })
  }
}

extension PopulationSimulator {
  var unshared: PopulationSimulator {
    var copy = self
    copy.spec = spec.unshared
    copy.profile = profile.unshared
    return copy
  }
}
