#!/usr/bin/env bash
# The steps of `make test` (after its packages and the layering check), in the order that keeps both cores
# busy without letting a build disturb a test that measures time:
#
#   1. the debug build;
#   2. in the background, at a low priority: the fuzzer's build, the build without X11 and the extension
#      test's copy with its tests (Tests/Extension/extension_test.py --build-only). These only warm build
#      folders: each step below that needs one builds it again (a no-op when the background finished it),
#      so a background failure shows up there, with its own message;
#   3. meanwhile: the release build (for the signal tests and the docs' commands), the unit tests, the fuzz run beside the headless soak, the window tests that may share the
#      machine (two Xvfb displays at once), the headless binary's test;
#   4. the background finished (its priority raised to normal while it is waited for), the window tests
#      that measure time, one at a time with nothing else running; the extension test; the build without X11
#      and its window tests.
#
# Prints each step's start, the load average then, and at the end (also after a failure) each step's seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="$root/out/make-test"
mkdir -p "$out"

began=$SECONDS
step_names=(); step_seconds=()
step_name=""; step_began=0
# step NAME: ends the current step (recording its seconds) and starts NAME.
step() {
  if [ -n "$step_name" ]; then step_names+=("$step_name"); step_seconds+=($((SECONDS - step_began))); fi
  step_name="$1"; step_began=$SECONDS
  [ -n "$1" ] && printf '\n== make test: %s (at %d s, load %s)\n' "$1" $((SECONDS - began)) "$(cut -d' ' -f1-3 /proc/loadavg)"
  return 0
}
summary() {
  step ""
  printf '\n== make test: the steps (seconds; load now %s)\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  local i
  for i in "${!step_names[@]}"; do printf '   %5d  %s\n' "${step_seconds[$i]}" "${step_names[$i]}"; done
  printf '   %5d  in all\n' $((SECONDS - began))
}

background=""
stop_background() {
  if [ -n "$background" ]; then kill -TERM -- "-$background" 2>/dev/null || true; wait "$background" 2>/dev/null || true; fi
}
# The background's priority: normal (0) while a step waits for it, low (15) otherwise. Raising it is allowed
# to root only; otherwise it stays low.
background_priority() { [ -z "$background" ] || renice -n "$1" -g "$background" > /dev/null 2>&1 || true; }
trap 'status=$?; stop_background; summary; exit $status' EXIT

step "debug build"
swift build

# The background: its own process group (set -m), so that its priority can be raised and it can be stopped
# as a whole.
set -m
(
  nice -n 15 bash -c '
    echo "== background: the fuzzer build (at $SECONDS s)"
    Tests/Fuzz/run.sh --build-only || true
    echo "== background: the build without X11 (at $SECONDS s)"
    SCROLLLAB_NO_X11=1 swift build --scratch-path '"$(printf %q "${NOX11_SCRATCH:-.build-nox11}")"' --product scrolllab || true
    echo "== background: the extension test copy (at $SECONDS s)"
    python3 Tests/Extension/extension_test.py --build-only || true
    echo "== background: done (at $SECONDS s)"
  '
) > "$out/background.log" 2>&1 &
background=$!
set +m

step "release build"
swift build -c release --product scrolllab

step "unit tests (swift test)"
swift test

step "fuzz 60 s beside the headless soak"
# The fuzzer's build is the background's first: finished at normal priority if it is still going.
background_priority 0
while kill -0 "$background" 2>/dev/null && ! grep -q '^== background: the build without X11' "$out/background.log"; do sleep 1; done
background_priority 15
.build/debug/scrolllab soak --minutes 30 --headless > "$out/soak.log" 2>&1 &
soak=$!
fuzz_status=0
Tests/Fuzz/run.sh 60 || fuzz_status=$?
soak_status=0
wait "$soak" || soak_status=$?
cat "$out/soak.log"
[ "$soak_status" -eq 0 ] || { echo "soak: FAILED (exit $soak_status)"; exit 1; }
[ "$fuzz_status" -eq 0 ] || exit 1

window_out="$(mktemp -d /tmp/scrolllab-window-tests.XXXXXX)"
step "window tests that share the machine (2 displays)"
SCROLLLAB_RELEASE_BINARY=.build/release/scrolllab WINDOW_TEST_OUT="$window_out" \
  Tests/Window/run-all.sh --jobs 2 --part shared .build/debug/scrolllab

step "headless binary"
make --no-print-directory test-headless

step "waiting for the background builds"
# Raised to normal priority while it is the only thing left to wait for (allowed to root; otherwise it
# finishes at its low priority).
background_priority 0
background_status=0
wait "$background" || background_status=$?
background=""
cat "$out/background.log" | grep -E '^== background' || true

step "window tests that measure time (one at a time)"
SCROLLLAB_RELEASE_BINARY=.build/release/scrolllab WINDOW_TEST_OUT="$window_out" \
  Tests/Window/run-all.sh --part alone .build/debug/scrolllab

step "extension test"
python3 Tests/Extension/extension_test.py

step "the build without X11 and its window tests"
make --no-print-directory test-nox11

