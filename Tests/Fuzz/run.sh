#!/usr/bin/env bash
# Fuzzes the gesture-file parser and the scroll model's pointer input with libFuzzer for a bounded time
# (two targets, FUZZ_TARGET=parser|model, half the time each; see Fuzz/Sources/GestureFuzzer).
#
#   Tests/Fuzz/run.sh [SECONDS]        (default 60; or FUZZ_SECONDS)
#   Tests/Fuzz/run.sh --build-only     (only the build: `make test` runs it in the background beforehand)
#
# Builds Fuzz/ (a separate package; ScrollKit is compiled with -sanitize=$FUZZ_SANITIZERS, default
# `fuzzer`: coverage only, so the model target runs ~2400 inputs per CPU second; with
# FUZZ_SANITIZERS=fuzzer,address AddressSanitizer is added, at a quarter of the speed — `make sanitize`
# runs the model's property tests under ASan), runs each target over its checked-in corpus
# (Tests/Fuzz/corpus/) and fails if libFuzzer reports a crash, a sanitizer error or a broken invariant.
# Findings are written to out/fuzz/findings/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build_only=0
if [ "${1:-}" = --build-only ]; then build_only=1; shift; fi
seconds="${1:-${FUZZ_SECONDS:-60}}"
out="$root/out/fuzz"
sanitizers="${FUZZ_SANITIZERS:-fuzzer}"
scratch="$root/Fuzz/.build-${sanitizers//,/-}"
mkdir -p "$out/findings"

build() {
    swift build --package-path "$root/Fuzz" --scratch-path "$scratch" -c release \
        -Xswiftc -sanitize="$sanitizers" --product GestureFuzzer > "$out/build.log" 2>&1
}
echo "fuzz: building GestureFuzzer (-sanitize=$sanitizers)"
if ! build; then
    # A build plan cached before files of ScrollKit were added or removed can name missing inputs:
    # start from a clean scratch folder once.
    echo "fuzz: build failed; retrying from a clean build folder"
    rm -rf "$scratch"
    build || { grep -v "Cannot export local symbol" "$out/build.log" | tail -20; echo "fuzz: build FAILED"; exit 1; }
fi
[ "$build_only" = 0 ] || { echo "fuzz: built"; exit 0; }
fuzzer="$(swift build --package-path "$root/Fuzz" --scratch-path "$scratch" -c release --show-bin-path)/GestureFuzzer"

# Two targets, each for half the time, each with its own corpus: the checked-in one
# (Tests/Fuzz/corpus/<target>, read only) plus a working folder under out/fuzz that takes new inputs.
# The parser corpus is also seeded with each bundled gesture file.
status=0
total=0
rate_report=""
for target in parser model; do
    corpus="$out/corpus-$target"
    mkdir -p "$corpus"
    if [ "$target" = parser ] && compgen -G "$root/Assets/Gestures/*" > /dev/null; then
        for f in "$root"/Assets/Gestures/*; do
            [ -f "$f" ] && head -c 4000 "$f" > "$corpus/asset-$(basename "$f")"
        done
    fi
    log="$out/fuzz-$target.log"
    s=$(( seconds / 2 > 0 ? seconds / 2 : 1 ))
    code=0
    # The parser gets the JSON dictionary and lines up to 4 KiB; the model uses at most 48 events
    # (1 + 48 × 25 bytes raw).
    if [ "$target" = parser ]; then options=(-dict="$root/Tests/Fuzz/gesture.dict" -max_len=4096); else options=(-max_len=1201); fi
    FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$fuzzer" "$corpus" "$root/Tests/Fuzz/corpus/$target" \
        "${options[@]}" -max_total_time="$s" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/findings/$target-" > "$log" 2>&1 || code=$?
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
    total=$(( total + runs ))
    rate_report="$rate_report $target: $runs in ${s} s ($(( runs / s ))/s);"
    if [ "$code" -ne 0 ]; then
        grep -E "ERROR|Fatal error|Precondition|SUMMARY|Test unit written" "$log" | head -20 || true
        echo "fuzz: $target FAILED after ${runs} executions (exit $code); log: $log, findings: $out/findings/"
        status=1
    fi
done
[ "$status" -eq 0 ] || exit 1
echo "fuzz: no crash, no broken invariant;$rate_report"
