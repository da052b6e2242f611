#!/usr/bin/env bash
# The engine against the lean baseline (Benchmarks/lean-baseline, issue 29): instructions per
# call of each SecItem operation under callgrind, the simulator's keychain-bench --profile and the
# C baseline's --profile doing the same calls on the same items, in the same run, with the ratio.
#
#   bash scripts/bench-lean.sh                 # check the schema, then N=200 calls at SIZE=1000
#   bash scripts/bench-lean.sh 500 1000        # N calls of each operation at SIZE items
#   bash scripts/bench-lean.sh --check-schema  # only: is the baseline's genp schema the device file's?
#
# Needs valgrind, sqlite3 and a C compiler (Debian: valgrind sqlite3 gcc). Not run by CI: minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
for tool in valgrind sqlite3 cc; do
  command -v "$tool" >/dev/null || { echo "bench-lean: $tool is missing (apt-get install valgrind sqlite3 gcc)" >&2; exit 2; }
done

mkdir -p .build/lean
cc -O2 -o .build/lean/baseline-lean Benchmarks/lean-baseline/baseline-lean.c -lsqlite3 -lsodium

# The baseline is only a yardstick while its schema is the simulator's: compare its CREATE
# statements with those of a device file keychain-sim writes.
check_schema() {
  swift build --product keychain-sim >/dev/null
  local work device scenario
  work=$(mktemp -d)
  device="$work/schema.keychain"
  scenario="$work/one.scenario"
  echo 'SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: "x"]' >"$scenario"
  "$(swift build --show-bin-path)/keychain-sim" run --device "$device" "$scenario" >/dev/null
  sqlite3 "$device" "SELECT sql || ';' FROM sqlite_master WHERE tbl_name = 'genp' AND sql IS NOT NULL ORDER BY type DESC, name" >"$work/device.sql"
  .build/lean/baseline-lean --print-schema >"$work/baseline.sql"
  local normalise='import re,sys
text = open(sys.argv[1]).read().replace("IF NOT EXISTS ", "")
text = re.sub(r"\s+", " ", text)
text = re.sub(r"\( ", "(", text)
text = re.sub(r" \)", ")", text)
print(text.replace("; ", ";\n").strip())'
  if diff <(python3 -c "$normalise" "$work/device.sql") <(python3 -c "$normalise" "$work/baseline.sql"); then
    echo "bench-lean: the baseline's genp schema is the device file's"
  else
    echo "bench-lean: the baseline's genp schema differs from the device file's (diff above: < device, > baseline)" >&2
    rm -rf "$work"
    exit 1
  fi
  rm -rf "$work"
}

check_schema
[[ "${1:-}" == "--check-schema" ]] && exit 0
calls=${1:-200}
size=${2:-1000}

swift build -c release --product keychain-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/keychain-bench"

# Instructions callgrind collected inside the loop function named $2, for command "${@:3}".
collected() {
  local loop=$1
  shift
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --toggle-collect="*${loop}*" "$@" 2>&1 | awk '/Collected/ { print $NF }'
}

printf '| operation (%s calls at %s items) | simulator | lean baseline | ratio |\n' "$calls" "$size"
printf '|---|---:|---:|---:|\n'
for loop in profileAddLoop profileCopyLoop profileMissLoop profileUpdateLoop profileDeleteLoop; do
  engine=$(collected "$loop" "$bench" --profile "$calls" "$size")
  lean=$(collected "$loop" .build/lean/baseline-lean --profile "$calls" "$size")
  python3 -c "
e, l, n = $engine, $lean, $calls
print(f'| ${loop#profile} | {e / n / 1000:.1f}k | {l / n / 1000:.1f}k | {e / l:.2f}x |')"
done
