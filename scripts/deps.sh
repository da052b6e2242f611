#!/usr/bin/env bash
# Installs the system libraries keychain-sim builds against, if any is missing:
# SQLite (item store, device file), libsodium (keybag), GNU readline (REPL), OpenSSL's libcrypto
# (SecKey's asymmetric keys; its `openssl` command checks our signatures in a test); and for the CLI
# tests python3 (its pty module drives the REPL in a pseudo-terminal) and zsh (checks the
# generated completion script).
# Debian package names; needs root or sudo when something must be installed.
set -euo pipefail

missing=()
for module in sqlite3 libsodium readline libcrypto; do
  pkg-config --exists "$module" 2>/dev/null || missing+=("$module")
done
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
((${#missing[@]} == 0)) && exit 0

echo "keychain-sim: installing missing system libraries (${missing[*]})" >&2
packages=(libsqlite3-dev libsodium-dev libreadline-dev libssl-dev openssl pkg-config python3 zsh)
if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "keychain-sim: run as root: apt-get install -y ${packages[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null
