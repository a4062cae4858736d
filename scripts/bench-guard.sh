#!/usr/bin/env bash
# Benchmark regression guard, independent of `swift test`: builds the benchmark package in
# release, runs a short benchmark (--quick --cpu-time, no peak-memory children) on the
# standard corpora (with the timeline subset and the feature rows: key paths, fallback keys,
# hooks, classes, a flattened struct, lossy properties, a tagged enum, labeled case values)
# and the date payload, and fails when
#   - a Loom/Foundation ratio falls below its floor by more than the measured noise margin,
#   - a feature row's ratio falls below `relative` times its plain row's ratio, timed in the
#     feature row's own rounds (a regression tripwire set well below the 0.9 bar, see the
#     floors file), or
#   - a case's check fails.
# A ratio below its limit is measured once more, alone, and fails only if it is below again:
# a quick run times Foundation's slower cases only three times, and one slow iteration on a
# shared machine can halve a median (canada/decode-models once read 6.6x against 11-16x in
# full runs of the same code). A real regression is below in both runs.
#
#   scripts/bench-guard.sh               # build, run once, compare with Benchmarks/guard-floors.txt
#   scripts/bench-guard.sh --runs N      # print the ratios of N runs (to measure the noise margin)
#
# Floors, the margin and the relative fraction live in Benchmarks/guard-floors.txt. A corpus
# missing on this machine (../shared/corpora) is skipped with a message, as in the tests;
# simdjson is not needed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=0
if [[ "${1:-}" == "--runs" ]]; then runs="${2:?--runs needs N}"; fi

floors="${LOOM_GUARD_FLOORS:-Benchmarks/guard-floors.txt}"  # override: to test the guard itself
filters=(--filter twitter --filter citm --filter canada --filter generated-dates/decode)

# The whole package: LoomStreamingBenchmark (not run here) is compiled too, so it keeps building.
swift build -c release --package-path Benchmarks 1>&2
binary="$(swift build -c release --package-path Benchmarks --show-bin-path)/LoomBenchmarks"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
run_once() {
    # Exit status 1 means a case failed its check (its FAILED line reports it); anything else
    # is a crash or a usage error. Arguments: the filters. Prints `corpus/case ratio` lines,
    # then `relative FEATURE PLAIN r` for each feature row that ran with its plain row.
    local status=0
    "$binary" --quick --cpu-time --no-memory --ratios "$@" 2>"$log" || status=$?
    if (( status > 1 )); then echo "CRASHED $status"; fi
}

if (( runs > 0 )); then
    for (( i = 1; i <= runs; i++ )); do run_once "${filters[@]}" | sed "s/^/run $i: /"; done
    exit 0
fi

margin="$(awk '$1 == "margin" { print $2 }' "$floors")"
below="$(mktemp)"
trap 'rm -f "$log" "$below"' EXIT

# Prints a verdict per ratio read on standard input; exits 1 if any fails. The paths whose
# ratio is below its limit go to $below (for a relative ratio, the feature row: it times its
# plain row's sides itself). With retry=1 (a second run of some cases), floors not measured
# are not reported as skipped.
evaluate() {
    awk -v margin="$margin" -v floors="$floors" -v below="$below" -v retry="$1" '
        FNR == NR {
            if ($0 ~ /^#/ || NF < 2 || $1 == "margin") next
            # `relative F` for every feature row, `relative PATH F` for one row.
            if ($1 == "relative") { if (NF >= 3) rowRelative[$2] = $3; else relative = $2; next }
            floor[$1] = $2
            next
        }
        $1 == "relative" {
            feature = $2; plain = $3; value = $4
            limit = (feature in rowRelative) ? rowRelative[feature] : relative
            if (limit == "") next
            if (value + 0 < limit + 0) {
                printf "%s  %-40s %s of %s'"'"'s ratio < %s (relative)\n", retry ? "FAIL" : "below", feature, value, plain, limit
                print feature > below
                failed = 1
            } else {
                printf "ok    %-40s %s of %s'"'"'s ratio >= %s (relative)%s\n", feature, value, plain, limit, retry ? " on the second run" : ""
            }
            next
        }
        {
            path = $1; ratio = $2
            if (path == "CRASHED") { printf "FAIL  the benchmark exited with status %s\n", ratio; failed = 1; next }
            if (ratio == "FAILED") { printf "FAIL  %-40s check failed (see the benchmark output)\n", path; failed = 1; next }
            if (!(path in floor)) { printf "new   %-40s %sx (no floor yet)\n", path, ratio; next }
            limit = floor[path] * (1 - margin)
            seen[path] = 1
            if (ratio + 0 < limit) {
                printf "%s  %-40s %sx < %.2fx (floor %sx - %d%% noise margin)\n", retry ? "FAIL" : "below", path, ratio, limit, floor[path], margin * 100
                print path > below
                failed = 1
            } else {
                printf "ok    %-40s %sx >= %.2fx (floor %sx)%s\n", path, ratio, limit, floor[path], retry ? " on the second run" : ""
            }
        }
        END {
            if (!retry) for (path in floor) if (!(path in seen)) printf "skip  %-40s not measured here (corpus missing?)\n", path
            exit failed
        }
    ' "$floors" -
}

started=$SECONDS
ratios="$(run_once "${filters[@]}")"
if [[ -z "$ratios" ]]; then
    echo "bench-guard: the benchmark produced no ratios (corpora missing and generation failed?)" >&2
    exit 1
fi
verdicts="$(evaluate 0 <<<"$ratios")" && status=0 || status=$?
echo "$verdicts"
# Only ratios below their limit get a second run; a crash or a failed check fails at once.
if (( status != 0 )) && ! grep -q '^FAIL' <<<"$verdicts"; then
    retry_filters=()
    while read -r path; do retry_filters+=(--filter "$path"); done < <(sort -u "$below")
    echo "bench-guard: measuring $(sort -u "$below" | wc -l) case(s) below their limit once more" >&2
    : >"$below"
    retried="$(run_once "${retry_filters[@]}")"
    evaluate 1 <<<"$retried" && status=0 || status=$?
fi
echo "bench-guard: $(( SECONDS - started )) s for the benchmark runs" >&2
if (( status != 0 )); then
    echo "bench-guard: the benchmark's log (the plain table and any check failure):" >&2
    cat "$log" >&2
fi
exit $status
