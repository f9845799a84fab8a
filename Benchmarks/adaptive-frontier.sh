#!/usr/bin/env bash
# Issue 41's measurement of Adaptive: generates browse, flings and read sessions, sweeps every policy on
# the shared pipeline at 0, 80, 250 and 1000 ms and under lte, 3g and edge with the oracle, and prints the
# frontier table (Benchmarks/adaptive_frontier.py): per population and condition, Adaptive's blank / oracle
# and loads or bytes / bound, whether another policy has lower mean blank time at no more mean cost (with
# paired 95% intervals), and the share of sessions where Adaptive is undominated. Deterministic: the same
# seed and count give the same table.
#
#   Benchmarks/adaptive-frontier.sh [--seed S] [--count N] [--oracle-every K] [--jobs J] [--out DIR] [--bin PATH]
#
# The oracle (B-ORACLE-1, an assignment problem per session and condition) is the slow part: it is computed
# on every K-th session (default 5: 40 of each 200), which is what blank / oracle is the ratio over.
# Defaults: seed 5151 (chosen before the measurement and never used to tune; --seed 6061, 8642, 9319 and 7717 are
# held-out seeds chosen the same way; development used seeds 777 (200 sessions of each kind) and 2024 (400);
# the earlier table's seed 4141 and development seed 101 are not used to tune either),
# 200 sessions of each kind, every core, .build/adaptive-frontier, .build/release/scrolllab (built from the sources first, unless --bin names one).
set -euo pipefail
bin_given=""
cd "$(dirname "$0")/.."

seed=5151 count=200 every=5 jobs="" out=.build/adaptive-frontier bin=.build/release/scrolllab
latencies=0,80,250,1000 networks=lte,3g,edge
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --oracle-every) every=$2; shift 2 ;;
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
oracles=()
peers=eager,deferred,target,prefetch,texture,flutter,glide,compose,flashlist,chrome
for kind in browse flings read; do
  dir="$out/$kind-seed$seed-n$count"
  [ -d "$dir" ] || "$bin" gestures generate --kind "$kind" --count "$count" --seed "$seed" --out "$dir" >&2
  # Results are reused (a sweep resumes) only if the same binary made them.
  stamp="$(sha256sum "$bin" | cut -c1-16) $latencies $networks $every"
  for part in peers adaptive oracle; do
    results="$dir.$part.jsonl"
    if [ ! -f "$results.stamp" ] || [ "$(cat "$results.stamp")" != "$stamp" ]; then rm -f "$results"; fi
    echo "$stamp" > "$results.stamp"
  done
  "$bin" sweep --gestures "$dir" --policies "$peers" --latency-ms "$latencies" --network "$networks" \
    --out "$dir.peers.jsonl" ${jobs:+--jobs "$jobs"} >&2
  "$bin" sweep --gestures "$dir" --policies adaptive --latency-ms "$latencies" --network "$networks" \
    --out "$dir.adaptive.jsonl" ${jobs:+--jobs "$jobs"} >&2
  # The oracle is the same for every policy on the shared pipeline: once per session and condition.
  "$bin" sweep --gestures "$dir" --policies adaptive --latency-ms "$latencies" --network "$networks" --oracle \
    --shard "1/$every" --out "$dir.oracle.jsonl" ${jobs:+--jobs "$jobs"} >&2
  cat "$dir.peers.jsonl" "$dir.adaptive.jsonl" > "$dir.jsonl"
  tables+=("$kind=$dir.jsonl")
  oracles+=(--oracle "$kind=$dir.oracle.jsonl")
done
echo "== Adaptive on the frontier (seed $seed, $count sessions of each kind; cost: loads under a latency, bytes under a network)"
python3 Benchmarks/adaptive_frontier.py "${tables[@]}" "${oracles[@]}"
