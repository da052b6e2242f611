internal import Keychain

// The kSec* globals of SecItem.h are generated from the engine's SecConstants table
// (Generated/SecItem+Constants.swift, scripts/generate-apple-names), so the Security module
// keeps no copy of Apple's raw strings.

/// The raw string the engine's table gives an Apple name, for the test that checks the
/// generated constants' compiled values against the table.
package func engineRawString(forConstant name: String) -> String? {
  if let key = Keychain.SecConstants.keys[name] { return key }
  if case .string(let raw)? = Keychain.SecConstants.values[name] { return raw }
  return nil
}
