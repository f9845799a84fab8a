#!/usr/bin/env bash
# Runs the unit tests under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
#
#   Tests/Sanitizers/run.sh [address|thread ...]     (default: both)
#
# Each sanitizer builds into its own scratch folder (.build-asan, .build-tsan). LeakSanitizer skips
# only the leaks listed in Tests/Sanitizers/lsan.supp (the toolchain's XCTest runner).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(address thread)
status=0
for kind in "${kinds[@]}"; do
    case "$kind" in
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        *) echo "sanitizers: unknown sanitizer $kind (address or thread)"; exit 64 ;;
    esac
    echo "sanitizers: swift test --sanitize=$kind"
    if LSAN_OPTIONS="suppressions=$root/Tests/Sanitizers/lsan.supp:print_suppressions=0" \
       TSAN_OPTIONS="halt_on_error=1" \
       swift test --sanitize="$kind" --scratch-path "$scratch" 2>&1 | grep -v "Cannot export local symbol"; then
        echo "sanitizers: $kind clean"
    else
        echo "sanitizers: $kind FAILED"
        status=1
    fi
done
exit $status
