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

# A release build opens libcurl only when its URLSession first calls it (Sources/CCurlOnDemand): the
# binary does not name it, and with libcurl gone (covered by an empty file in a mount namespace of its
# own, where one can be made) a replay still runs, and a fetch over HTTP says what is missing (exit 1).
# (Readers here take their whole input: under pipefail a reader that stops at its first match can leave the
# writer a SIGPIPE, and the pipeline's status 141.)
if readelf -d "$headless" | grep 'libswiftCore' > /dev/null; then
  echo "note: $headless links the Swift runtime dynamically (a debug build): libcurl comes with Foundation"
  exit 0
fi
if readelf -d "$headless" | grep 'libcurl' > /dev/null; then echo "FAIL: $headless names libcurl among the libraries it needs"; exit 1; fi
echo "ok: $headless does not name libcurl among the libraries it needs"
curl_library=$(ldconfig -p | awk '!found && /libcurl\.so\.4 .*x86-64|libcurl\.so\.4 .*AArch64/ { print $NF; found = 1 }')
if [ -z "$curl_library" ] || ! unshare -m true 2>/dev/null; then
  echo "note: no libcurl.so.4 to cover, or no mount namespace here (root only): the run without libcurl is not made"
  exit 0
fi
set +e
unshare -m sh -c 'mount --bind /dev/null "$(readlink -f "$1")" && shift && "$@"' _ "$curl_library" \
  "$headless" replay "$gestures/single-fling.jsonl" --headless --policy adaptive > "$work/no-curl.jsonl" 2> "$work/no-curl.txt"
code=$?
unshare -m sh -c 'mount --bind /dev/null "$(readlink -f "$1")" && shift && "$@"' _ "$curl_library" \
  "$headless" replay "$gestures/single-fling.jsonl" --headless --network 3g --source 'http://127.0.0.1:9/img/{asset}.jpg' \
  > /dev/null 2> "$work/no-curl-fetch.txt"
fetch_code=$?
set -e
"$headless" replay "$gestures/single-fling.jsonl" --headless --policy adaptive > "$work/with-curl.jsonl"
if [ "$code" -ne 0 ] || ! cmp -s "$work/no-curl.jsonl" "$work/with-curl.jsonl"; then
  echo "FAIL: without libcurl a replay exits $code ($(cat "$work/no-curl.txt")) or writes another line"; exit 1
fi
echo "ok: without libcurl a replay runs and writes the same line"
if [ "$fetch_code" -ne 1 ] || ! grep -q "cannot load libcurl, which the HTTP client needs" "$work/no-curl-fetch.txt"; then
  echo "FAIL: without libcurl a fetch over HTTP: exit $fetch_code, $(cat "$work/no-curl-fetch.txt")"; exit 1
fi
echo "ok: without libcurl a fetch over HTTP exits 1: $(cat "$work/no-curl-fetch.txt")"
