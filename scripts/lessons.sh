#!/usr/bin/env bash
# Installs what is missing, builds keychain-sim and plays every lesson under scenarios/ with
# its transcript: the main job of the simulator. The regression cases under
# scenarios/regression/ are not lessons; the test suite plays them (bash scripts/test.sh).
# `keychain-sim lessons` lists the lessons one line each; `keychain-sim lessons NAME` plays one.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
# The Swift runtime and Foundation linked statically: a faster start (`explain` uses 1.9x less
# CPU) and no Swift shared libraries needed at run time (docs/benchmarks-history.md, "Start-up (issue
# 11)"). A release build without the flag (`swift run -c release keychain-bench`) recompiles
# every module, and back.
swift build -c release --static-swift-stdlib --product keychain-sim
lessons=()
while IFS= read -r file; do lessons+=("$file"); done < <(
  find scenarios -name '*.scenario' -not -path 'scenarios/regression/*' | LC_ALL=C sort)
exec .build/release/keychain-sim run "${lessons[@]}" "$@"
