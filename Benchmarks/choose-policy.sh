#!/usr/bin/env bash
# "Choosing a policy" in the README: which loading policy per network, from a generated population of
# browsing sessions, with 95% bootstrap intervals. Generates the population, sweeps every policy under
# each network, and prints `sweep report --recommend`. Deterministic: the same seed and count give the
# same paragraphs. A finished sweep is reused (the sweep resumes where it stopped).
#
#   Benchmarks/choose-policy.sh [--count N] [--seed S] [--networks LIST] [--http 1.1|2] [--tls] [--feed FILE [--layout L]]
#                               [--jobs J] [--out DIR] [--html PAGE] [--bin PATH]
#
# Defaults: 1000 `mixed` sessions, seed 7, networks lte,3g,edge, the bundled grid, every core,
# .build/choose-policy, .build/release/scrolllab (built from the sources first, unless --bin names one).
# --http 2 asks over HTTP/2 (default 1.1); --tls over HTTPS (TLS 1.3: a new connection's handshake a round
# trip longer, docs/network.md#tls), as an app's images come.
# --feed asks the question of your own feed (docs/feeds.md): the sessions are generated for its layout
# (--layout, else the file's), every run scrolls it and moves its images' bytes. --html also writes the
# shareable report page (`sweep report --html`).
set -euo pipefail
bin_given=""
# Paths given on the command line are the caller's: made absolute before the script moves to the repository.
absolute() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s' "$PWD/$1" ;; esac; }

count=1000 seed=7 networks=lte,3g,edge jobs="" out=.build/choose-policy bin=.build/release/scrolllab feed="" layout="" html="" http=1.1 tls=off
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --networks) networks=$2; shift 2 ;;
    --http) http=$2; shift 2 ;;
    --tls) tls=on; shift ;;
    --jobs) jobs=$2; shift 2 ;;
    --feed) feed=$(absolute "$2"); shift 2 ;;
    --layout) layout=$2; shift 2 ;;
    --html) html=$(absolute "$2"); shift 2 ;;
    --out) out=$(absolute "$2"); shift 2 ;;
    --bin) bin=$(absolute "$2"); bin_given=1; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done
cd "$(dirname "$0")/.."
# The default binary is brought up to date first (a no-op when it is): a stale one gives figures its
# sources do not. A binary named with --bin is used as it is.
# With `make release`'s flags, so the two share .build/release instead of rebuilding it in turn.
# shellcheck disable=SC2046
[ -n "$bin_given" ] || swift build -c release $(make -s --no-print-directory release-flags) --product scrolllab >&2
[ -z "$layout" ] || [ -n "$feed" ] || { echo "--layout lays out a --feed: give one" >&2; exit 64; }
if [ -n "$feed" ]; then
  [ -r "$feed" ] || { echo "cannot read the feed $feed" >&2; exit 2; }
  feed="$(cd "$(dirname "$feed")" && pwd)/$(basename "$feed")"
  # The layout the sessions are made for: --layout, else the feed file's own (its first line), else list.
  [ -n "$layout" ] || layout="$(head -c 200 "$feed" | head -1 | sed -n 's/.*"layout" *: *"\([a-z]*\)".*/\1/p')"
  [ -n "$layout" ] || layout=list
fi
case "$html" in ""|/*) ;; *) html="$PWD/$html" ;; esac
mkdir -p "$out"
# The bundled images, named outright: the runs happen in $out, where a binary from elsewhere (--bin) would
# not find them.
assets=()
[ -n "$feed" ] || assets=(--assets "$PWD/Assets/Images")
cd "$out"
case "$bin" in /*) ;; *) bin="$OLDPWD/$bin" ;; esac
# A population and results made with other settings, another feed or by another binary are not reused.
stamp="$(sha256sum "$bin" | cut -c1-16) mixed $count $seed $networks http=$http tls=$tls ${feed:+$(sha256sum "$feed" | cut -c1-16) $layout}"
if [ ! -f stamp ] || [ "$(cat stamp)" != "$stamp" ]; then rm -rf pop results.jsonl; fi
[ -d pop ] || "$bin" gestures generate --kind mixed --count "$count" --seed "$seed" ${feed:+--layout "$layout"} --out pop >&2
echo "$stamp" > stamp
"$bin" sweep run --gestures pop --policies all --network "$networks" --http "$http" --tls "$tls" ${feed:+--feed "$feed" --layout "$layout"} \
  "${assets[@]}" --out results.jsonl ${jobs:+--jobs "$jobs"} >&2
echo "== $count mixed sessions (seed $seed) under $networks, HTTP/$http$([ $tls = on ] && echo ' over TLS')${feed:+, scrolling $(basename "$feed") as $layout}"
"$bin" sweep report results.jsonl --recommend ${html:+--html "$html"}
