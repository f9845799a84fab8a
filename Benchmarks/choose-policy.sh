#!/usr/bin/env bash
# "Choosing a policy" in the README: which loading policy per network, from a generated population of
# browsing sessions, with 95% bootstrap intervals. Generates the population, sweeps every policy under
# each network, and prints `sweep report --recommend`. Deterministic: the same seed and count give the
# same paragraphs. A finished sweep is reused (the sweep resumes where it stopped).
#
#   Benchmarks/choose-policy.sh [--count N] [--seed S] [--networks LIST] [--jobs J] [--out DIR] [--bin PATH]
#
# Defaults: 1000 `mixed` sessions, seed 7, networks lte,3g,edge, every core, .build/choose-policy,
# .build/release/scrolllab (built from the sources first, unless --bin names one).
set -euo pipefail
bin_given=""
cd "$(dirname "$0")/.."

count=1000 seed=7 networks=lte,3g,edge jobs="" out=.build/choose-policy bin=.build/release/scrolllab
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --networks) networks=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --bin) bin=$2; bin_given=1; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done
# The default binary is brought up to date first (a no-op when it is): a stale one gives figures its
# sources do not. A binary named with --bin is used as it is.
[ -n "$bin_given" ] || swift build -c release --product scrolllab >&2
mkdir -p "$out"
cd "$out"
case "$bin" in /*) ;; *) bin="$OLDPWD/$bin" ;; esac
# A population and results made with other settings or by another binary are not reused.
stamp="$(sha256sum "$bin" | cut -c1-16) mixed $count $seed $networks"
if [ ! -f stamp ] || [ "$(cat stamp)" != "$stamp" ]; then rm -rf pop results.jsonl; fi
[ -d pop ] || "$bin" gestures generate --kind mixed --count "$count" --seed "$seed" --out pop >&2
echo "$stamp" > stamp
"$bin" sweep run --gestures pop --policies all --network "$networks" --out results.jsonl ${jobs:+--jobs "$jobs"} >&2
echo "== $count mixed sessions (seed $seed) under $networks"
"$bin" sweep report results.jsonl --recommend
