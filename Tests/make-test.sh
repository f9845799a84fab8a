#!/usr/bin/env bash
# The steps of `make test` (after its packages and the layering check), in the order that keeps both cores
# busy without letting a build disturb a test that measures time:
#
#   0. the stored-properties audit (Tests/stored-properties.py, under a second);
#   1. one build for every test: release with testability (`-c release -Xswiftc -enable-testing
#      --build-tests`, in .build-test), so the unit tests, the window tests, the servers and the headless
#      binary all run the optimized code, and the packages (SwiftNIO, BoringSSL, async-http-client) compile
#      once, not once for a debug build and again for a release one;
#   2. in the backgrounds, at a low priority: the fuzzer's build; the build without X11. Where a mount
#      namespace can be made (Tests/in-place.sh) the build without X11, and later the extension test's copy,
#      start from a copy of the build of 1 and compile only what differs. Backgrounds only warm build
#      folders: each step below that needs one builds it again (a no-op when the background finished it), so
#      a background failure shows up there, with its own message;
#   3. meanwhile: the window tests that may share the machine (three Xvfb displays at once), the headless
#      binary's test;
#   4. the backgrounds finished, the window tests that measure time, one at a time, with no other test at a
#      normal priority: beside them, at the idle scheduling class (SCHED_IDLE: a core runs them only when
#      nothing else wants it, and a waking window preempts them at once), the work that times nothing and
#      would otherwise leave those cores idle: the unit tests (`swift test`, built in 1), the 60 s fuzz run
#      beside the headless soak, and the extension test's copy built with its unit tests and running them
#      (extension_test.py --unit-tests-only: a throwaway physics in ScrollKit makes every module of the copy
#      compile again, minutes of work that the timed tests' idle cores absorb). Whatever of it is left when the timed
#      tests end is finished at the normal class, and its results are checked;
#   5. the rest of the extension test (which takes the copy's unit-test outcome recorded in 4); the build
#      without X11 and its window tests.
#
# Prints each step's start, the load average then, and at the end (also after a failure) each step's seconds
# and the CPU seconds of it and everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="$root/out/make-test"
mkdir -p "$out"
# In CI the Chromium checks must run (Chromium is installed with the test packages): one that cannot start
# fails its test instead of skipping it.
export SCROLLLAB_REQUIRE_CHROMIUM=${CI:+1}

began=$SECONDS
# CPU seconds used so far by the processes this script started and waited for (bash's `times`, run in this
# shell: a subshell would count only its own children), in $cpu_now.
children_cpu() {
  times > "$out/times"
  cpu_now=$(tail -n1 "$out/times" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); n += p[1] * 60 + p[2] } printf "%.0f", n }')
}
step_names=(); step_seconds=(); step_cpus=()
step_name=""; step_began=0; step_cpu=0
# step NAME: ends the current step (recording its seconds and CPU seconds) and starts NAME.
step() {
  local cpu; children_cpu; cpu=$cpu_now
  if [ -n "$step_name" ]; then
    step_names+=("$step_name"); step_seconds+=($((SECONDS - step_began))); step_cpus+=($((cpu - step_cpu)))
  fi
  step_name="$1"; step_began=$SECONDS; step_cpu=$cpu
  [ -n "$1" ] && printf '\n== make test: %s (at %d s, load %s)\n' "$1" $((SECONDS - began)) "$(cut -d' ' -f1-3 /proc/loadavg)"
  return 0
}
summary() {
  step ""
  printf '\n== make test: the steps (seconds, CPU seconds of what the step waited for; load now %s)\n' \
    "$(cut -d' ' -f1-3 /proc/loadavg)"
  local i
  for i in "${!step_names[@]}"; do printf '   %5d %6d  %s\n' "${step_seconds[$i]}" "${step_cpus[$i]}" "${step_names[$i]}"; done
  children_cpu
  printf '   %5d %6d  in all\n' $((SECONDS - began)) "$cpu_now"
}

# The backgrounds: each its own process group (set -m), so that its priority can be raised and it can be
# stopped as a whole.
backgrounds=()
stop_backgrounds() {
  local group
  for group in "${backgrounds[@]}"; do kill -TERM -- "-$group" 2>/dev/null || true; wait "$group" 2>/dev/null || true; done
}
# background_priority N GROUP: normal (0) while a step waits for it, low (15) otherwise. Raising it is
# allowed to root only; otherwise it stays low.
background_priority() { renice -n "$1" -g "$2" > /dev/null 2>&1 || true; }
# companion_class CLASS GROUP: every thread of the group's processes to the scheduling class CLASS
# (`idle` or `other`, the normal one). Processes the group starts later inherit the class of their parent.
companion_class() {
  local pid
  for pid in $(pgrep -g "$2" 2>/dev/null); do chrt -a "--$1" -p 0 "$pid" > /dev/null 2>&1 || true; done
}
# wait_background GROUP NAME: waits for it at normal priority and prints its log's headings.
wait_background() {
  background_priority 0 "$1"
  wait "$1" || true
  grep -E '^== background' "$out/background-$2.log" || true
}
trap 'status=$?; stop_backgrounds; summary; exit $status' EXIT

# Where a mount namespace can be made, the build without X11 and the extension test's copy start from the
# one build (Tests/in-place.sh).
in_place=0
Tests/in-place.sh --check && in_place=1
nox11_scratch="${NOX11_SCRATCH:-.build-nox11}"
# The one build (Tests/in-place.sh and the extension test build their copies the same way).
test_scratch=.build-test
# Release as `make release` builds it (RELEASE_FLAGS: every module names its generic types by their metadata
# accessors), with testability.
read -r -a release_flags <<< "${RELEASE_FLAGS-$(make -s --no-print-directory release-flags)}"
test_build=(-c release -Xswiftc -enable-testing "${release_flags[@]}")
binary="$root/$test_scratch/release/scrolllab"
headless_binary="$root/$test_scratch/release/scrolllab-headless"
export SCROLLLAB_TEST_SCRATCH="$test_scratch" SCROLLLAB_TEST_CONFIG=release SCROLLLAB_TEST_BUILD_FLAGS="${test_build[*]}"

step "stored properties per type (Tests/stored-properties.py: none over 14 but plain records)"
python3 Tests/stored-properties.py

step "the build: release with testability, the unit tests and both binaries"
swift build "${test_build[@]}" --scratch-path "$test_scratch" --build-tests

# The backgrounds: the fuzzer's build; the build without X11. It and the extension test's copy are seeded
# from the build just made (before anything else runs in it).
if [ "$in_place" = 1 ]; then
  Tests/in-place.sh --seed "$nox11_scratch"
  Tests/in-place.sh --seed .build/extension-test/build
fi
set -m
(
  nice -n 15 bash -c '
    echo "== background: the fuzzer build (at $SECONDS s)"
    Tests/Fuzz/run.sh --build-only || true
    echo "== background: done (at $SECONDS s)"
  '
) > "$out/background-fuzzer.log" 2>&1 &
fuzzer_background=$!
(
  nice -n 15 bash -c '
    echo "== background: the build without X11 (at $SECONDS s)"
    if [ '"$in_place"' = 1 ]; then
      SCROLLLAB_NO_X11=1 Tests/in-place.sh . '"$(printf %q "$nox11_scratch")"' swift build '"${test_build[*]}"' --scratch-path '"$test_scratch"' --product scrolllab || true
    else
      SCROLLLAB_NO_X11=1 swift build '"${test_build[*]}"' --scratch-path '"$(printf %q "$nox11_scratch")"' --product scrolllab || true
    fi
    echo "== background: done (at $SECONDS s)"
  '
) > "$out/background-copies.log" 2>&1 &
copies_background=$!
set +m
backgrounds+=("$fuzzer_background" "$copies_background")

window_out="$(mktemp -d /tmp/scrolllab-window-tests.XXXXXX)"
step "window tests that share the machine (3 displays)"
SCROLLLAB_RELEASE_BINARY="$binary" WINDOW_TEST_OUT="$window_out" \
  Tests/Window/run-all.sh --jobs 3 --part shared "$binary"

step "headless binary"
Tests/Headless/run.sh "$headless_binary" "$binary"

step "waiting for the fuzzer build and the build without X11"
wait_background "$fuzzer_background" fuzzer
wait_background "$copies_background" copies

step "window tests that measure time (one at a time; the unit tests, the fuzz run, the soak and the extension copy's build and unit tests beside them, idle class)"
# The companions: each its own process group at the idle class, its outcome in a file.
companions=()
rm -f "$out/soak.status" "$out/fuzz.status" "$out/unit-tests.status" "$out/extension-unit-tests.status" "$out/hosts.status"
set -m
chrt --idle 0 bash -c '
  "$2" soak --minutes 30 --headless > "$1/soak.log" 2>&1; echo $? > "$1/soak.status"
' _ "$out" "$binary" &
companions+=($!)
chrt --idle 0 bash -c '
  Tests/Fuzz/run.sh 60 > "$1/fuzz.log" 2>&1; echo $? > "$1/fuzz.status"
' _ "$out" &
companions+=($!)
chrt --idle 0 bash -c '
  swift test "${@:2}" --skip-build > "$1/unit-tests.log" 2>&1; echo $? > "$1/unit-tests.status"
' _ "$out" "${test_build[@]}" --scratch-path "$test_scratch" &
companions+=($!)
chrt --idle 0 bash -c '
  python3 Tests/Extension/extension_test.py --unit-tests-only > "$1/extension-unit-tests.log" 2>&1
  echo $? > "$1/extension-unit-tests.status"
' _ "$out" &
companions+=($!)
# The sweep across two hosts (network namespaces, sshd, GNU Parallel) and the Slurm job array, on the
# headless binary built in the step "headless binary" (`make test-hosts` alone; times nothing: a host is killed after a count of results, not after a time). In CI they
# must run; elsewhere a machine that cannot make a namespace or start Slurm says so and skips.
chrt --idle 0 bash -c '
  export SCROLLLAB_REQUIRE_HOSTS=${CI:+1}
  { Tests/Hosts/sweep_hosts_test.sh "$2" && Tests/Hosts/slurm_array_test.sh "$2"; } \
    > "$1/hosts.log" 2>&1; echo $? > "$1/hosts.status"
' _ "$out" "$headless_binary" &
companions+=($!)
set +m
backgrounds+=("${companions[@]}")
SCROLLLAB_RELEASE_BINARY="$binary" WINDOW_TEST_OUT="$window_out" \
  Tests/Window/run-all.sh --part alone "$binary"

step "the unit tests, the fuzz run, the soak and the extension copy's build and unit tests (finished at the normal class)"
for group in "${companions[@]}"; do companion_class other "$group"; done
for group in "${companions[@]}"; do wait "$group" || true; done
cat "$out/unit-tests.log" "$out/soak.log" "$out/fuzz.log" "$out/extension-unit-tests.log" "$out/hosts.log"
status_of() { cat "$out/$1.status" 2>/dev/null || echo "none"; }
[ "$(status_of unit-tests)" = 0 ] || { echo "unit tests (swift test): FAILED (exit $(status_of unit-tests))"; exit 1; }
[ "$(status_of soak)" = 0 ] || { echo "soak: FAILED (exit $(status_of soak))"; exit 1; }
[ "$(status_of fuzz)" = 0 ] || { echo "fuzz: FAILED (exit $(status_of fuzz))"; exit 1; }
[ "$(status_of extension-unit-tests)" = 0 ] || { echo "the extension copy's unit tests: FAILED"; exit 1; }
[ "$(status_of hosts)" = 0 ] || { echo "the sweep across hosts and the Slurm array: FAILED (exit $(status_of hosts))"; exit 1; }

step "extension test (the rest)"
python3 Tests/Extension/extension_test.py --unit-tests-done

step "the build without X11 and its window tests"
if [ "$in_place" = 1 ]; then
  SCROLLLAB_NO_X11=1 Tests/in-place.sh . "$nox11_scratch" swift build "${test_build[@]}" --scratch-path "$test_scratch" --product scrolllab
else
  SCROLLLAB_NO_X11=1 swift build "${test_build[@]}" --scratch-path "$nox11_scratch" --product scrolllab
fi
make --no-print-directory test-nox11-windows NOX11_SCRATCH="$nox11_scratch" NOX11_CONFIG=release
