#!/usr/bin/env bash
# Rewrites the Security and LocalAuthentication modules' generated Apple names (errSec codes,
# kSec constants, LAError codes) from the engine's tables; `--check` only reports stale files
# (exit 1). Run it after changing OSStatus+Table.swift, SecConstants.swift or LAErrorCode.swift,
# or a lesson under scenarios/ (the lessons built into keychain-sim are written by it too).
set -euo pipefail
cd "$(dirname "$0")/.."
swift run --quiet generate-apple-names "$@"
