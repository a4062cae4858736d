#!/usr/bin/env bash
# Times every hostile input shape at 1x and 10x its size in a release build and fails when
# the time grows much faster than the input (see Sources/LoomHardeningCheck/main.swift).
#
#   scripts/linearity.sh [--quick] [--threshold N]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --scratch-path .build-release --product LoomHardeningCheck
"$(swift build -c release --scratch-path .build-release --show-bin-path)/LoomHardeningCheck" linearity "$@"
