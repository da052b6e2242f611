import KeyEngine

/// The device's Secure Enclave, for SecKey's Secure Enclave keys.
extension SimulatedDevice {
  /// The enclave, or `nil` on a device without one (``hasSecureEnclave`` false), where
  /// `kSecAttrTokenIDSecureEnclave` key generation answers errSecUnimplemented.
  public var secureEnclave: (any SecureEnclaveAccess)? {
    hasSecureEnclave
      ? DeviceSecureEnclave(keybag: keybag, authenticator: authenticator) : nil
  }
}
