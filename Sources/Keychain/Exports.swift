// `import Keychain` is the library's one import: the engine, one device, several devices.
@_exported import Devices
@_exported import Fleet
@_exported import KeychainEngine

// The device state types (ProtectionClass, LockState, SimulatedDuration, ...) are part of the
// facade's API: re-exported so `import Keychain` is enough.
@_exported import DeviceState

// The passcode KDF profile is chosen by the device's options, so it is part of the API too.
@_exported import enum Keybag.KDFProfile
