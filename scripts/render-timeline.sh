#!/usr/bin/env bash
# Draws one phone's timeline (simulate --svg) and, when rsvg-convert is installed (Debian:
# librsvg2-bin), a PNG of it to look at. Not run by CI.
# usage: scripts/render-timeline.sh [OUT.svg] [simulate options...]
#   e.g. scripts/render-timeline.sh /tmp/phone.svg --phones 50 --days 3
#   SPEC=examples/simulate/three-am-refresh.spec draws the 3 a.m. example instead of news-app.spec
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/keychain-sim-timeline.svg}"
shift || true
[ $# -gt 0 ] || set -- --phones 50 --days 3
swift build --product keychain-sim >/dev/null
"$(swift build --show-bin-path)/keychain-sim" simulate "${SPEC:-examples/simulate/news-app.spec}" \
  --svg "$out" "$@" >/dev/null
echo "wrote $out"
if command -v rsvg-convert >/dev/null; then
  rsvg-convert "$out" -o "${out%.svg}.png"
  echo "wrote ${out%.svg}.png"
else
  echo "no rsvg-convert: apt-get install -y librsvg2-bin for a PNG" >&2
fi
