import Keychain

/// `show items`: one entry per item with Apple's names, attributes only. The secret is never
/// shown, only whether the item has one.
struct ItemListing {
  let formatter: SecValueFormatter

  func lines(_ item: ItemSummary) -> [String] {
    let className =
      SecValueFormatter.valueName(item.itemClass, forKey: "class") ?? item.itemClass
    var key = item.keyAttributes
    if let group = item.accessGroup { key["agrp"] = .string(group) }
    var first = "- \(className) " + formatter.format(.dictionary(key), indent: 2)
    if item.synchronizable { first += " (synchronizable)" }
    var details: [String] = []
    if let protection = item.protection {
      details.append(
        SecValueFormatter.valueName(protection.rawValue, forKey: "pdmn") ?? protection.rawValue)
    }
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
    var lines = [first, "    " + details.joined(separator: " · ")]
    if case .readable = item.readability, !item.attributes.isEmpty {
      lines.append("    " + formatter.format(.dictionary(item.attributes), indent: 4))
    }
    return lines
  }
}
