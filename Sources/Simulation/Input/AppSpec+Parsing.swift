import Keychain

extension AppSpec {
  /// Reads an app spec (format: docs/simulate.md, "The app spec"):
  ///
  ///     item token accessible=WhenUnlocked
  ///     item pin accessible=WhenUnlockedThisDeviceOnly access-control=biometryCurrentSet
  ///     work refresh kind=app-refresh reads=token per-day=4
  ///     work widget kind=widget reads=token access-group=no
  ///     users 250000
  ///
  /// - Throws: ``SpecFileError`` naming the line and what is wrong with it.
  public static func parse(_ text: String, file: String) throws(SpecFileError) -> AppSpec {
    var items: [Item] = []
    var work: [Work] = []
    var users: Int?
    for line in SpecLine.lines(of: text) {
      func fail(_ message: String) -> SpecFileError {
        SpecFileError(file: file, line: line.number, message: message)
      }
      if line.words[0] == "users" {
        guard users == nil else { throw fail("`users` is given twice") }
        guard line.words.count == 2, let count = Int(line.words[1]), count > 0 else {
          throw fail("`users` takes one whole number of people above 0, e.g. `users 250000`")
        }
        users = count
        continue
      }
      guard line.words.count >= 2 else {
        throw fail("'\(line.words[0])' needs a name, e.g. `item token accessible=WhenUnlocked`")
      }
      let name = line.words[1]
      let (values, flags) = try line.options(skipping: 2, file: file)
      switch line.words[0] {
      case "item":
        guard items.allSatisfy({ $0.name != name }) else { throw fail("item '\(name)' twice") }
        try checkKnown(
          values, flags, keys: ["accessible", "access-control"], flags: ["sync"], fail)
        guard let accessible = values["accessible"] else {
          throw fail("item '\(name)' needs accessible=..., e.g. accessible=AfterFirstUnlock")
        }
        guard let protection = protectionClass(named: accessible) else {
          let names = ProtectionClass.allCases.map { shortName($0) }.joined(separator: ", ")
          throw fail("unknown accessible '\(accessible)'; one of \(names)")
        }
        var accessControl: SecAccessControlCreateFlags?
        if let text = values["access-control"] {
          accessControl = try accessControlFlags(text, fail)
        }
        items.append(
          Item(
            name: name, protection: protection, accessControl: accessControl,
            synchronizable: flags.contains("sync")))
      case "work":
        guard work.allSatisfy({ $0.name != name }) else { throw fail("work '\(name)' twice") }
        try checkKnown(
          values, flags, keys: ["kind", "reads", "per-day", "access-group"], flags: [], fail)
        guard let kindName = values["kind"], let kind = BackgroundWorkKind(rawValue: kindName)
        else {
          let kinds = BackgroundWorkKind.allCases.map(\.rawValue).joined(separator: ", ")
          throw fail("work '\(name)' needs kind=one of \(kinds)")
        }
        guard let readList = values["reads"] else {
          throw fail("work '\(name)' needs reads=ITEM[,ITEM...]")
        }
        let reads = readList.split(separator: ",").map(String.init)
        for read in reads where !items.contains(where: { $0.name == read }) {
          throw fail("work '\(name)' reads '\(read)', which no earlier `item` line declares")
        }
        var runsPerDay: Double?
        if let text = values["per-day"] {
          guard let value = Double(text), value >= 0, value <= 1_440 else {
            throw fail("per-day takes a number of runs a day from 0 to 1440, not '\(text)'")
          }
          runsPerDay = value
        }
        var hasAccessGroup = true
        if let text = values["access-group"] {
          guard text == "yes" || text == "no" else {
            throw fail("access-group takes yes or no, not '\(text)'")
          }
          guard kind.runsInExtension || text == "yes" else {
            throw fail("access-group applies to extensions (widget, notification-service) only")
          }
          hasAccessGroup = text == "yes"
        }
        work.append(
          Work(
            name: name, kind: kind, reads: reads, runsPerDay: runsPerDay,
            hasAccessGroup: hasAccessGroup))
      default:
        throw fail("unknown line '\(line.words[0])'; a line starts with `item`, `work` or `users`")
      }
    }
    guard !work.isEmpty else {
      throw SpecFileError(file: file, line: 1, message: "no `work` line: nothing reads an item")
    }
    return AppSpec(items: items, work: work, users: users)
  }

  /// `WhenUnlocked`, `kSecAttrAccessibleWhenUnlocked` or the raw `ak`.
  static func protectionClass(named name: String) -> ProtectionClass? {
    ProtectionClass(rawValue: name) ?? ProtectionClass(appleName: name)
      ?? ProtectionClass(appleName: "kSecAttrAccessible" + name)
  }

  /// The spelling the spec and the report use: `WhenUnlocked`.
  static func shortName(_ protection: ProtectionClass) -> String {
    String(protection.appleName.dropFirst("kSecAttrAccessible".count))
  }

  private static func accessControlFlags(
    _ text: String, _ fail: (String) -> SpecFileError
  ) throws(SpecFileError) -> SecAccessControlCreateFlags {
    var flags = SecAccessControlCreateFlags(rawValue: 0)
    for word in text.split(separator: ",") {
      guard
        let entry = SecAccessControlCreateFlags.named.first(where: {
          $0.swift == word || $0.objc == word
        })
      else {
        let names = SecAccessControlCreateFlags.named.map(\.swift).joined(separator: ", ")
        throw fail("unknown access-control flag '\(word)'; one of \(names)")
      }
      flags.insert(entry.flag)
    }
    return flags
  }

  private static func checkKnown(
    _ values: [String: String], _ flags: Set<String>, keys: Set<String>, flags known: Set<String>,
    _ fail: (String) -> SpecFileError
  ) throws(SpecFileError) {
    for key in values.keys.sorted() where !keys.contains(key) {
      throw fail("unknown option '\(key)'; known: \(keys.sorted().joined(separator: ", "))")
    }
    for flag in flags.sorted() where !known.contains(flag) {
      throw fail("unknown word '\(flag)'")
    }
  }
}
