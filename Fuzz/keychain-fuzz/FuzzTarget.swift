import Foundation
import Scenario

/// The fuzz target: any bytes are scenario text that must be parsed and played without a crash.
///
/// Built with `-sanitize=fuzzer -DFUZZING` it is a libFuzzer target (its `main` runs
/// libFuzzer's driver, which calls ``FuzzTarget/play(_:)`` with each input); built normally it
/// replays the files given as arguments through the same code, so a reproducer under
/// `Tests/FuzzRegressions/` can be checked with a plain debug build. docs/testing.md has the
/// commands.
enum FuzzTarget {
  /// Every input plays on its own fresh in-memory device; the fast KDF keeps passcode
  /// statements cheap (the behaviour is the same).
  static let runner = ScenarioRunner(options: .init(kdfProfile: .fast))

  /// Decodes the bytes as UTF-8 (invalid sequences become U+FFFD, so the parser also meets
  /// replacement characters), parses them the way the REPL does, renders every diagnostic, then
  /// parses and plays them the way `keychain-sim run` does.
  static func play(_ bytes: UnsafeRawBufferPointer) {
    let source = String(decoding: bytes, as: UTF8.self)
    var parser = ScenarioParser(file: "fuzz.scenario")
    let parsed = parser.parse(source)
    for diagnostic in parsed.diagnostics { _ = diagnostic.rendered() }
    let report = runner.run(source: source, name: "fuzz.scenario")
    _ = report.transcript
  }
}

#if FUZZING
  /// libFuzzer's driver, from the toolchain's libclang_rt.fuzzer (linked by `-sanitize=fuzzer`).
  /// Declared by symbol name: its arguments (pointers) are passed the same way by Swift and C
  /// on the platforms the project builds on, and this avoids a C module for one declaration.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// The program's entry point: SwiftPM links an executable with `--defsym
  /// main=keychain_fuzz_main`, which wins over libFuzzer's own `main` (`-z muldefs`, see
  /// scripts/fuzz.sh). It hands the command line to libFuzzer's driver, with the fuzz target as
  /// its callback.
  @_cdecl("keychain_fuzz_main")
  public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
  }

  /// libFuzzer's callback for one input. Returning 0 keeps the input; a crash is the finding.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.play(UnsafeRawBufferPointer(start: data, count: size))
    return 0
  }
#else
  /// Without libFuzzer: `keychain-fuzz FILE...` plays each file through the fuzz target and
  /// says which one it is on, so the last name printed before a crash is the reproducer.
  @main
  enum ReplayMain {
    static func main() {
      let paths = CommandLine.arguments.dropFirst()
      guard !paths.isEmpty else {
        FileHandle.standardError.write(Data("usage: keychain-fuzz FILE...\n".utf8))
        exit(2)
      }
      for path in paths {
        guard let bytes = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("keychain-fuzz: cannot read \(path)\n".utf8))
          exit(1)
        }
        print("playing \(path) (\(bytes.count) bytes)")
        bytes.withUnsafeBytes { FuzzTarget.play($0) }
      }
      print("played \(paths.count) file(s) without a crash")
    }
  }
#endif
