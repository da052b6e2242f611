#!/usr/bin/env bash
# Installs what is missing, then runs every test: unit tests of each module, golden
# transcripts, the CLI tests, and every scenario under scenarios/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
swift build --build-tests
swift test --skip-build "$@"
