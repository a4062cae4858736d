#!/usr/bin/env bash
# Builds the fuzz targets of the Tools/ package (libFuzzer + AddressSanitizer) and runs
# each one.
#
#   scripts/fuzz.sh [seconds-per-target]        (default 60)
#
# Environment: FUZZ_TARGETS (default "FuzzParse FuzzModels FuzzGenerate"), FUZZ_MAX_LEN
# (default 8192), FUZZ_JOBS (parallel workers per target, default 1), FUZZ_SCRATCH (build
# directory, default .build-fuzz at the repository's root).
#
# Seeds: the files of ../shared/conformance/JSONTestSuite/test_parsing and ../shared/corpora
# (skipped with a message when absent), copied into a temporary directory that is deleted
# afterwards, plus the committed regression inputs. New inputs libFuzzer finds accumulate in
# .build-fuzz/corpus/<target> (ignored by git) so later runs continue from them. Crashes,
# leaks, timeouts and out-of-memory inputs are written to .build-fuzz/artifacts/<target>/ and
# make the script fail (FuzzGenerate only takes the inputs libFuzzer's mutations keep valid
# JSON or not; every input is checked either way). Minimize one with
#   .build-fuzz/release/FuzzParse -minimize_crash=1 -runs=10000 <crash-file>
# then commit it under Tools/Tests/LoomToolsTests/Hardening/Regressions/.
set -euo pipefail

seconds="${1:-60}"
cd "$(dirname "$0")/.."
root="$(pwd)"
scratch="${FUZZ_SCRATCH:-.build-fuzz}"
read -r -a targets <<< "${FUZZ_TARGETS:-FuzzParse FuzzModels FuzzGenerate}"
build_flags=(--package-path Tools -c release --scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING)

# The usual libFuzzer build of a Swift package, with LOOM_FUZZING set: the root Package.swift, which
# Tools/ depends on, then leaves the macro plugin out of the graph (linked with libFuzzer it
# would have two `main`s).
export LOOM_FUZZING=1
for target in "${targets[@]}"; do
    echo "== building $target"
    swift build "${build_flags[@]}" --product "$target"
done
bin="$(swift build "${build_flags[@]}" --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
seeds="$work/seeds"
mkdir -p "$seeds"
suite="../shared/conformance/JSONTestSuite/test_parsing"
corpora="../shared/corpora"
if [ -d "$suite" ]; then cp "$suite"/*.json "$seeds"/; else echo "fuzz.sh: $suite not found, no conformance seeds"; fi
if [ -d "$corpora" ]; then
    find "$corpora" -maxdepth 1 -type f \( -name '*.json' -o -name '*.ndjson' \) -exec cp {} "$seeds"/ \;
else
    echo "fuzz.sh: $corpora not found, no corpus seeds"
fi
cp Tools/Tests/LoomToolsTests/Hardening/Regressions/* "$seeds"/ 2>/dev/null || true
echo "fuzz.sh: $(find "$seeds" -type f | wc -l) seed files"

status=0
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    artifacts="$root/$scratch/artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    log="$scratch/fuzz-$target.log"
    echo "== fuzzing $target for ${seconds}s (log: $log)"
    set +e
    SWIFT_BACKTRACE=enable=no "$bin/$target" "$corpus" "$seeds" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="${FUZZ_MAX_LEN:-8192}" \
        -dict=scripts/fuzz/json.dict -artifact_prefix="$artifacts" -print_final_stats=1 \
        ${FUZZ_JOBS:+-jobs=$FUZZ_JOBS -workers=$FUZZ_JOBS} > "$log" 2>&1
    code=$?
    set -e
    grep -E "^#[0-9]+.*(DONE|INITED)|stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY|Fuzz$target:" "$log" | tail -n 8 || true
    if [ "$code" -ne 0 ]; then
        echo "fuzz.sh: $target FAILED (exit $code); artifacts in $artifacts"
        status=1
    else
        echo "fuzz.sh: $target passed"
    fi
done
exit "$status"
