import Keychain
import ScenarioLanguage

/// `show items`: one entry per item with Apple's names, attributes only. The secret is never
/// shown, only whether the item has one.
struct ItemListing {
  let formatter: SecValueFormatter

  func lines(_ item: ItemSummary) -> [String] {
    let className =
      SecValueFormatter.valueName(item.itemClass, forKey: SecQueryKey.itemClass.rawValue)
      ?? item.itemClass
    let key = item.keyAttributes
      .map { (name: SecValueFormatter.keyName($0.key), raw: $0.key, value: $0.value) }
      .sorted { $0.name < $1.name }
      .map { "\($0.name): " + formatter.format($0.value, forKey: $0.raw) }
    var first = "- \(className)" + (key.isEmpty ? "" : "  " + key.joined(separator: ", "))
    if item.synchronizable { first += " (synchronizable)" }
    var details: [String] = []
    if let keychain = item.keychain { details.append(keychain) }
    if let group = item.accessGroup { details.append("group " + group) }
    if let protection = item.protection { details.append(protection.appleName) }
    if let control = item.accessControl {
      details.append(SecValueFormatter.describe(accessControl: control))
    }
    switch item.readability {
    case .readable:
      details.append(item.hasData ? "has data" : "no data")
    case .locked(let reason):
      details.append("locked: " + reason)
    case .unrecoverable:
      details.append("unrecoverable: its class key is gone")
    }
    var lines = [
      first, TextWrap.wrap(details.joined(separator: " · "), first: "    ", rest: "    "),
    ]
    if case .readable = item.readability, !item.attributes.isEmpty {
      lines.append("    " + formatter.format(.dictionary(item.attributes), indent: 4))
    }
    return lines
  }
}
