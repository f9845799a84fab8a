#!/bin/bash
# The headless binary does what the window build does, byte for byte, with no display library linked:
# a small sweep and a replay through each, compared; then a command that draws, refused with exit 64.
# Usage: Tests/Headless/run.sh HEADLESS_BINARY WINDOW_BINARY
set -euo pipefail
headless=$1
window=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gestures="$root/Assets/Gestures"

if readelf -d "$headless" | grep -E 'libSDL2|libX11'; then
  echo "FAIL: $headless links a display library"; exit 1
fi
echo "ok: $headless links no SDL or X11"

for binary in headless window; do
  "${!binary}" sweep --gestures "$gestures" --policies adaptive,deferred --latency-ms 0,120 --jobs 1 \
    --out "$work/$binary.jsonl" 2>/dev/null
  "${!binary}" replay "$gestures/single-fling.jsonl" --headless --policy all > "$work/$binary-replay.jsonl"
done
cmp "$work/headless.jsonl" "$work/window.jsonl" || { echo "FAIL: the sweeps differ"; exit 1; }
cmp "$work/headless-replay.jsonl" "$work/window-replay.jsonl" || { echo "FAIL: the replays differ"; exit 1; }
lines=$(wc -l < "$work/headless.jsonl")
[ "$lines" -gt 0 ] || { echo "FAIL: the sweep wrote nothing"; exit 1; }
echo "ok: a sweep ($lines results) and a replay under every policy equal the window build's"

set +e
"$headless" sweep report "$work/headless.jsonl" --plot "$work/plot.png" > /dev/null 2> "$work/refusal.txt"
code=$?
set -e
if [ "$code" -ne 64 ] || [ -e "$work/plot.png" ] || ! grep -q "links no SDL" "$work/refusal.txt"; then
  echo "FAIL: sweep report --plot in the headless build: exit $code, $(cat "$work/refusal.txt")"; exit 1
fi
echo "ok: --plot is refused with exit 64 and one line"
