#!/usr/bin/env bash
# Runs two scrolllab binaries on the same deterministic commands and diffs every output byte for byte:
# headless replays of every bundled gesture under every policy and every physics (and the other scenes,
# a network, compare mode, --policy all), bench (tables, JSON, networks, its plot), a small generated
# population swept and reported, physics-compare, and videos: the digests of the raw frames the lab hands
# ffmpeg (a stand-in first on the PATH keeps them), and where two videos differ, which frames and pixels
# (Tests/frame-diff.py).
#
#   Tests/byte-identity.sh REF NEW [WORKDIR]
#
# Run from the repository's root (JOBS=N commands at once, default 3). Exits 0 when every output is identical, 1 otherwise (naming each that
# differs). Timings (bench --frames, the window) are not compared: they differ run to run.
set -uo pipefail

ref=$(realpath "$1"); new=$(realpath "$2")
work=${3:-.build/byte-identity}
rm -rf "$work"; mkdir -p "$work/ref" "$work/new"
root=$PWD
gestures=(Assets/Gestures/*.jsonl Assets/Gestures/Photos/*.jsonl)
# Every policy REF knows on the shared pipeline (`--policy`'s values in its `replay --help`, without `all`
# and the @shipped variants): the registry's list, never named here by hand.
policies=$("$ref" replay --help | python3 -c 'import re, sys
m = re.search(r"--policy <policy>.*?\(values: ([^;]*);", sys.stdin.read(), re.S)
print(" ".join(p for p in re.sub(r"\s+", " ", m.group(1)).split(", ") if p != "all" and "@" not in p))') || { echo "$0: cannot read REF's policies" >&2; exit 2; }
physics="ios android flutter-bouncing flutter-clamping"

# Each command: a name, then the arguments. Both binaries run it in the repository's root.
commands=()
add() { commands+=("$*"); }
for g in "${gestures[@]}"; do
  b=$(basename "$g" .jsonl)
  for p in $policies; do
    for ph in $physics; do add "replay-$b-$p-$ph" replay "$g" --headless --policy "$p" --physics "$ph"; done
  done
  add "replay-$b-all" replay "$g" --headless --policy all
  add "replay-$b-all-didscroll" replay "$g" --headless --policy all --did-scroll
  add "replay-$b-stream" replay "$g" --headless --stream --refresh 120
  add "replay-$b-pager" replay "$g" --headless --scene pager
  add "replay-$b-pager-snap" replay "$g" --headless --scene pager --paging snap --physics android
  add "replay-$b-photos" replay "$g" --headless --scene photos
  add "replay-$b-lte" replay "$g" --headless --network lte --policy adaptive
  add "replay-$b-3g-h2" replay "$g" --headless --network 3g --http 2 --policy prefetch
  add "replay-$b-compare" replay "$g" --headless --compare adaptive,deferred,glide
  add "replay-$b-compare-physics" replay "$g" --headless --compare ios,android
  add "replay-$b-touchhz" replay "$g" --headless --touch-hz 120 --refresh 90
  add "physics-compare-$b" physics-compare "$g"
  add "physics-compare-$b-json" physics-compare "$g" --json --scene pager
done
add bench bench
add bench-json bench --json
add bench-network bench --network all --json
add bench-physics bench --physics android
add bench-plot bench --plot @OUT@/bench.png

run_one() { # binary, outdir, name, arguments…
  local bin=$1 out=$2 name=$3; shift 3
  "$bin" "${@//@OUT@/$out}" >"$out/$name.out" 2>"$out/$name.err"; echo $? >"$out/$name.rc"
}
export -f run_one

run_all() { # binary, outdir
  local bin=$1 out=$2
  # shellcheck disable=SC2086
  printf '%s\n' "${commands[@]}" | xargs -P "${JOBS:-3}" -L 1 bash -c 'run_one "$@"' _ "$bin" "$out"
  # A small population, swept on one thread and two, then reported.
  "$bin" gestures generate --kind mixed --count 6 --seed 7 --out "$out/pop" >"$out/generate.out" 2>&1
  "$bin" sweep run --gestures "$out/pop" --policies all --latency-ms 0,250 --network lte --jobs 1 \
    --out "$out/sweep.jsonl" >"$out/sweep-run.out" 2>&1
  "$bin" sweep run --gestures "$out/pop" --policies adaptive,eager --latency-ms 80 --refresh 60,120 --oracle \
    --jobs 2 --out "$out/sweep2-unsorted.jsonl" >"$out/sweep-run2.out" 2>&1
  # Two threads write their lines in either order: merged, sorted by id.
  "$bin" sweep merge "$out/sweep2-unsorted.jsonl" --out "$out/sweep2.jsonl" >"$out/sweep-merge.out" 2>&1
  rm -f "$out/sweep2-unsorted.jsonl"
  "$bin" sweep report "$out/sweep.jsonl" --recommend >"$out/sweep-report.out" 2>&1
  "$bin" sweep report "$out/sweep.jsonl" --json >"$out/sweep-report-json.out" 2>&1
  # The plot's title names the file: the same relative name for both binaries.
  (cd "$out" && "$bin" sweep report sweep2.jsonl --plot sweep.png >sweep-report2.out 2>&1)
  sed -i "s#$out#OUT#g" "$out"/*.out "$out"/*.err 2>/dev/null
  # A sweep's closing line gives its wall-clock seconds.
  sed -i -E 's/, [0-9.]+ s on ([0-9]+) thread/, (time) on \1 thread/' "$out"/sweep-run*.out
  # Videos: the digests of the frames the lab encodes, one a frame, taken before the encoder (an encoded
  # frame depends on every frame before it, and the container's bytes on the encoder's version).
  if [[ -n $real_ffmpeg ]]; then
    local n=0
    for v in "${videos[@]}"; do
      n=$((n + 1))
      # shellcheck disable=SC2086
      (cd "$root" && RAW_FRAMES="$raw/${out##*/}-video$n" PATH="$shim:$PATH" \
        "$bin" replay $v --video "$out/video$n.mp4" >"$out/video$n.out" 2>/dev/null)
      sed -i "s#$out#OUT#g" "$out/video$n.out"
      frame_digests "$raw/${out##*/}-video$n" >"$out/video$n.framemd5"
      rm -f "$out/video$n.mp4"
    done
  fi
  rm -rf "$out/pop"
}

# The videos, and a stand-in ffmpeg that keeps the raw frames the lab pipes to the real one (in
# $RAW_FRAMES, their size in $RAW_FRAMES.size) before passing them on.
videos=("Assets/Gestures/single-fling.jsonl --scale 0.5 --fps 15"
        "Assets/Gestures/rapid-flings.jsonl --video-layout window --scale 0.5 --fps 10"
        "Assets/Gestures/pager-flings.jsonl --scene pager --compare ios,android --fps 20 --scale 0.5"
        "Assets/Gestures/Photos/pinch-pan-doubletap.jsonl --scene photos --fps 15 --scale 0.5")
real_ffmpeg=$(command -v ffmpeg || true)
shim="$work/shim"; raw="$work/raw"
mkdir -p "$shim" "$raw"
cat >"$shim/ffmpeg" <<SHIM
#!/usr/bin/env bash
args=("\$@")
for ((i = 0; i < \${#args[@]}; i++)); do
  [[ \${args[i]} == -s ]] && size=\${args[i + 1]}
  [[ \${args[i]} == pipe:0 ]] && piped=1
done
if [[ -n \${piped:-} && -n \${RAW_FRAMES:-} && -n \${size:-} ]]; then
  echo "\$size" >"\$RAW_FRAMES.size"
  tee "\$RAW_FRAMES" | "$real_ffmpeg" "\$@"
else
  exec "$real_ffmpeg" "\$@"
fi
SHIM
chmod +x "$shim/ffmpeg"

frame_digests() { # the raw frames' file: ffmpeg's framemd5 of them, or why there are none
  if [[ -s $1.size ]]; then
    "$real_ffmpeg" -v error -f rawvideo -pix_fmt rgb24 -s "$(cat "$1.size")" -i "$1" -f framemd5 - 2>&1
  else
    echo "no frames reached ffmpeg"
  fi
}

run_all "$ref" "$work/ref"
run_all "$new" "$work/new"

if diff -r -q "$work/ref" "$work/new"; then
  echo "byte-identity: $(ls "$work/ref" | wc -l) outputs identical ($ref vs $new)"
  rm -rf "$raw"
  exit 0
fi
# Where each video differs, frame by frame and pixel by pixel.
for ((n = 1; n <= ${#videos[@]}; n++)); do
  a="$raw/ref-video$n"; b="$raw/new-video$n"
  if [[ ! -s $a.size || ! -s $b.size ]]; then
    [[ -s $a.size || -s $b.size ]] && echo "video$n (${videos[n - 1]}): no frames from $([[ -s $a.size ]] && echo NEW || echo REF)"
  elif ! cmp -s "$a" "$b"; then
    echo "video$n (${videos[n - 1]}):"
    if [[ $(cat "$a.size") == "$(cat "$b.size")" ]]; then
      IFS=x read -r w h <"$a.size"
      python3 "$root/Tests/frame-diff.py" "$w" "$h" "$a" "$b" | sed 's/^/  /'
    else
      echo "  frames of $(cat "$a.size") against $(cat "$b.size")"
    fi
  fi
done
rm -rf "$raw"
echo "byte-identity: outputs differ (see diff -r $work/ref $work/new)"
exit 1
