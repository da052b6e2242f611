import Foundation

/// A share of the population estimated from the simulated phones, with its 95 % Wilson score
/// interval (docs/simulate.md, "How many of my users, how often").
///
/// Wilson rather than the textbook "p ± 1.96·√(p(1−p)/n)" (Wald): the shares a trainer looks at
/// are often near 0 % (the fixed configuration) or 100 % (a widget without its access group),
/// where Wald's interval shrinks to nothing or leaves [0, 1]; Wilson's stays inside [0, 1], is
/// not empty at 0 of n, and covers close to 95 % even for small samples (Brown, Cai and
/// DasGupta, "Interval Estimation for a Binomial Proportion", Statistical Science 16(2), 2001).
public struct ShareEstimate: Sendable, Equatable {
  /// The 97.5th percentile of the standard normal distribution: a two-sided 95 % interval.
  public static let z = 1.959963984540054

  public var count: Int
  public var sample: Int

  public init(count: Int, of sample: Int) {
    precondition(sample > 0 && (0...sample).contains(count), "a count out of its sample")
    self.count = count
    self.sample = sample
  }

  public var share: Double { Double(count) / Double(sample) }

  /// The Wilson score interval: the shares `p` for which the observed count is within `z`
  /// standard errors of `n·p`. Exactly 0 at a count of 0 and 1 at a count of `sample`.
  public var interval: ClosedRange<Double> {
    let n = Double(sample)
    let p = share
    let z2 = Self.z * Self.z
    let denominator = 1 + z2 / n
    let centre = (p + z2 / (2 * n)) / denominator
    let half = Self.z / denominator * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    let lower = count == 0 ? 0 : max(0, centre - half)
    let upper = count == sample ? 1 : min(1, centre + half)
    return lower...upper
  }

  /// The widest half-interval a sample of `phones` can give (at a share of 50 %):
  /// z / (2·√(n + z²)).
  public static func widestHalfInterval(phones: Int) -> Double {
    z / (2 * (Double(phones) + z * z).squareRoot())
  }

  /// The phones a run needs so that no interval is wider than ± `halfInterval` (a share, 0.01
  /// for one percentage point): the smallest n with z / (2·√(n + z²)) ≤ halfInterval. It does
  /// not depend on how many users the app has.
  public static func phonesNeeded(halfInterval: Double) -> Int {
    precondition(halfInterval > 0 && halfInterval < 0.5, "a half-interval between 0 and 50 %")
    let exact = z * z / (4 * halfInterval * halfInterval) - z * z
    var phones = max(1, Int(exact.rounded(.up)))
    // Guard against the floating point of the line above: the smallest n that meets it.
    while phones > 1, widestHalfInterval(phones: phones - 1) <= halfInterval { phones -= 1 }
    while widestHalfInterval(phones: phones) > halfInterval { phones += 1 }
    return phones
  }
}
