#!/usr/bin/env bash
# Times every hostile input shape at 1x and 10x its size in a release build and fails when
# the time grows much faster than the input (see Tools/Sources/LoomHardeningCheck/main.swift).
#
#   scripts/linearity.sh [--quick] [--threshold N]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Tools --scratch-path .build-release --product LoomHardeningCheck
# Serve allocations up to 32 MB from the heap: glibc's default mmaps those over 128 KB, and
# first-touch page faults then make the 10x sizes look superlinear.
export GLIBC_TUNABLES="glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456"
"$(swift build -c release --package-path Tools --scratch-path .build-release --show-bin-path)/LoomHardeningCheck" linearity "$@"
