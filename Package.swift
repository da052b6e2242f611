// swift-tools-version:6.0
//
// keychain-sim: a simulator of the iOS keychain and the device security state that governs it.
// System libraries only (SwiftPM cannot fetch packages on the build machines): SQLite for the
// item store and the device file, libsodium for the keybag, GNU readline for the REPL.

import PackageDescription

let package = Package(
  name: "keychain-sim",
  products: [
    .library(name: "KeychainSimulator", targets: ["Keychain", "Scenario"]),
    .executable(name: "keychain-sim", targets: ["keychain-sim"]),
  ],
  targets: [
    // MARK: - C libraries (module map + shim only)
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
    // readline's .pc passes -D flags SwiftPM rejects, so the module map links it directly.
    .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),

    // MARK: - Engine
    .target(name: "DeviceState"),
    .target(name: "Keybag", dependencies: ["DeviceState", "CSodium"]),
    .target(name: "ItemStore", dependencies: ["CSQLite"]),
    .target(name: "Keychain", dependencies: ["DeviceState", "Keybag", "ItemStore"]),
    .target(name: "Scenario", dependencies: ["Keychain"]),
    // Many phones over many days: how an app's background keychain reads fare (`simulate`).
    .target(name: "Simulation", dependencies: ["Keychain"]),

    // MARK: - Command line (a thin layer over Scenario)
    .executableTarget(
      name: "keychain-sim", dependencies: ["Scenario", "Simulation", "CReadline"]),
    .executableTarget(
      name: "keychain-bench", dependencies: ["Keychain", "Simulation"],
      path: "Benchmarks/keychain-bench"),
    // The libFuzzer target for the parser and runner; a corpus replayer unless built with
    // `-sanitize=fuzzer -DFUZZING` (docs/testing.md, scripts/fuzz.sh).
    .executableTarget(name: "keychain-fuzz", dependencies: ["Scenario"], path: "Fuzz/keychain-fuzz"),

    // MARK: - Tests
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DeviceStateTests", dependencies: ["DeviceState"]),
    .testTarget(name: "KeybagTests", dependencies: ["Keybag", "TestSupport"]),
    .testTarget(name: "ItemStoreTests", dependencies: ["ItemStore"]),
    .testTarget(name: "KeychainTests", dependencies: ["Keychain", "TestSupport"]),
    .testTarget(
      name: "ScenarioTests", dependencies: ["Scenario"], exclude: ["Golden"]),
    .testTarget(name: "CLITests", dependencies: ["keychain-sim", "Scenario", "TestSupport"]),
    // Random device events and SecItem calls checked against an independent model of the rules.
    .testTarget(name: "ModelTests", dependencies: ["Keychain", "TestSupport"]),
    .testTarget(name: "SimulationTests", dependencies: ["Simulation", "Keychain"]),
  ],
  swiftLanguageModes: [.v6]
)
