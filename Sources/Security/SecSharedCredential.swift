// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation

// Shared web credentials (SecSharedCredential.h). Not modelled: on iOS they live in the
// Passwords app's keychain and need the website's apple-app-site-association to list the app
// (associated domains, verified by Apple's CDN). The engine has neither, and the translation
// layer may not invent them, so the two keychain calls answer errSecUnimplemented, as iOS
// itself does where the feature is missing. The password generator is a pure function and is
// implemented. See docs/facade.md.

/// The password key of a shared web credential dictionary (SecSharedCredential.h). Not in the
/// engine's table: the engine has no shared web credentials. `nonisolated(unsafe)`: an
/// immutable string, but NSString is not declared Sendable on Linux.
nonisolated(unsafe) public let kSecSharedPassword: CFString = SecConstantString("spwd")

/// Answers errSecUnimplemented (-4) on a background thread, as a CFError.
public func SecAddSharedWebCredential(
  _ fqdn: CFString, _ account: CFString, _ password: CFString?,
  _ completionHandler: @escaping @Sendable (CFError?) -> Void
) {
  let error = SecurityError.make(errSecUnimplemented, unimplemented)
  DispatchQueue.global().async { completionHandler(error) }
}

/// Answers errSecUnimplemented (-4) on a background thread, with no credentials.
public func SecRequestSharedWebCredential(
  _ fqdn: CFString?, _ account: CFString?,
  _ completionHandler: @escaping @Sendable (CFArray?, CFError?) -> Void
) {
  let error = SecurityError.make(errSecUnimplemented, unimplemented)
  DispatchQueue.global().async { completionHandler(nil, error) }
}

/// A password in Apple's documented form `xxx-xxx-xxx-xxx`, drawn from
/// "abcdefghkmnopqrstuvwxy", "ABCDEFGHJKLMNPQRSTUVWXYZ" and "3456789", with at least one
/// character of each set.
public func SecCreateSharedWebCredentialPassword() -> CFString? {
  let sets = ["abcdefghkmnopqrstuvwxy", "ABCDEFGHJKLMNPQRSTUVWXYZ", "3456789"].map(Array.init)
  let all = sets.flatMap { $0 }
  var generator = SystemRandomNumberGenerator()
  while true {
    let characters = (0..<12).map { _ in all.randomElement(using: &generator)! }
    guard sets.allSatisfy({ set in characters.contains(where: set.contains) }) else { continue }
    let groups = stride(from: 0, to: 12, by: 3).map { String(characters[$0..<$0 + 3]) }
    return NSString(string: groups.joined(separator: "-"))
  }
}

private let unimplemented =
  "shared web credentials are not simulated: they need the Passwords keychain and a "
  + "verified associated domain (see docs/facade.md)"
