#!/usr/bin/env bash
# Runs the test suite, then the Tools/ package's tests (fuzz regression replays, the fuzz
# models, the archive crash tests and their helper), under AddressSanitizer and ThreadSanitizer,
# each in its own scratch directory (the first run of each compiles everything, swift-syntax
# included).
#
#   scripts/sanitizers.sh [address|thread]... [-- extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --) shift; extra=("$@"); break ;;
        *) sanitizers+=("$1"); shift ;;
    esac
done
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

# LeakSanitizer (part of AddressSanitizer) reports what XCTest and Foundation keep until
# exit; scripts/lsan.supp lists those allocations, by function, and nothing of Loom's.
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=1${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

status=0
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        *) echo "unknown sanitizer: $sanitizer (address or thread)"; exit 2 ;;
    esac
    for package in . Tools; do
        where=(--package-path "$package" --scratch-path "$package/$scratch")
        echo "== swift test --sanitize=$sanitizer ${where[*]}"
        start=$(date +%s)
        if swift build --build-tests --sanitize="$sanitizer" "${where[@]}"; then
            built=$(date +%s)
            if swift test --skip-build --sanitize="$sanitizer" "${where[@]}" ${extra[@]+"${extra[@]}"}; then
                result=passed
            else
                result=FAILED
                status=1
            fi
            end=$(date +%s)
            echo "== $sanitizer, $package: $result (build $((built - start)) s, tests $((end - built)) s)"
        else
            echo "== $sanitizer, $package: build FAILED"
            status=1
        fi
    done
done
exit "$status"
