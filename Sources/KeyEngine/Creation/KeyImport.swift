import Foundation
import KeyCrypto
import KeychainEngine

/// `SecKeyCreateWithData`'s rules (`SecKey.m`): the key type and class from the attributes (a
/// string constant or a number), the bytes in Apple's external representation; an RSA public
/// key may also be an X.509 SubjectPublicKeyInfo. Nothing is stored.
public enum KeyImport {
  public static func key(data: Data?, attributes: SecQuery) throws(KeyFailure) -> SimulatedKey {
    if attributes["tkid"] != nil {
      throw KeyFailure(
        .errSecUnimplemented,
        "this simulated device has no Secure Enclave; a token key cannot be created "
          + "(and key bytes can never be imported into the Secure Enclave)")
    }
    guard let data else {
      throw KeyFailure.param("Failed to provide key data to SecKeyCreateWithData")
    }
    let algorithm = try number(attributes["type"], "key type")
    let keyClass = try number(attributes["kcls"], "key class")
    let bytes = [UInt8](data)
    let isPrivate: Bool
    switch keyClass {
    case 0: isPrivate = false
    case 1: isPrivate = true
    case 2:
      throw KeyFailure(.errSecUnimplemented, "Unsupported symmetric key type: \(algorithm)")
    default: throw KeyFailure.param("Unsupported key class: \(keyClass)")
    }
    let which = isPrivate ? "private" : "public"
    do {
      switch algorithm {
      case 42:
        return SimulatedKey(material: try AsymmetricKey.rsa(der: bytes, isPrivate: isPrivate))
      case 73:
        return SimulatedKey(
          material: try AsymmetricKey.ellipticCurve(x963: bytes, isPrivate: isPrivate))
      default:
        throw KeyFailure.param("Unsupported \(which) key type: \(algorithm)")
      }
    } catch let failure as KeyFailure {
      throw failure
    } catch let error as KeyCryptoError {
      let kind = algorithm == 42 ? "RSA" : "EC"
      throw KeyFailure.param("\(kind) \(which) key creation from data failed (\(error.reason))")
    } catch {
      throw KeyFailure.param("key creation from data failed")
    }
  }

  /// SecKey.m's `SecKeyParamsAsInt64`: a CFNumber, or a CFString that is exactly a number.
  private static func number(_ value: SecValue?, _ name: String) throws(KeyFailure) -> Int64 {
    switch value {
    case .number(let number)?: return number
    case .string(let text)?:
      guard let number = Int64(text), String(number) == text else {
        throw KeyFailure.param("Unsupported \(name): \(text)")
      }
      return number
    case nil: throw KeyFailure.param("Unsupported \(name): (null)")
    case let other?: throw KeyFailure.param("Unsupported \(name): \(KeyFailure.describe(other))")
    }
  }
}
