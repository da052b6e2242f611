// swift-tools-version:6.0
//
// keychain-sim: a simulator of the iOS keychain and the device security state that governs it.
// System libraries only (SwiftPM cannot fetch packages on the build machines): SQLite for the
// item store and the device file, libsodium for the keybag, GNU readline for the REPL, OpenSSL's
// libcrypto for SecKey's asymmetric keys.

import PackageDescription

let package = Package(
  name: "keychain-sim",
  products: [
    .library(name: "KeychainSimulator", targets: ["Keychain", "Scenario"]),
    .executable(name: "keychain-sim", targets: ["keychain-sim"]),
    // Apple's keychain API on Linux (docs/facade.md). Linux only: on a Mac these names are the
    // SDK's own modules.
    .library(name: "Security", targets: ["Security"]),
    .library(name: "LocalAuthentication", targets: ["LocalAuthentication"]),
    .library(name: "KeychainSimulatorTesting", targets: ["KeychainSimulatorTesting"]),
  ],
  targets: [
    // MARK: - C libraries (module map + shim only)
    // SQLite and libsodium are linked statically (`-l:libsqlite3.a`, `-l:libsodium.a`, from
    // libsqlite3-dev and libsodium-dev, by ItemStore and Keybag): as shared libraries they cost
    // every start of the executable some 1 800 symbol look-ups (docs/benchmarks.md, "Start-up").
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
    // readline's .pc passes -D flags SwiftPM rejects, so the module map links it directly.
    .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
    .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),

    // MARK: - Engine
    .target(name: "DeviceState"),
    .target(
      name: "Keybag", dependencies: ["DeviceState", "CSodium"],
      linkerSettings: [.linkedLibrary(":libsodium.a")]),
    .target(
      name: "ItemStore", dependencies: ["CSQLite"],
      linkerSettings: [.linkedLibrary(":libsqlite3.a")]),
    // Asymmetric keys in libcrypto: generation, Apple's external representations, signatures,
    // RSA and ECIES encryption, ECDH. The only target that calls OpenSSL.
    // libcrypto is linked statically (`-l:libcrypto.a`, from libssl-dev): linked as a shared
    // library it cost every start of the executable some 3 400 symbol look-ups
    // (docs/benchmarks.md, "Start-up").
    .target(
      name: "KeyCrypto", dependencies: ["COpenSSL"],
      linkerSettings: [.linkedLibrary(":libcrypto.a")]),
    // The SecItem semantics: values, queries, validation, rows, results, failures and their words.
    .target(name: "KeychainEngine", dependencies: ["DeviceState", "Keybag", "ItemStore"]),
    // SecKey's semantics: algorithms, key attributes, generation and import rules, operations
    // and their failures, over KeyCrypto. Below the devices: keys are values until stored.
    .target(name: "KeyEngine", dependencies: ["KeyCrypto", "KeychainEngine"]),
    // One device each: its state, its apps, prompts, and where its SecItem calls go (a route).
    .target(
      name: "Devices",
      dependencies: [
        "KeychainEngine", "KeyEngine", "KeyCrypto", "DeviceState", "Keybag", "ItemStore",
      ]),
    // Several devices: iCloud Keychain sync, backup and restore, transfer, the fleet's manifest.
    .target(
      name: "Fleet", dependencies: ["Devices", "KeychainEngine", "DeviceState", "ItemStore"]),
    // The library's one import: re-exports the three layers above.
    .target(
      name: "Keychain",
      dependencies: ["KeychainEngine", "Devices", "Fleet", "DeviceState", "Keybag"]),
    // Known mistakes of app code seen in its SecItem calls, and their words: for scenarios and
    // for the test phone alike.
    .target(name: "Pitfalls", dependencies: ["KeychainEngine", "DeviceState", "ItemStore"]),
    // The scenario language: tokens, syntax, the vocabulary, diagnostics and the parser.
    .target(
      name: "ScenarioLanguage",
      dependencies: ["KeychainEngine", "KeyEngine", "Devices", "DeviceState"]),
    // Playing scenarios on devices: the runner, reports and transcripts, the REPL loop, training.
    .target(
      name: "Scenario",
      dependencies: [
        "ScenarioLanguage", "Keychain", "KeychainEngine", "KeyEngine", "Devices", "Fleet",
        "ItemStore", "Pitfalls",
      ]),
    // Many phones over many days: how an app's background keychain reads fare (`simulate`).
    .target(
      name: "Simulation", dependencies: ["Keychain", "KeychainEngine", "Devices", "ItemStore"]),

    // MARK: - Apple's API on Linux (a translation layer over one shared simulated phone)
    .target(
      name: "KeychainSimulatorPhone",
      dependencies: ["Keychain", "KeychainEngine", "Devices", "Pitfalls"]),
    .target(name: "LocalAuthentication", dependencies: ["KeychainSimulatorPhone", "Keychain"]),
    .target(
      name: "Security",
      dependencies: ["KeychainSimulatorPhone", "Keychain", "LocalAuthentication", "KeyEngine"]),
    .target(
      name: "KeychainSimulatorTesting",
      dependencies: ["KeychainSimulatorPhone", "Keychain", "Scenario"]),

    // MARK: - Example: an app's token store tested on the simulated phone
    .target(
      name: "TokenStoreExample", dependencies: ["Security"], path: "Examples/TokenStore/Sources"),
    .testTarget(
      name: "TokenStoreExampleTests",
      dependencies: [
        "TokenStoreExample", "Security", "LocalAuthentication", "KeychainSimulatorTesting",
      ],
      path: "Examples/TokenStore/Tests"),

    // MARK: - Command line (a thin layer over Scenario)
    // readline (the REPL's line editor) and libtinfo, which it needs, linked statically (from
    // libreadline-dev and the libncurses-dev it depends on): as shared libraries they cost
    // every start, `explain` and `run` too, 565 symbol look-ups (docs/benchmarks.md,
    // "Start-up").
    .executableTarget(
      name: "keychain-sim", dependencies: ["Scenario", "Simulation", "CReadline"],
      linkerSettings: [.linkedLibrary(":libreadline.a"), .linkedLibrary(":libtinfo.a")]),
    .executableTarget(
      name: "keychain-bench",
      dependencies: [
        "Keychain", "ItemStore", "CSQLite", "CSodium", "Security", "KeychainSimulatorTesting",
        "Simulation", "Scenario", "KeyCrypto",
      ],
      path: "Benchmarks/keychain-bench"),
    // Writes the Apple-API modules' errSec, kSec and LAError names from the engine's tables,
    // and the lessons built into keychain-sim from scenarios/ (scripts/generate-apple-names.sh;
    // GeneratedSourcesTests checks the checked-in files).
    .executableTarget(
      name: "generate-apple-names", dependencies: ["KeychainEngine", "KeyEngine", "Scenario"],
      path: "scripts/generate-apple-names"),
    // The libFuzzer target for the parser and runner; a corpus replayer unless built with
    // `-sanitize=fuzzer -DFUZZING` (docs/testing.md, scripts/fuzz.sh).
    .executableTarget(
      name: "keychain-fuzz", dependencies: ["Scenario"], path: "Fuzz/keychain-fuzz"),

    // MARK: - Tests
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DeviceStateTests", dependencies: ["DeviceState"]),
    .testTarget(name: "KeybagTests", dependencies: ["Keybag", "TestSupport"]),
    .testTarget(name: "ItemStoreTests", dependencies: ["ItemStore"]),
    .testTarget(name: "KeyCryptoTests", dependencies: ["KeyCrypto"]),
    .testTarget(name: "KeyEngineTests", dependencies: ["KeyEngine", "KeyCrypto", "KeychainEngine"]),
    .testTarget(
      name: "KeychainTests",
      dependencies: [
        "Keychain", "KeychainEngine", "Devices", "Fleet", "TestSupport", "KeyEngine", "KeyCrypto",
      ]),
    .testTarget(
      name: "ScenarioTests", dependencies: ["Scenario", "ScenarioLanguage", "ItemStore", "Pitfalls"],
      exclude: ["Golden"]),
    .testTarget(
      name: "FacadeTests",
      dependencies: ["Security", "LocalAuthentication", "KeychainSimulatorTesting"]),
    .testTarget(name: "GeneratedSourcesTests", dependencies: ["generate-apple-names"]),
    .testTarget(
      name: "CLITests", dependencies: ["keychain-sim", "Scenario", "TestSupport"],
      exclude: ["Terminal/drive.py"]),  // run by the tests from its source path
    // Random device events and SecItem calls checked against an independent model of the rules.
    .testTarget(
      name: "ModelTests", dependencies: ["Keychain", "KeychainEngine", "Devices", "TestSupport"]),
    .testTarget(name: "SimulationTests", dependencies: ["Simulation", "Keychain"]),
  ],
  swiftLanguageModes: [.v6]
)
