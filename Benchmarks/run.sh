#!/usr/bin/env bash
# Builds the benchmarks in release mode and runs them, printing the Markdown report on
# standard output (progress and the plain-text table go to standard error).
#
#   Benchmarks/run.sh                 # full run, ~1.5 s per case
#   Benchmarks/run.sh --quick         # rough numbers, ~0.3 s per case
#   Benchmarks/run.sh --filter canada # any LoomBenchmarks option passes through
#   Benchmarks/run.sh --cpu-time      # thread CPU time: steadier on a busy shared machine
#
# Corpora come from $LOOM_CORPORA or shared/corpora beside the repository.
set -euo pipefail

package="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repository="$(dirname "$package")"
cd "$repository"

# The build's own output would mix with the report: keep it on standard error.
swift build -c release --package-path Benchmarks --product LoomBenchmarks 1>&2
exec swift run -c release --skip-build --package-path Benchmarks LoomBenchmarks --markdown "$@"
