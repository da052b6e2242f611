// Placeholder; the benchmark lands with the engine.
print("keychain-bench")
