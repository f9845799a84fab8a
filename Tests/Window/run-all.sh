#!/usr/bin/env bash
# Runs every real-window test (Tests/Window/*_test.py) against BINARY under Xvfb servers started here.
# Usage: Tests/Window/run-all.sh [--repeat N] [--only NAME[,NAME…]] [--jobs N] [--part shared|alone] path/to/scrolllab
#   --repeat N   run the whole set N times in a row; prints the passes per test and fails unless every run
#                of every test passed
#   --only       run only the named tests (e.g. --only fling_test,stall_test)
#   --jobs N     run up to N tests at once, each on an Xvfb display of its own (default 1, or WINDOW_TEST_JOBS).
#                The tests that measure time or drive the pointer at a speed (ALONE below) still run one at
#                a time with no other test running, after the others.
#   --part P     run only the tests that may share the machine (`shared`) or only the ALONE ones (`alone`);
#                `make test` runs the shared part while it builds in the background, the alone part after.
# Each test prints its wall-clock seconds and the CPU seconds it and its processes used.
set -euo pipefail

# The tests whose checks hang on time or on the pointer's speed: a hitch ratio, a release velocity, a fling,
# a drag or a double-click timed by xdotool, a stop or an answer within a bound (an upper one), a byte count
# against a server's clock, a window's scheduler ticks at rest, real frames drawn per model frame in slow
# motion (a loaded machine drops real frames: 37 model frames in 64 drawn under a load of 15). They never share the machine with another
# test at a normal priority (`make test` runs only untimed work beside them, at the idle scheduling class). (http_test's network times are lower bounds, or a rate the link must not beat, which a loaded machine
# only lengthens, and its frames' bound is 2 s; serve_loss_test times nothing: both share it.)
ALONE="carousel_test compare_test content_touch_test figures_test fling_test hitch_test http_faults_test hud_test
  latency_test pager_test photos_zoom_test physics_test placeholder_test record_replay_test recording_signals_test
  replay_window_test robustness_test serve_faults_test serve_http2_test serve_pipeline_test serve_signals_test serve_test serve_tls_test slow_motion_test stall_test
  tall_items_test
  wheel_record_test"
# The slowest of the others start first, so that the last to finish is a short one.
SLOW_FIRST="chrome_lazy_test http_test sweep_test serve_loss_test video_fps_test files_and_input_test video_test docs_commands_test
  disk_cache_test feed_window_test sweep_faults_test exit_codes_test replay_held_test batch_faults_test feed_file_test"

repeat=1
only=""
jobs="${WINDOW_TEST_JOBS:-1}"
part=all
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat="${2:?--repeat needs a number}"; shift 2 ;;
    --only) only="${2:?--only needs test names}"; shift 2 ;;
    --jobs) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    --part) part="${2:?--part needs shared or alone}"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run-all.sh: unknown option $1 (--help lists them)" >&2; exit 64 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: run-all.sh [--repeat N] [--only NAMES] [--jobs N] [--part shared|alone] path/to/scrolllab" >&2; exit 64; }
[ -x "$1" ] && [ -f "$1" ] || { echo "run-all.sh: $1 is not an executable file" >&2; exit 64; }
case "$part" in all|shared|alone) ;; *) echo "--part is shared or alone, not $part"; exit 64 ;; esac
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "--jobs needs a positive number, not $jobs"; exit 64; }
binary="$(realpath "${1:?usage: run-all.sh [--repeat N] [--only NAMES] [--jobs N] [--part shared|alone] path/to/scrolllab}")"
here="$(cd "$(dirname "$0")" && pwd)"
out="${WINDOW_TEST_OUT:-$(mktemp -d /tmp/scrolllab-window-tests.XXXXXX)}"
mkdir -p "$out"

is_alone() { [[ " $(echo $ALONE) " == *" $1 "* ]]; }

tests=()
for test in "$here"/*_test.py; do
  name="$(basename "$test" .py)"
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  if [ "$part" = shared ] && is_alone "$name"; then continue; fi
  if [ "$part" = alone ] && ! is_alone "$name"; then continue; fi
  tests+=("$name")
done
[ ${#tests[@]} -gt 0 ] || { echo "no window test matches --only $only --part $part"; exit 1; }
# The shared tests, slowest first; then the alone ones.
shared=(); alone=()
for name in $SLOW_FIRST; do
  [[ " ${tests[*]} " == *" $name "* ]] && shared+=("$name")
done
for name in "${tests[@]}"; do
  if is_alone "$name"; then alone+=("$name")
  elif [[ " ${shared[*]} " != *" $name "* ]]; then shared+=("$name"); fi
done
[ "$jobs" -le "${#tests[@]}" ] || jobs=${#tests[@]}

# One Xvfb per job, started one after another; each picks a free display number itself (-displayfd): no
# race with other test runs starting at once.
displays=(); xvfb_pids=()
cleanup() {
  for pid in "${xvfb_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${xvfb_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# start_xvfb SLOT: starts an Xvfb on a free display and waits until it answers, printing the display. Another
# Xvfb starting at the same moment (another test run on the machine) can take the display this one picked
# between its pick and its listening socket: that one exits ("server already running"), and it is tried again.
start_xvfb() {
  local slot=$1 attempt pid display
  for attempt in 1 2 3 4 5; do
    rm -f "$out/display-$slot"
    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$out/display-$slot" >"$out/xvfb-$slot.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do
      [ -s "$out/display-$slot" ] && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.05
    done
    if [ -s "$out/display-$slot" ]; then
      display=":$(head -n1 "$out/display-$slot")"
      for _ in $(seq 1 100); do
        DISPLAY="$display" xdotool getdisplaygeometry >/dev/null 2>&1 && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
      done
      if DISPLAY="$display" xdotool getdisplaygeometry >/dev/null 2>&1; then
        xvfb_pids+=("$pid"); displays+=("$display"); return 0
      fi
    fi
    kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    echo "Xvfb did not start (attempt $attempt of 5):"; cat "$out/xvfb-$slot.log"
    sleep 0.$((RANDOM % 5 + 1))
  done
  return 1
}
for slot in $(seq 1 "$jobs"); do
  start_xvfb "$slot" || exit 1
done

# Runs test $1 (run $2) on display $3, writing its lines to standard output; the last is its verdict.
# Every process it starts carries SCROLLLAB_WINDOW_TEST=$4 in its environment, so the scrolllab processes it
# leaves running are found without touching another test's.
run_one() {
  local name=$1 run=$2 display=$3 tag=$4 ok=1 began=$SECONDS cpu
  mkdir -p "$out/run-$run"
  echo "== window test $name, run $run of $repeat (DISPLAY=$display, output in $out/run-$run)"
  SCROLLLAB_WINDOW_TEST="$tag" DISPLAY="$display" /usr/bin/time -f "%U %S" -o "$tag.cpu" \
    python3 "$here/$name.py" "$binary" "$out/run-$run" 2>&1 || ok=0
  cpu=$(tail -n1 "$tag.cpu" 2>/dev/null | awk 'NF == 2 { printf "%.1f", $1 + $2 }')
  # A test must close every window it opened: one left running would take the keyboard focus and the
  # cores from the tests after it. Kill it, and count the test as failed.
  local left=() pid
  for pid in $(pgrep -f "^$binary( |$)" || true); do
    # grep -z reads the NUL-separated environment itself: no pipeline whose writer pipefail could see killed.
    if grep -qzxF "SCROLLLAB_WINDOW_TEST=$tag" "/proc/$pid/environ" 2>/dev/null; then left+=("$pid"); fi
  done
  if [ ${#left[@]} -gt 0 ]; then
    echo "== $name left a scrolllab process running: killed"
    kill -KILL "${left[@]}" 2>/dev/null || true
    ok=0
  fi
  if [ "$ok" = 1 ]; then echo "== $name: passed ($((SECONDS - began)) s, cpu ${cpu:-?} s)"
  else echo "== $name: FAILED ($((SECONDS - began)) s, cpu ${cpu:-?} s)"; fi
}

status=0
declare -A passes=()
logs="$out/logs"
mkdir -p "$logs"
# Counts the verdict on the last line of test $1's log $2.
count() {
  if [[ $(tail -n1 "$2") == "== $1: passed"* ]]; then passes[$1]=$(( ${passes[$1]:-0} + 1 ))
  else status=1; fi
}
for run in $(seq 1 "$repeat"); do
  # The shared tests: up to $jobs at once, each on a display of its own; each one's lines are printed
  # together when it ends (with one job, as they come).
  declare -A running=()   # pid -> "slot name"
  free=($(seq 0 $((jobs - 1))))
  queue=("${shared[@]}")
  while [ ${#queue[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
    if [ "$jobs" = 1 ]; then
      name=${queue[0]}; queue=("${queue[@]:1}")
      run_one "$name" "$run" "${displays[0]}" "$logs/run-$run-$name" | tee "$logs/run-$run-$name.log"
      count "$name" "$logs/run-$run-$name.log"
      continue
    fi
    while [ ${#queue[@]} -gt 0 ] && [ ${#free[@]} -gt 0 ]; do
      slot=${free[0]}; free=("${free[@]:1}")
      name=${queue[0]}; queue=("${queue[@]:1}")
      run_one "$name" "$run" "${displays[$slot]}" "$logs/run-$run-$name" > "$logs/run-$run-$name.log" 2>&1 &
      running[$!]="$slot $name"
    done
    done_pid=""
    wait -n -p done_pid "${!running[@]}" || true
    [ -n "$done_pid" ] || continue
    read -r slot name <<< "${running[$done_pid]}"
    unset "running[$done_pid]"
    free+=("$slot")
    cat "$logs/run-$run-$name.log"
    count "$name" "$logs/run-$run-$name.log"
  done
  # The alone ones: one at a time, nothing else running.
  for name in "${alone[@]}"; do
    run_one "$name" "$run" "${displays[0]}" "$logs/run-$run-$name" | tee "$logs/run-$run-$name.log"
    count "$name" "$logs/run-$run-$name.log"
  done
done
if [ "$repeat" -gt 1 ]; then
  echo "== passes in $repeat runs (load: $(cut -d' ' -f1-3 /proc/loadavg)):"
  for name in "${shared[@]}" "${alone[@]}"; do
    echo "   $name: ${passes[$name]:-0}/$repeat"
  done
fi
exit $status
