#!/usr/bin/env bash
# Runs every real-window test (Tests/Window/*_test.py) against BINARY under an Xvfb started here.
# Usage: Tests/Window/run-all.sh path/to/scrolllab
set -euo pipefail

binary="$(realpath "${1:?usage: run-all.sh path/to/scrolllab}")"
here="$(cd "$(dirname "$0")" && pwd)"
out="${WINDOW_TEST_OUT:-$(mktemp -d /tmp/scrolllab-window-tests.XXXXXX)}"
mkdir -p "$out"

# A free display number.
display=""
for n in $(seq 99 140); do
  if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display=":$n"; break; fi
done
[ -n "$display" ] || { echo "no free X display number"; exit 1; }

Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
cleanup() { kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; }
trap cleanup EXIT INT TERM

export DISPLAY="$display"
for _ in $(seq 1 100); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  sleep 0.05
done
xdotool getdisplaygeometry >/dev/null 2>&1 || { echo "Xvfb did not start:"; cat "$out/xvfb.log"; exit 1; }

status=0
for test in "$here"/*_test.py; do
  name="$(basename "$test" .py)"
  echo "== window test $name (DISPLAY=$display, output in $out)"
  if python3 "$test" "$binary" "$out"; then
    echo "== $name: passed"
  else
    echo "== $name: FAILED"
    status=1
  fi
done
exit $status
