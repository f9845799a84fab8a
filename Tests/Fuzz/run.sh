#!/usr/bin/env bash
# Fuzzes the gesture-file parser and the scroll model's pointer input with libFuzzer for a bounded time.
#
#   Tests/Fuzz/run.sh [SECONDS]        (default 60; or FUZZ_SECONDS)
#
# Builds Fuzz/ (a separate package; ScrollKit is compiled with -sanitize=fuzzer,address), seeds the
# corpus from Tests/Fuzz/seeds and the bundled Assets/Gestures files, runs, and fails if libFuzzer
# reports a crash, a sanitizer error or a broken invariant. Findings are written to out/fuzz/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
seconds="${1:-${FUZZ_SECONDS:-60}}"
out="$root/out/fuzz"
scratch="$root/Fuzz/.build"
corpus="$out/corpus"
mkdir -p "$corpus" "$out/findings"

build() {
    swift build --package-path "$root/Fuzz" --scratch-path "$scratch" -c release \
        -Xswiftc -sanitize=fuzzer,address --product GestureFuzzer > "$out/build.log" 2>&1
}
echo "fuzz: building GestureFuzzer (libFuzzer + AddressSanitizer)"
if ! build; then
    # A build plan cached before files of ScrollKit were added or removed can name missing inputs:
    # start from a clean scratch folder once.
    echo "fuzz: build failed; retrying from a clean build folder"
    rm -rf "$scratch"
    build || { grep -v "Cannot export local symbol" "$out/build.log" | tail -20; echo "fuzz: build FAILED"; exit 1; }
fi
fuzzer="$(swift build --package-path "$root/Fuzz" --scratch-path "$scratch" -c release --show-bin-path)/GestureFuzzer"

# Seeds: the committed ones, and each bundled gesture file as parser input (first byte 0 selects the parser).
cp "$root"/Tests/Fuzz/seeds/* "$corpus/"
if compgen -G "$root/Assets/Gestures/*" > /dev/null; then
    for f in "$root"/Assets/Gestures/*; do
        [ -f "$f" ] || continue
        { printf '\x00'; head -c 4000 "$f"; } > "$corpus/asset-$(basename "$f")"
        { printf '\x40'; head -c 4000 "$f"; } > "$corpus/asset-grid-$(basename "$f")"
    done
fi

log="$out/fuzz.log"
status=0
SWIFT_BACKTRACE=enable=no "$fuzzer" "$corpus" -dict="$root/Tests/Fuzz/gesture.dict" -max_total_time="$seconds" -max_len=4096 \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/findings/" > "$log" 2>&1 || status=$?

runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
if [ "$status" -ne 0 ]; then
    grep -E "ERROR|Fatal error|Precondition|SUMMARY|Test unit written" "$log" | head -20 || true
    echo "fuzz: FAILED after ${runs} executions (exit $status); log: $log, findings: $out/findings/"
    exit 1
fi
echo "fuzz: ${runs} executions in ${seconds} s, no crash; corpus $(ls "$corpus" | wc -l) inputs"
