#!/usr/bin/env bash
# Installs what is missing, builds keychain-sim and plays every lesson under scenarios/
# with its transcript: the main job of the simulator.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
swift build -c release --product keychain-sim
exec .build/release/keychain-sim run scenarios "$@"
