#!/usr/bin/env bash
# The Security module's overhead on copy by primary key (issue 9), across processes.
#
# One `keychain-bench --facade --runs 10` is one process's median of 40 adjacent pairs; from
# one process to the next it moves by several points (heap layout, the machine's load), more
# than most changes to the layer. This runs N processes of each binary given, interleaved so
# that every binary sees the same drift, and prints the median across them with the range.
#
#   scripts/facade-overhead.sh 30                              # the release build, 30 processes
#   scripts/facade-overhead.sh 30 /tmp/before /tmp/after       # two builds compared
set -euo pipefail
cd "$(dirname "$0")/.."

count=${1:-20}
shift || true
if [ $# -eq 0 ]; then
  swift build -c release --product keychain-bench >/dev/null
  set -- "$(swift build -c release --show-bin-path)/keychain-bench"
fi

declare -A samples
for _ in $(seq "$count"); do
  for binary in "$@"; do
    line=$("$binary" --facade --runs 10 | tail -1)
    value=$(sed -E 's/.*: ([0-9.]+) %.*/\1/' <<<"$line")
    [[ $value =~ ^[0-9.]+$ ]] || { echo "unexpected output from $binary: $line" >&2; exit 1; }
    samples[$binary]="${samples[$binary]:-} $value"
  done
done

for binary in "$@"; do
  tr ' ' '\n' <<<"${samples[$binary]}" | sed '/^$/d' | sort -n | awk -v name="$binary" '
    { v[NR] = $1 }
    END {
      median = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%s: median %.1f %% over %d processes", name, median, NR
      printf " (range %.1f–%.1f %%)\n", v[1], v[NR]
    }'
done
