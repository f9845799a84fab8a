#!/usr/bin/env bash
# Issue 27's population check of Adaptive: generates browse, flings and read sessions, sweeps every policy
# at four latencies with the oracle, prints `sweep report` per kind and the table of Adaptive against the
# targets (Benchmarks/adaptive_table.py). Deterministic: the same seed and count give the same table.
#
#   Benchmarks/adaptive-population.sh [--seed S] [--count N] [--latency-ms LIST] [--jobs J] [--out DIR] [--bin PATH]
#
# Defaults: seed 27 (the README's table; development used seed 101), 200 sessions of each kind, latencies
# 0,80,250,1000, every core, .build/adaptive-population, .build/release/scrolllab (built from the sources first, unless --bin names one).
set -euo pipefail
bin_given=""
cd "$(dirname "$0")/.."

seed=27 count=200 latencies=0,80,250,1000 jobs="" out=.build/adaptive-population bin=.build/release/scrolllab
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --latency-ms) latencies=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --bin) bin=$2; bin_given=1; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done
# The default binary is brought up to date first (a no-op when it is): a stale one gives figures its
# sources do not. A binary named with --bin is used as it is.
# With `make release`'s flags, so the two share .build/release instead of rebuilding it in turn.
# shellcheck disable=SC2046
[ -n "$bin_given" ] || swift build -c release $(make -s --no-print-directory release-flags) --product scrolllab >&2
mkdir -p "$out"
tables=()
for kind in browse flings read; do
  dir="$out/$kind-seed$seed-n$count"
  results="$dir.jsonl"
  if [ ! -d "$dir" ]; then
    "$bin" gestures generate --kind "$kind" --count "$count" --seed "$seed" --out "$dir"
  fi
  # A finished results file is reused only if it was made by the same binary and latencies.
  stamp="$(sha256sum "$bin" | cut -c1-16) $latencies"
  if [ ! -f "$results.stamp" ] || [ "$(cat "$results.stamp")" != "$stamp" ]; then
    rm -f "$results"
  fi
  "$bin" sweep --gestures "$dir" --policies all --latency-ms "$latencies" --oracle --out "$results" ${jobs:+--jobs "$jobs"}
  echo "$stamp" > "$results.stamp"
  echo "== $kind ($count sessions, seed $seed)"
  "$bin" sweep report "$results"
  tables+=("$kind=$results")
done
echo
echo "== Adaptive against issue 27's targets (seed $seed, $count sessions of each kind)"
python3 Benchmarks/adaptive_table.py "${tables[@]}"
