import Keychain

/// `show keys`: one entry per key item, in Apple's names — class, type, size, tag and label,
/// where it lives (the Secure Enclave or not), its protection and access control. Never the
/// key's bytes, nor its token object.
struct KeyListing {
  let formatter: SecValueFormatter

  func lines(_ key: KeySummary) -> [String] {
    let item = key.item
    func value(_ name: String) -> SecValue? { item.keyAttributes[name] ?? item.attributes[name] }
    let keyClass: String
    switch value("kcls") {
    case .string("0")?, .number(0)?: keyClass = "public key"
    case .string("1")?, .number(1)?: keyClass = "private key"
    default: keyClass = "key"
    }
    var type = "kSecAttrKeyType unknown"
    switch value("type") {
    case .string("73")?, .number(73)?: type = "EC"
    case .string("42")?, .number(42)?: type = "RSA"
    default: break
    }
    if case .number(let bits)? = value("bsiz") { type += " \(bits)-bit" }
    var first = "- \(keyClass), \(type)"
    if let tag = value("atag") { first += ", tag " + formatter.format(tag, forKey: "atag") }
    if let label = value("labl") { first += ", label " + formatter.format(label, forKey: "labl") }
    var details: [String] = [
      key.isSecureEnclave ? "Secure Enclave (kSecAttrTokenIDSecureEnclave)" : "software key"
    ]
    if let group = item.accessGroup { details.append("group " + group) }
    if let control = key.accessControl {
      details.append("access control " + SecValueFormatter.describe(accessControl: control))
    } else if let protection = item.protection {
      details.append(protection.appleName)
    }
    if let problem = key.tokenProblem { details.append("token object: " + problem) }
    if case .locked(let reason) = item.readability { details.append("locked: " + reason) }
    if case .unrecoverable = item.readability { details.append("unrecoverable") }
    return [first, TextWrap.wrap(details.joined(separator: " · "), first: "    ", rest: "    ")]
  }
}
