import Foundation
import Keychain
import Testing

@testable import Simulation

@Suite struct SpecParsingTests {
  @Test func readsItemsAndWork() throws {
    let parsed = try spec(
      """
      # comment
      item token accessible=WhenUnlocked   # trailing comment
      item pin accessible=kSecAttrAccessibleWhenUnlockedThisDeviceOnly access-control=userPresence sync
      work refresh kind=app-refresh reads=token,pin per-day=3
      work widget kind=widget reads=token access-group=no
      """)
    #expect(parsed.items.map(\.protection) == [.ak, .aku])
    #expect(parsed.items[1].accessControl == .userPresence)
    #expect(parsed.items[1].synchronizable)
    #expect(parsed.work[0].runsPerDay == 3)
    #expect(parsed.work[0].reads == ["token", "pin"])
    #expect(parsed.work[1].runsPerDay == BackgroundWorkKind.widget.defaultRunsPerDay)
    #expect(!parsed.work[1].hasAccessGroup)
    #expect(parsed.fixed.items.map(\.protection) == [.ck, .cku])
    #expect(parsed.fixed.work[1].hasAccessGroup)
    #expect(parsed.users == nil)
  }

  @Test func usersIsTheAppsPopulation() throws {
    let parsed = try spec("users 250000\nitem t accessible=WhenUnlocked\nwork w kind=widget reads=t")
    #expect(parsed.users == 250_000)
  }

  @Test(arguments: [
    (
      "item t accessible=Sometimes\nwork w kind=widget reads=t", 1, "unknown accessible 'Sometimes'"
    ),
    ("item t accessible=WhenUnlocked\nwork w kind=widget reads=u", 2, "no earlier `item` line"),
    ("item t accessible=WhenUnlocked\nwork w kind=daily reads=t", 2, "needs kind=one of"),
    ("item t\n", 1, "needs accessible="),
    (
      "item t accessible=WhenUnlocked colour=red\nwork w kind=widget reads=t", 1,
      "unknown option 'colour'"
    ),
    (
      "item t accessible=WhenUnlocked\nwork w kind=silent-push reads=t access-group=no", 2,
      "extensions"
    ),
    ("item t accessible=WhenUnlocked\nwork w kind=widget reads=t per-day=lots", 2, "per-day"),
    (
      "item t accessible=WhenUnlocked access-control=faceOnly\nwork w kind=widget reads=t", 1,
      "unknown access-control flag 'faceOnly'"
    ),
    ("item t accessible=WhenUnlocked\n", 1, "no `work` line"),
    ("thing t\n", 1, "unknown line 'thing'"),
    ("users 0\nitem t accessible=WhenUnlocked\nwork w kind=widget reads=t", 1, "above 0"),
    ("users many\nitem t accessible=WhenUnlocked\nwork w kind=widget reads=t", 1, "whole number"),
    ("users 5\nusers 6\nitem t accessible=WhenUnlocked\nwork w kind=widget reads=t", 2, "twice"),
  ])
  func badSpecsNameTheLine(text: String, line: Int, message: String) {
    do {
      _ = try AppSpec.parse(text, file: "bad.spec")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.file == "bad.spec")
      #expect(error.line == line)
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func aProfileFileOverridesItsBase() throws {
    let profile = try UsageProfile.parse(
      "base light\nunlocks-per-day 12  # a quiet week\npasscode-share 1\n", file: "p.profile",
      name: "quiet")
    #expect(profile.name == "quiet")
    #expect(profile.unlocksPerDay == 12)
    #expect(profile.passcodeShare == 1)
    #expect(profile.idleDayShare == UsageProfile.light.idleDayShare)
  }

  @Test(arguments: [
    ("unlocks-per-day many", 1, "takes a number"),
    ("passcode-share 1.5", 1, "takes a number from 0.0 to 1.0"),
    ("sleepiness 3", 1, "unknown key 'sleepiness'"),
    ("unlocks-per-day 3\nbase light", 2, "`base` must come first"),
    ("unlocks-per-day 3\nunlocks-per-day 4", 2, "given twice"),
    ("wake-hour 23\nsleep-hour 22", 1, "wake-hour must come before sleep-hour"),
  ])
  func badProfilesNameTheLine(text: String, line: Int, message: String) {
    do {
      _ = try UsageProfile.parse(text, file: "bad.profile", name: "bad")
      Issue.record("accepted: \(text)")
    } catch {
      #expect(error.line == line)
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func theShippedExampleParses() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let specPath = root.appendingPathComponent("examples/simulate/news-app.spec").path
    let parsed = try AppSpec.parse(
      String(contentsOfFile: specPath, encoding: .utf8), file: specPath)
    #expect(Set(parsed.work.map(\.kind)) == Set(BackgroundWorkKind.allCases))
    let profilePath = root.appendingPathComponent("examples/simulate/night-owl.profile").path
    let profile = try UsageProfile.parse(
      String(contentsOfFile: profilePath, encoding: .utf8), file: profilePath, name: "night-owl")
    #expect(profile.sleepHour == 26)
  }
}
