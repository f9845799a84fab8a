#!/usr/bin/env bash
# Runs every real-window test (Tests/Window/*_test.py) against BINARY under an Xvfb started here.
# Usage: Tests/Window/run-all.sh [--repeat N] [--only NAME[,NAME…]] path/to/scrolllab
#   --repeat N   run the whole set N times in a row (one Xvfb); prints the passes per test and fails
#                unless every run of every test passed
#   --only       run only the named tests (e.g. --only fling_test,stall_test)
set -euo pipefail

repeat=1
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="${2:?--repeat needs a number}"; shift 2 ;;
    --only) only="${2:?--only needs test names}"; shift 2 ;;
    *) break ;;
  esac
done
binary="$(realpath "${1:?usage: run-all.sh [--repeat N] [--only NAMES] path/to/scrolllab}")"
here="$(cd "$(dirname "$0")" && pwd)"
out="${WINDOW_TEST_OUT:-$(mktemp -d /tmp/scrolllab-window-tests.XXXXXX)}"
mkdir -p "$out"

# Xvfb picks a free display number itself (-displayfd): no race with other test runs starting at once.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$out/display" >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
cleanup() { kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
for _ in $(seq 1 100); do
  [ -s "$out/display" ] && break
  sleep 0.05
done
[ -s "$out/display" ] || { echo "Xvfb did not start:"; cat "$out/xvfb.log"; exit 1; }
display=":$(head -n1 "$out/display")"

export DISPLAY="$display"
for _ in $(seq 1 100); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  sleep 0.05
done
xdotool getdisplaygeometry >/dev/null 2>&1 || { echo "Xvfb did not start:"; cat "$out/xvfb.log"; exit 1; }

tests=()
for test in "$here"/*_test.py; do
  name="$(basename "$test" .py)"
  if [ -z "$only" ] || [[ ",$only," == *",$name,"* ]]; then tests+=("$test"); fi
done
[ ${#tests[@]} -gt 0 ] || { echo "no window test matches --only $only"; exit 1; }

status=0
declare -A passes=()
for run in $(seq 1 "$repeat"); do
  for test in "${tests[@]}"; do
    name="$(basename "$test" .py)"
    echo "== window test $name, run $run of $repeat (DISPLAY=$display, output in $out/run-$run)"
    mkdir -p "$out/run-$run"
    ok=1
    began=$SECONDS
    python3 "$test" "$binary" "$out/run-$run" || ok=0
    # A test must close every window it opened: one left running would take the keyboard focus and the
    # cores from the tests after it. Kill it, and count the test as failed.
    if pgrep -f "^$binary( |$)" >/dev/null; then
      echo "== $name left a scrolllab process running: killed"
      pkill -KILL -f "^$binary( |$)" || true
      ok=0
    fi
    if [ "$ok" = 1 ]; then
      echo "== $name: passed ($((SECONDS - began)) s)"
      passes[$name]=$(( ${passes[$name]:-0} + 1 ))
    else
      echo "== $name: FAILED ($((SECONDS - began)) s)"
      status=1
    fi
  done
done
if [ "$repeat" -gt 1 ]; then
  echo "== passes in $repeat runs (load: $(cut -d' ' -f1-3 /proc/loadavg)):"
  for test in "${tests[@]}"; do
    name="$(basename "$test" .py)"
    echo "   $name: ${passes[$name]:-0}/$repeat"
  done
fi
exit $status
