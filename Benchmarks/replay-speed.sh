#!/usr/bin/env bash
# Replay's speed in real time per core (issue 58): `sweep run --jobs 1` over 200 sessions of each kind and
# `bench` with its oracle rows, CPU seconds (user + sys, from wait4) against the seconds of gesture
# they replay.
#
#   Benchmarks/replay-speed.sh BIN… [-- WORKDIR]
#
# Run from the repository's root; the first binary makes the populations (name an older one, without
# `gestures import --session`, after it). Several binaries run in alternation, each command once per
# binary in turn (ROUNDS=N rounds, default 1), so they share the machine's conditions. The populations: `gestures
# generate` with seed 43, 200 sessions each of mixed, flings and read; imported captures: 200 mixed
# sessions of seed 44, each written as an Android getevent capture (Benchmarks/gestures_to_getevent.py)
# and read back by `gestures import --session` (one file a capture); and the same 200 as one capture
# imported a file per touch (`touches`: 5775 files). Real time: each session's span (first sample to
# last) × the runs made of it (every policy: 11); for the touches, the spans of the sessions they were
# made from × 11; for bench, the bundled grid gestures' spans × its 11 policy rows (its oracle rows are
# extra work, not extra time); bench's CPU is the mean of ten runs. With ROUNDS above 1 it ends with each
# binary's median and range per kind.
set -euo pipefail
bins=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do bins+=("$(realpath "$1")"); shift; done
[ "${1:-}" = -- ] && shift
work=${1:-.build/replay-speed}
[ ${#bins[@]} -gt 0 ] || { echo "usage: $0 BIN… [-- WORKDIR]" >&2; exit 64; }
root=$PWD
mkdir -p "$work"
gen=${bins[0]}

span() { # folders… → the sum of their gesture files' spans in seconds
  python3 - "$@" <<'EOF'
import glob, json, os, sys
total = 0.0
for d in sys.argv[1:]:
    for p in sorted(glob.glob(os.path.join(d, "*.jsonl"))):
        ts = [json.loads(l)["t_ms"] for l in open(p) if l.strip()]
        total += (max(ts) - min(ts)) / 1000
print("%.3f" % total)
EOF
}

for kind in mixed flings read; do
  [ -d "$work/pop-$kind" ] || "$gen" gestures generate --kind $kind --count 200 --seed 43 --out "$work/pop-$kind" >/dev/null
done
[ -d "$work/src-imported" ] || "$gen" gestures generate --kind mixed --count 200 --seed 44 --out "$work/src-imported" >/dev/null
panel=(--max-x 1079 --max-y 2399 --density 2.625)
if [ ! -d "$work/pop-imported" ]; then
  for g in "$work"/src-imported/*.jsonl; do
    python3 Benchmarks/gestures_to_getevent.py "$g" > "$work/$(basename "$g" .jsonl).txt"
    "$gen" gestures import "$work/$(basename "$g" .jsonl).txt" "${panel[@]}" --session --out "$work/pop-imported" >/dev/null 2>&1
    rm "$work/$(basename "$g" .jsonl).txt"
  done
fi
if [ ! -d "$work/pop-touches" ]; then
  python3 Benchmarks/gestures_to_getevent.py "$work"/src-imported/*.jsonl > "$work/capture.txt"
  "$gen" gestures import "$work/capture.txt" "${panel[@]}" --out "$work/pop-touches" >/dev/null 2>&1
  rm "$work/capture.txt"
fi
declare -A seconds
for kind in mixed flings read imported; do seconds[$kind]=$(span "$work/pop-$kind"); done
seconds[touches]=$(span "$work/src-imported")
bench_dir=$work/bench-gestures
mkdir -p "$bench_dir"
for g in Assets/Gestures/*.jsonl; do case $(basename "$g") in pager-*) ;; *) cp "$g" "$bench_dir/" ;; esac; done
seconds[bench]=$(span "$bench_dir")

cpu() { # command… → user + sys CPU seconds of it and the children it waited for, to the microsecond
  # (wait4's resource use: /usr/bin/time's hundredths are a quarter of a 40 ms `bench` run's spread)
  python3 -c '
import os, sys
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.execvp(sys.argv[1], sys.argv[1:])
_, _, usage = os.wait4(pid, 0)
print("%.4f" % (usage.ru_utime + usage.ru_stime), end="")' "$@"
}

policies=$("${bins[0]}" bench --gestures "$bench_dir" --json | python3 -c 'import json, sys; print(len({json.loads(l)["policy"] for l in sys.stdin} - {"bound-min-loads", "bound-oracle"}))')
printf '%-9s %-40s %10s %8s %10s\n' kind binary "replayed s" "CPU s" "× per core"
results=$(mktemp)   # kind, binary and × per core, tab-separated: one line a run, for the summary
for round in $(seq 1 "${ROUNDS:-1}"); do
  for kind in mixed flings read imported touches bench; do
    for bin in "${bins[@]}"; do
      if [ $kind = bench ]; then
        # A run is a few hundredths of a second: ten runs, their mean.
        c=$(cpu sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do "$0" bench > /dev/null; done' "$bin")
        c=$(awk -v c="$c" 'BEGIN { printf "%.5f", c / 10 }')
      else
        rm -f "$work/out.jsonl"
        c=$(cpu "$bin" sweep run --gestures "$work/pop-$kind" --policies all --jobs 1 --out "$work/out.jsonl")
      fi
      real=$(awk -v s="${seconds[$kind]}" -v n="$policies" 'BEGIN { printf "%.0f", s * n }')
      speed=$(awk -v r="$real" -v c="$c" 'BEGIN { printf "%.0f", r / c }')
      printf '%-9s %-40s %10s %8s %10.0f\n' $kind "$bin" "$real" "$c" "$speed"
      printf '%s\t%s\t%s\n' "$kind" "$bin" "$speed" >> "$results"
    done
  done
done
# Over several rounds, each binary's median and range per kind: one round on a shared VM can move by a
# third, so compare medians of rounds run in alternation, not single runs.
if [ "${ROUNDS:-1}" -gt 1 ]; then
  echo
  printf '%-9s %-40s %10s %18s\n' kind binary "median ×" "range ×"
  python3 - "$results" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    kind, binary, speed = line.rstrip("\n").split("\t")
    runs.setdefault((kind, binary), []).append(int(speed))
for (kind, binary), v in runs.items():
    print("%-9s %-40s %10.0f %18s" % (kind, binary, statistics.median(v), "%d–%d" % (min(v), max(v))))
PY
fi
rm -f "$results"
rm -f "$work/out.jsonl"
cd "$root"
