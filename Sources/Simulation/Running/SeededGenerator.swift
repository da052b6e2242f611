import Foundation

/// A small, fast, seedable random number generator (SplitMix64), so that `simulate --seed N`
/// gives the same phones, days and report on every machine and Swift version.
///
/// `SystemRandomNumberGenerator` cannot be seeded, and the standard library's algorithms that
/// take a generator are only used here through `next()`, whose output this type fixes.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A uniform double in [0, 1), from the top 53 bits (independent of the standard library's
  /// floating-point sampling, which may change).
  mutating func unit() -> Double {
    Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
  }

  /// A uniform double in [low, high).
  mutating func uniform(_ low: Double, _ high: Double) -> Double {
    low + (high - low) * unit()
  }

  /// True with probability `probability`.
  mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  /// An exponentially distributed value with the given mean.
  mutating func exponential(mean: Double) -> Double {
    -mean * log(1 - unit())
  }

  /// A Poisson-distributed count with the given mean (Knuth for small means, a normal
  /// approximation above 30, where the difference does not matter for a usage profile).
  mutating func poisson(mean: Double) -> Int {
    guard mean > 0 else { return 0 }
    if mean > 30 {
      let u1 = max(unit(), 1e-12)
      let u2 = unit()
      let normal = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
      return max(0, Int((mean + normal * mean.squareRoot()).rounded()))
    }
    let limit = exp(-mean)
    var count = 0
    var product = unit()
    while product > limit {
      count += 1
      product *= unit()
    }
    return count
  }

  /// A generator for one phone, independent of every other phone's: the run's seed mixed with
  /// the phone's index, so phone 7 is the same phone whatever the population size.
  static func forPhone(_ index: Int, seed: UInt64) -> SeededGenerator {
    var mixer = SeededGenerator(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    return SeededGenerator(seed: mixer.next())
  }
}
