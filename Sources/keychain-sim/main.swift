// Placeholder entry point; issue "Scenario language" fills it.
print("keychain-sim")
