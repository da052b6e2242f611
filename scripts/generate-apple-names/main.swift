// generate-apple-names: writes the Security and LocalAuthentication modules' Apple names
// (errSec codes, kSec constants, LAError codes) from the engine's one table of each, so that
// the Apple-API modules keep no copy of their own. Swift cannot declare globals from a table at
// compile time, hence generated files; `GeneratedSourcesTests` fails when one differs from
// what this writes. It also writes the lessons of scenarios/ into the Scenario module, so that an
// installed keychain-sim has them (`BundledLessonsRenderer`).
//
//   bash scripts/generate-apple-names.sh            # rewrite the generated files
//   bash scripts/generate-apple-names.sh --check    # exit 1 if one is out of date
import Foundation

/// The package's root: this file is scripts/generate-apple-names/main.swift.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("generate-apple-names: \(message)\n".utf8))
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.isEmpty || arguments == ["--check"] else {
  fail("usage: generate-apple-names [--check]", status: 2)
}
let checkOnly = arguments == ["--check"]

var stale: [String] = []
for file in GeneratedFile.all {
  let url = root.appendingPathComponent(file.path)
  let current: String?
  do {
    current = try file.checkedIn(under: root)
  } catch {
    fail("could not read \(file.path): \(error)")
  }
  guard current != file.contents else { continue }
  stale.append(file.path)
  guard !checkOnly else { continue }
  do {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try file.contents.write(to: url, atomically: true, encoding: .utf8)
  } catch {
    fail("could not write \(file.path): \(error)")
  }
  print("wrote \(file.path)")
}
if checkOnly && !stale.isEmpty {
  fail("out of date: \(stale.joined(separator: ", ")); run bash scripts/generate-apple-names.sh")
}
if stale.isEmpty { print("the generated files are up to date") }
