// The device state types (ProtectionClass, LockState, SimulatedDuration, ...) are part of the
// facade's API: re-exported so `import Keychain` is enough.
@_exported import DeviceState
