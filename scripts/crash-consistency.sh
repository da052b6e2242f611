#!/usr/bin/env bash
# Crash consistency of device files: kill -9 `keychain-sim run --device` at random moments while
# it adds items, then reopen the file and check that it opens, unlocks, and holds every item the
# killed run reported as added, with its data. Every iteration kills the same device file again,
# so damage would accumulate and show. docs/testing.md explains more.
#
# usage: scripts/crash-consistency.sh [-n ITERATIONS] [--items N] [--binary PATH]
#   -n ITERATIONS  kills to make (default 20)
#   --items N      items each run tries to add, one scenario file each (default 400)
#   --binary PATH  a keychain-sim already built (CI passes the debug one); default: build the
#                  release binary
set -euo pipefail
cd "$(dirname "$0")/.."

iterations=20
items=400
binary=""
while (($#)); do
  case "$1" in
    -n) iterations="$2"; shift 2 ;;
    --items) items="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    *) echo "usage: $0 [-n ITERATIONS] [--items N] [--binary PATH]" >&2; exit 2 ;;
  esac
done
if [[ -z "$binary" ]]; then
  swift build -c release --product keychain-sim 2>&1 | tail -1
  binary="$(swift build -c release --show-bin-path)/keychain-sim"
fi
[[ -x "$binary" ]] || { echo "crash-consistency: no binary at $binary" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/crash-consistency.XXXXXX")"
trap 'rm -rf "$work"' EXIT
device="$work/phone.kcsim"
passcode=123456
# Every kind of class key: the run unlocks first, so each of them can be written.
classes=(kSecAttrAccessibleWhenUnlocked kSecAttrAccessibleAfterFirstUnlock
  kSecAttrAccessibleAlways kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
  kSecAttrAccessibleWhenUnlockedThisDeviceOnly kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly)

# The device, created whole before any kill (an interrupted creation is a separate defect).
printf 'device passcode %s\n' "$passcode" > "$work/setup.scenario"
"$binary" run --device "$device" --kdf fast --quiet "$work/setup.scenario" > /dev/null

reported="$work/reported.txt"   # item numbers whose file the killed runs reported as passed
: > "$reported"
next=1
kills=0
for ((iteration = 1; iteration <= iterations; iteration++)); do
  # One scenario file per item: `run` reports each file as soon as it has played.
  batch="$work/batch-$iteration"
  mkdir "$batch"
  files=()
  for ((i = 0; i < items; i++, next++)); do
    class="${classes[next % ${#classes[@]}]}"
    printf '%s\n' "device unlock $passcode" \
      "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrService: \"crash\"," \
      "  kSecAttrAccount: \"item-$next\", kSecAttrAccessible: $class," \
      "  kSecValueData: \"value-$next\"]" \
      "expect errSecSuccess" > "$batch/item-$next.scenario"
    files+=("$batch/item-$next.scenario")
  done

  # Line-buffered, so that what the run printed before the kill is on disk.
  stdbuf -oL "$binary" run --device "$device" --kdf fast "${files[@]}" > "$batch/out.txt" 2>&1 &
  pid=$!
  sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.3f", 0.05 + r / 32767 * 1.5 }')"
  if kill -9 "$pid" 2> /dev/null; then kills=$((kills + 1)); fi
  wait "$pid" 2> /dev/null || true

  # A file counts as reported once its closing "✓ passed" line was printed.
  awk '/^▶ / { sub(/.*item-/, ""); sub(/\.scenario$/, ""); current = $0 }
       /^✓ passed/ && current != "" { print current; current = "" }' "$batch/out.txt" \
    >> "$reported"
  count="$(wc -l < "$reported")"

  # Reopen and check every reported item.
  {
    echo "device unlock $passcode"
    echo "expect device unlocked"
    while read -r n; do
      echo "SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrService: \"crash\","
      echo "  kSecAttrAccount: \"item-$n\", kSecReturnData: true]"
      echo "expect errSecSuccess"
      echo "expect result \"value-$n\""
    done < "$reported"
  } > "$work/verify.scenario"
  if ! "$binary" run --device "$device" --kdf fast --quiet "$work/verify.scenario" \
    > "$work/verify.txt" 2>&1; then
    echo "crash-consistency: FAILED after kill $iteration: the device file lost reported items" \
      "or no longer opens:" >&2
    head -40 "$work/verify.txt" >&2
    cp "$device" "${TMPDIR:-/tmp}/crash-consistency-failed.kcsim"
    echo "(device file kept as ${TMPDIR:-/tmp}/crash-consistency-failed.kcsim)" >&2
    exit 1
  fi
  echo "kill $iteration: $count items reported so far, all present"
  rm -rf "$batch"
done
echo "crash-consistency: $iterations runs ($kills killed mid-run), $(wc -l < "$reported")" \
  "reported items all present"
