import DeviceState
import Devices

/// `device`, `biometry`, `wait`, `app` and `user will` (docs/scenario-language.md §3-§5).
extension StatementParser {
  // MARK: - device

  mutating func deviceCommand() throws(Failure) -> DeviceCommand {
    switch try deviceWord() {
    case .lock: return .lock
    case .reboot: return .reboot
    case .add:
      let name = try bareWord("a name for the device, such as `watch` or `newPhone`")
      guard try peek().shape != .end else { return .add(name: name, platform: .iPhone) }
      let platform = try choice(
        "device kind", DevicePlatform.allCases.map { ($0.rawValue, $0) })
      return .add(name: name, platform: platform)
    case .use:
      return .use(name: try bareWord("the name of a device (`show devices` lists them)"))
    case .unlock:
      let token = try word()
      // Compared in place: the passcode's text is made once, by `passcode(_:)`.
      if source.isWord(token, Vocabulary.unlockWithBiometry) { return .unlockWithBiometry }
      return .unlock(passcode: try passcode(token))
    case .passcode:
      let token = try word()
      switch source.kind(of: token) {
      case .word(Vocabulary.PasscodeWord.change.rawValue):
        let old = try passcode(try word())
        return .changePasscode(old: old, new: try passcode(try word()))
      case .word(Vocabulary.PasscodeWord.remove.rawValue):
        return .removePasscode(current: try passcode(try word()))
      default:
        return .setPasscode(try passcode(token))
      }
    }
  }

  /// The `device` command next, told by the token's bytes: ``choice(_:_:)`` made the word's
  /// `String` and compared it with each case's raw value, and comparing with a `String`'s
  /// UTF-8 view went through its iterator (some 500 instructions a command either way; issue
  /// 29). A source that is not byte-wise compares texts; what is no command is left to
  /// ``choice(_:_:)``, for its message.
  private mutating func deviceWord() throws(Failure) -> Vocabulary.DeviceWord {
    if position < end, source.tokens[position].shape == .identifier {
      let token = source.tokens[position]
      let found =
        source.source.withByteWiseUTF8(of: token.offset..<token.endOffset) { written in
          Self.deviceWord(written: written)
        }
        ?? Vocabulary.DeviceWord.allCases.first { source.isIdentifier(token, $0.rawValue) }
      if let found {
        skip()
        return found
      }
    }
    return try choice("`device` command", Vocabulary.DeviceWord.self)
  }

  /// The `device` command written `written`, if any: the one word it can be, told by its
  /// length and first byte, compared whole. (Each word compared in turn, from a table of
  /// their bytes, was some 200 instructions a `device` command; issue 29.) A word this does
  /// not know is found by ``choice(_:_:)``, which compares every raw value.
  private static func deviceWord(written: UnsafeBufferPointer<UInt8>) -> Vocabulary.DeviceWord? {
    let candidate: Vocabulary.DeviceWord
    switch (written.count, written.first) {
    case (8, _): candidate = .passcode
    case (4, _): candidate = .lock
    case (6, UInt8(ascii: "u")?): candidate = .unlock
    case (6, _): candidate = .reboot
    case (3, UInt8(ascii: "a")?): candidate = .add
    case (3, _): candidate = .use
    default: return nil
    }
    var raw = candidate.rawValue
    return raw.withUTF8 { hasSameBytes($0, written) } ? candidate : nil
  }

  /// A passcode: a word of digits, or a string literal (an alphanumeric passcode, extension).
  mutating func passcode(_ token: Token) throws(Failure) -> String {
    switch source.kind(of: token) {
    // Every character an ASCII digit, asked of the bytes (a character of any other byte is
    // none).
    case .word(let digits) where Self.isDigits(digits):
      recordSecret(from: token)
      return digits
    case .string(let text) where !text.isEmpty:
      recordSecret(from: token)
      return text
    case .end, .punctuation:
      throw failure(.expected("a passcode", found: quoted(token)), at: token)
    default:
      throw failure(.passcodeNotDigits, at: token)
    }
  }

  /// Whether every byte of `text` is an ASCII digit (a character of any other byte is none),
  /// read from its UTF-8 in place: iterating `String.UTF8View` cost some 230 instructions a
  /// passcode.
  private static func isDigits(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
  }

  // MARK: - icloud

  mutating func icloudCommand() throws(Failure) -> ICloudCommand {
    switch try wordChoice("`icloud` command", Vocabulary.ICloudWord.self) {
    case .signIn:
      return .signIn(appleID: try bareWord("an Apple Account such as `alice@icloud.com`"))
    case .signOut: return .signOut
    case .sync: return .sync
    case .keychain:
      return .keychain(on: try choice("`on` or `off`", Vocabulary.SwitchWord.self) == .on)
    }
  }

  /// One of a fixed set of words that may hold a `-` (`sign-in`), read as a whole word.
  mutating func wordChoice<Word: RawRepresentable<String> & CaseIterable>(
    _ what: String, _ table: Word.Type
  ) throws(Failure) -> Word {
    let token = try word()
    let options = Vocabulary.words(of: table)
    guard case .word(let text) = source.kind(of: token) else {
      let list = options.map { "`\($0)`" }.joined(separator: ", ")
      throw failure(.expected("\(what) (\(list))", found: quoted(token)), at: token)
    }
    if let match = Word(rawValue: text) { return match }
    let suggestion = Suggestion.nearest(to: text, in: options)
    throw failure(.unknown(what, text, suggestion: suggestion), at: token)
  }

  // MARK: - biometry

  mutating func biometryCommand() throws(Failure) -> BiometryCommand {
    let command = try choice("`biometry` command", Vocabulary.BiometryWord.self)
    switch command {
    case .type:
      return .setType(
        try choice("biometry type", BiometryKind.allCases.map { ($0.rawValue, $0) }))
    case .enroll: return .enroll(try identityName())
    case .remove: return .remove(try identityName())
    }
  }

  /// An enrolled face or finger: a bare word or a string literal.
  private mutating func identityName() throws(Failure) -> String {
    let token = try word()
    switch source.kind(of: token) {
    case .word(let name), .string(let name): return name
    default:
      throw failure(.expected("a name for the face or finger", found: quoted(token)), at: token)
    }
  }

  // MARK: - wait

  /// `10s`, `1h30m`, `1h + 30m`, `1h 30m`.
  mutating func duration() throws(Failure) -> SimulatedDuration {
    var total = try oneDuration()
    while true {
      let next = try peek()
      if next.shape == .punctuation(.plus) {
        try advance()
      } else if next.shape == .duration {
      } else {
        return total
      }
      let moreToken = try peek()
      let more = try oneDuration()
      let (sum, overflow) = total.milliseconds.addingReportingOverflow(more.milliseconds)
      guard !overflow else {
        throw failure(.durationTooLong(text(of: moreToken)), at: moreToken)
      }
      total.milliseconds = sum
    }
  }

  /// `wait 1.5s` reads as `1`, `.`, `5s`: after the integer just read, a `.` and a number or
  /// duration are a fraction, which a duration cannot have.
  private func fractionWritten(after whole: String) -> ParseMessage? {
    guard let dot = peek(ahead: 0), dot.shape == .punctuation(.dot),
      let fraction = peek(ahead: 1)
    else { return nil }
    switch source.kind(of: fraction) {
    case .integer, .duration: return .durationNotWhole("\(whole).\(text(of: fraction))")
    default: return nil
    }
  }

  private mutating func oneDuration() throws(Failure) -> SimulatedDuration {
    // A duration, nearly always: read in place, its milliseconds the token's (a copy of the
    // token and its kind, made and destroyed, cost more than the rest; issue 29).
    if position < end, source.tokens[position].shape == .duration {
      let milliseconds = source.tokens[position].scalar
      skip()
      return SimulatedDuration(milliseconds: milliseconds)
    }
    let token = try advance()
    switch source.kind(of: token) {
    case .duration(let duration): return duration
    case .integer(let text):
      throw failure(fractionWritten(after: text) ?? .durationNeedsUnit(text), at: token)
    default:
      throw failure(
        .expected("a duration such as `10s` or `1h30m`", found: quoted(token)), at: token)
    }
  }

  // MARK: - app

  mutating func appCommand() throws(Failure) -> AppCommand {
    let command = try choice("`app` command", Vocabulary.AppWord.self)
    switch command {
    case .install: return .install(try appInstall())
    case .use: return .use(bundleID: try bareWord("a bundle id such as `com.example.app`"))
    case .background: return .background
    case .foreground: return .foreground
    case .uninstall:
      return .uninstall(bundleID: try bareWord("a bundle id such as `com.example.app`"))
    case .transfer:
      let bundleID = try bareWord("a bundle id such as `com.example.app`")
      return .transfer(bundleID: bundleID, teamID: try teamClause())
    case .defaults:
      let action = try choice("`app defaults` command", Vocabulary.DefaultsWord.self)
      let key = try bareWord("a preferences key such as `refresh-token`")
      switch action {
      case .set: return .setDefault(key: key, value: try defaultsValue())
      case .remove: return .removeDefault(key: key)
      }
    }
  }

  /// The value of `app defaults set <key> <value>`: a string or a word, a secret as item data
  /// is (the lesson puts a token there).
  private mutating func defaultsValue() throws(Failure) -> String {
    let token = try word()
    switch source.kind(of: token) {
    case .word(let text), .string(let text):
      recordSecret(from: token)
      return text
    default:
      throw failure(.expected("the value to keep, as a string", found: quoted(token)), at: token)
    }
  }

  /// `keychain reset [<bundleID>]`.
  mutating func keychainCommand() throws(Failure) -> AppCommand {
    _ = try choice("`keychain` command", Vocabulary.KeychainWord.self)
    let next = try peek()
    guard next.shape != .end else { return .resetKeychain(bundleID: nil) }
    return .resetKeychain(bundleID: try bareWord("a bundle id such as `com.example.app`"))
  }

  /// `team <TEAMID>`.
  private mutating func teamClause() throws(Failure) -> String {
    let team = try word()
    guard source.kind(of: team) == .word(Vocabulary.team) else {
      throw failure(.expected("`team <TEAMID>` after the bundle id", found: quoted(team)), at: team)
    }
    return try bareWord("a team id such as `ABCDE12345`")
  }

  private mutating func appInstall() throws(Failure) -> AppInstall {
    let bundleID = try bareWord("a bundle id such as `com.example.app`")
    let teamID = try teamClause()
    var app = AppInstall(bundleID: bundleID, teamID: teamID)
    let options = Vocabulary.AppInstallOption.allCases.map(\.rawValue)
    var groupsToken: Token?
    while true {
      let option = try word()
      switch source.kind(of: option) {
      case .end:
        pushBack(option)
        if app.noEntitlements, let groupsToken {
          throw failure(.noEntitlementsWithGroups, at: groupsToken)
        }
        return app
      case .word(Vocabulary.AppInstallOption.keychainAccessGroups.rawValue):
        groupsToken = groupsToken ?? option
        app.keychainAccessGroups += try groupList(teamID: teamID)
      case .word(Vocabulary.AppInstallOption.appGroups.rawValue):
        groupsToken = groupsToken ?? option
        app.appGroups += try groupList(teamID: teamID)
      case .word(Vocabulary.AppInstallOption.extensionOf.rawValue):
        groupsToken = groupsToken ?? option
        app.hostBundleID = try bareWord("the bundle id of the app containing the extension")
        let kind = try word()
        if case .word(let text) = source.kind(of: kind),
          let word = Vocabulary.ExtensionKindWord(rawValue: text)
        {
          app.extensionKind = word.kind
        } else {
          pushBack(kind)
        }
      case .word(Vocabulary.AppInstallOption.expoPlugin.rawValue):
        groupsToken = groupsToken ?? option
        app.expoPluginGroups = (app.expoPluginGroups ?? []) + (try expoPluginGroups())
      case .word(Vocabulary.AppInstallOption.noEntitlements.rawValue):
        app.noEntitlements = true
      case .word(let other):
        let suggestion = Suggestion.nearest(to: other, in: options)
        throw failure(.unknown("`app install` option", other, suggestion: suggestion), at: option)
      default:
        throw failure(
          .expected(
            "`keychain-access-groups`, `app-groups`, `extension-of`, `expo-plugin` or "
              + "`no-entitlements`",
            found: quoted(option)), at: option)
      }
    }
  }

  /// `g1,g2, g3`, with `$(AppIdentifierPrefix)` and `$(TeamIdentifierPrefix)` expanded.
  private mutating func groupList(teamID: String) throws(Failure) -> [String] {
    var groups: [String] = []
    repeat {
      let group = try bareWord("an access group")
      groups.append(
        group
          .replacingOccurrences(of: "$(AppIdentifierPrefix)", with: "\(teamID).")
          .replacingOccurrences(of: "$(TeamIdentifierPrefix)", with: "\(teamID)."))
      let separator = try word()
      guard separator.shape == .punctuation(.comma) else {
        pushBack(separator)
        return groups
      }
    } while true
  }

  /// A bare word or a string literal.
  mutating func bareWord(_ what: String) throws(Failure) -> String {
    let token = try word()
    switch source.kind(of: token) {
    case .word(let text), .string(let text): return text
    default: throw failure(.expected(what, found: quoted(token)), at: token)
    }
  }

  // MARK: - user will

  /// `user will match|fail|cancel|fallback|enter <digits>`, and the extension `... <n> times`.
  mutating func userAnswer() throws(Failure) -> StatementKind {
    try expect(identifier: Vocabulary.will)
    let command = try choice("user answer", Vocabulary.AnswerWord.self)
    let answer: UserAnswer =
      switch command {
      case .match: .match
      case .fail: .fail
      case .cancel: .cancel
      case .fallback: .fallback
      case .enter: .enter(passcode: try passcode(try word()))
      }
    let count = try peek()
    guard case .integer(let text) = source.kind(of: count) else { return .userWill(answer, times: 1) }
    try advance()
    guard let times = Int(text), times >= 1 else {
      throw failure(.repeatCountTooSmall(text), at: count)
    }
    var counted = false
    for word in Vocabulary.repeatWords where !counted { counted = try consume(identifier: word) }
    if !counted {
      let token = try peek()
      throw failure(.expected("`times` after the count", found: quoted(token)), at: token)
    }
    return .userWill(answer, times: times)
  }
}
