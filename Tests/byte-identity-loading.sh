#!/usr/bin/env bash
# Byte-identity of the loading policies between two builds: Tests/byte-identity-loading.sh REF NEW
#
# Runs both binaries headless on the same inputs and compares stdout, stderr and exit code of each run:
# every bundled gesture (Assets/Gestures) under `--policy all`, each policy by name and each peer's
# @shipped variant, with no network option (80 ms), latencies of 0, 250 and 1000 ms and the lte, 3g and
# edge networks; each gesture on a device (at a latency, under a network, decoding on the main thread, whole,
# a byte-bounded cache); the pager and photos gestures in their scenes; `bench` (tables, --json, a network);
# a small `sweep` with `sweep report` (--recommend, --json); and `feed verdict`. Prints each difference
# and a count; exits 1 when any output differs. Run from the repository root (the bundled assets).
# JOBS=N runs N commands at once (default 2).
set -u
if [ $# -ne 2 ]; then echo "usage: $0 REF NEW" >&2; exit 64; fi
ref=$(realpath "$1"); new=$(realpath "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/byte-identity.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Every policy and @shipped variant REF knows, and `all`: `--policy`'s values in its `replay --help` (the
# registry's list, never named here by hand).
policies=$("$ref" replay --help | python3 -c 'import re, sys
m = re.search(r"--policy <policy>.*?\(values: ([^;]*);", sys.stdin.read(), re.S)
print(" ".join(re.sub(r"\s+", " ", m.group(1)).split(", ")))') || { echo "$0: cannot read REF's policies" >&2; exit 2; }
conditions=("" "--latency-ms 0" "--latency-ms 250" "--latency-ms 1000" "--network lte" "--network 3g" "--network edge")

# One command per line: its arguments after the binary (word-split; no argument holds a space).
cmds="$work/commands"
: > "$cmds"
for g in Assets/Gestures/*.jsonl; do
  case "$(basename "$g")" in pager-*) continue ;; esac
  for p in $policies; do
    for c in "${conditions[@]}"; do
      echo "replay $g --headless --policy $p $c" >> "$cmds"
    done
  done
done
for c in "${conditions[@]}"; do
  echo "replay Assets/Gestures/pager-flings.jsonl --headless --scene pager $c" >> "$cmds"
done
for g in Assets/Gestures/Photos/*.jsonl; do echo "replay $g --headless --scene photos" >> "$cmds"; done
echo "replay Assets/Gestures/rapid-flings.jsonl --headless --policy all --did-scroll --network 3g" >> "$cmds"
# The phone's cost (B-COST-1): a device at a latency and under a network, decodes on the main thread,
# whole images, a byte-bounded cache.
for g in Assets/Gestures/*.jsonl; do
  case "$(basename "$g")" in pager-*) continue ;; esac
  echo "replay $g --headless --policy all --device iphone-6" >> "$cmds"
  echo "replay $g --headless --policy all --device iphone-se --decode-on-main --network 3g" >> "$cmds"
  echo "replay $g --headless --policy all --device android-512mb --downsample off --cache-bytes 2000000 --latency-ms 250" >> "$cmds"
done
echo "bench --json --device iphone-xs --decode-on-main" >> "$cmds"
echo "bench" >> "$cmds"
echo "bench --json" >> "$cmds"
echo "bench --json --latency-ms 1000" >> "$cmds"
echo "bench --json --network 3g" >> "$cmds"
echo "bench --json --network edge" >> "$cmds"
echo "feed verdict" >> "$cmds"
echo "feed verdict --json --network lte --count 200" >> "$cmds"

# Runs one command line ($2) with binary $1 into $3.{out,err,rc}.
run() {
  local bin=$1 line=$2 out=$3
  # shellcheck disable=SC2086
  "$bin" $line > "$out.out" 2> "$out.err" < /dev/null
  echo $? > "$out.rc"
}
export -f run

n=$(wc -l < "$cmds")
i=0
while IFS= read -r line; do
  i=$((i + 1))
  printf '%s\0%s\0%s\0' "$ref" "$line" "$work/ref.$i"
  printf '%s\0%s\0%s\0' "$new" "$line" "$work/new.$i"
done < "$cmds" | xargs -0 -n 3 -P "${JOBS:-2}" bash -c 'run "$@"' _

# The sweep: two gestures, every policy, a latency and a network, then its reports.
mkdir -p "$work/gestures"
cp Assets/Gestures/single-fling.jsonl Assets/Gestures/fling-stop-reverse.jsonl "$work/gestures/"
for side in ref new; do
  bin=$ref; [ $side = new ] && bin=$new
  all=$(for p in $policies; do [ "$p" = all ] || printf '%s,' "$p"; done); all=${all%,}
  "$bin" sweep --gestures "$work/gestures" --policies "$all" --latency-ms 80,1000 --network 3g \
    --cache-images 6,12 --oracle --jobs 1 --out "$work/$side.sweep" > /dev/null 2>&1
  echo $? > "$work/$side.sweep-run.rc"   # its summary line names the file and the time taken: only the code
  "$bin" sweep report "$work/$side.sweep" --recommend > "$work/$side.sweep-report.out" 2>&1
  "$bin" sweep report "$work/$side.sweep" --json > "$work/$side.sweep-json.out" 2>&1
done

failures=0
i=0
while IFS= read -r line; do
  i=$((i + 1))
  for part in out err rc; do
    if ! cmp -s "$work/ref.$i.$part" "$work/new.$i.$part"; then
      failures=$((failures + 1))
      echo "DIFFERS ($part): scrolllab $line"
      diff "$work/ref.$i.$part" "$work/new.$i.$part" | head -5
    fi
  done
done < "$cmds"
for f in sweep sweep-run.rc sweep-report.out sweep-json.out; do
  if ! cmp -s "$work/ref.$f" "$work/new.$f"; then
    failures=$((failures + 1))
    echo "DIFFERS: sweep ($f)"
    diff "$work/ref.$f" "$work/new.$f" | head -5
  fi
done
echo "$n commands and a sweep, $failures differences"
[ $failures -eq 0 ]
