#!/usr/bin/env bash
# The engine against the lean baseline (Benchmarks/lean-baseline, issue 29): instructions per
# call of each SecItem operation under callgrind, the simulator's keychain-bench --profile and the
# C baseline's --profile doing the same calls on the same items, in the same run, with the ratio.
#
#   bash scripts/bench-lean.sh                 # check the schema, then N=200 calls at SIZE=1000
#   bash scripts/bench-lean.sh 500 1000        # N calls of each operation at SIZE items
#   bash scripts/bench-lean.sh --check-schema  # only: is the baseline's genp schema the device file's?
#   bash scripts/bench-lean.sh --time [--runs R] SIZES...  # CPU time per call of the same loops
#       (--cpu-time N SIZE on both sides, N = min(SIZE, 10000)), R runs alternating the sides
#       (default 3), medians and their ratio
#   bash scripts/bench-lean.sh --memory SIZE   # peak resident set and SQLite's heap after SIZE adds
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

swift build -c release --product keychain-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/keychain-bench"

# --time: each side's `<loop> <ns per call>` lines, R runs per size, one table of medians.
if [[ "${1:-}" == "--time" ]]; then
  shift
  runs=3
  if [[ "${1:-}" == "--runs" ]]; then runs=$2; shift 2; fi
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  for size in "$@"; do
    calls=$((size < 10000 ? size : 10000))
    for ((run = 0; run < runs; run++)); do
      "$bench" --cpu-time "$calls" "$size" | sed "s/^/$size simulator /"
      .build/lean/baseline-lean --cpu-time "$calls" "$size" | sed "s/^/$size lean /"
    done
  done | python3 -c '
import collections, statistics, sys
times = collections.defaultdict(list)
for line in sys.stdin:
    size, side, loop, ns = line.split()
    times[int(size), loop, side].append(float(ns))
print("| operation | items | simulator, µs per call | lean baseline | ratio |")
print("|---|---:|---:|---:|---:|")
for (size, loop, side) in times:
    if side == "lean":
        e, l = (statistics.median(times[size, loop, s]) / 1000 for s in ("simulator", "lean"))
        name = {"Copy": "copy by primary key"}.get(loop[7:-4], loop[7:-4].lower())
        print(f"| {name} | {size} | {e:.1f} | {l:.1f} | {e / l:.2f}x |")'
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

# --memory SIZE: one process per side (the peak is the process's), then both side by side.
if [[ "${1:-}" == "--memory" ]]; then
  simulator=$("$bench" --memory simulator "$2")
  echo "$simulator"
  lean=$(.build/lean/baseline-lean --memory "$2")
  python3 - "$2" "$simulator" "$lean" <<'PY'
import re, sys
size, simulator, lean = sys.argv[1], sys.argv[2], dict(l.split() for l in sys.argv[3].splitlines())
def mb(label):  # a figure of keychain-bench's report (MemoryReport.swift), in MB
    return float(re.search(label + r"\s+([\d.]+) MB", simulator).group(1))
rows = [("peak resident set", mb("peak resident set"), int(lean["peak-resident"]) / 1e6),
        ("SQLite heap after the adds", mb("SQLite heap in use"), int(lean["sqlite-heap"]) / 1e6)]
print(f"\n| {size} items | simulator | lean baseline | ratio |\n|---|---:|---:|---:|")
for name, e, l in rows:
    print(f"| {name} | {e:.1f} MB | {l:.1f} MB | {e / l:.2f}x |")
PY
  exit 0
fi

calls=${1:-200}
size=${2:-1000}

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
