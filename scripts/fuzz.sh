#!/usr/bin/env bash
# Fuzzes the scenario parser and runner with libFuzzer for SECONDS (default 60), seeded with
# every scenario file in the repository (scenarios/, the golden files, Tests/FuzzRegressions/).
# A crash, a timeout or an out-of-memory input fails the script; libFuzzer writes the input
# to .build/fuzz/work/artifacts/ (crash-*, timeout-*, oom-*). docs/testing.md explains more.
#
# usage: scripts/fuzz.sh [SECONDS] [more libFuzzer flags...]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
scratch=.build/fuzz          # its own build folder: the flags differ from the normal build
work="$scratch/work"

# Every module is compiled with the fuzzer's coverage instrumentation. SwiftPM links an
# executable with `--defsym main=keychain_fuzz_main` while -sanitize=fuzzer links all of
# libFuzzer, its own main included; `-z muldefs` lets the two coexist (the defsym wins), and
# keychain_fuzz_main starts libFuzzer's driver (Fuzz/keychain-fuzz/FuzzTarget.swift).
build_flags=(-c release --scratch-path "$scratch" --product keychain-fuzz
  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DFUZZING
  -Xlinker -z -Xlinker muldefs)
echo "fuzz: building keychain-fuzz with -sanitize=fuzzer"
swift build "${build_flags[@]}" 2>&1 | tail -3
binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/keychain-fuzz"

# Seeds: copied, so that libFuzzer's new inputs go to corpus/ and never into the repository.
rm -rf "$work/seeds" "$work/artifacts"
mkdir -p "$work/seeds" "$work/corpus" "$work/artifacts"
n=0
while IFS= read -r -d '' file; do
  n=$((n + 1))
  cp "$file" "$work/seeds/$n-$(basename "$file")"
done < <(
  find scenarios Tests/ScenarioTests/Golden -type f -name '*.scenario' -print0
  # Fixed findings only: Tests/FuzzRegressions/open/ holds inputs whose fix has not landed.
  find Tests/FuzzRegressions -maxdepth 1 -type f -name '*.input' -print0
)
echo "fuzz: $n seed files"

# The dictionary: the words the language and Apple's constants use, from the sources that
# define them (so it never goes stale), plus the punctuation of dictionaries and sums.
# Found by name, so a file moving between targets does not break the run; a missing one stops it.
vocabulary_sources=()
for name in ScenarioParser+Vocabulary.swift Vocabulary.swift StatementParser.swift \
  SecConstants.swift OSStatus.swift LAErrorCode.swift; do
  found="$(find Sources -name "$name" -print -quit)"
  if [[ -z "$found" ]]; then
    echo "fuzz: $name, a source of the dictionary's words, is not under Sources/" >&2
    exit 2
  fi
  vocabulary_sources+=("$found")
done
{
  grep -ohE '"[A-Za-z][A-Za-z0-9_.-]+"' "${vocabulary_sources[@]}" | sort -u
  printf '%s\n' '"["' '"]"' '"("' '")"' '":"' '","' '"+"' '"="' '"\""' '"\x0A"' '"#"' '"."' \
    '"10s"' '"1h"' '"9999999999999999999"'
} > "$work/scenario.dict"

echo "fuzz: running for ${seconds}s"
"$binary" "$work/corpus" "$work/seeds" \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -dict="$work/scenario.dict" -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@"
