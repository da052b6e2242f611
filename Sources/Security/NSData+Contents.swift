import Foundation

extension NSData {
  /// The bytes as a `Data`, copied in one move.
  ///
  /// Why not `as Data`: on Linux that bridge (swift-corelibs-foundation) copies an `NSData` byte
  /// by byte through its iterator, about 250 instructions a byte, which was most of what
  /// SecKeyVerifySignature added to an RSA verification (docs/benchmarks.md, "SecKey").
  var contents: Data {
    if let result = self as? SecResultData { return result.data }
    return Data(bytes: bytes, count: length)
  }
}
