// The phone tests drive: `import KeychainSimulatorTesting` is enough to configure it.
@_exported import KeychainSimulatorPhone
