#!/bin/sh
# Release-mode measurement: decoding a generated date-heavy payload with Loom and with
# Foundation's JSONDecoder (.iso8601). Not a test; prints times and the ratio.
#
#   scripts/measure-dates.sh [EVENTS] [ITERATIONS]
#
# Builds the Loom library with -O as its own module (as SwiftPM does) and the measurement
# against it, expanding @JSONModel with the macro plugin of a previous `swift build`.
set -eu
cd "$(dirname "$0")/.."
[ -x .build/debug/LoomMacros-tool ] || swift build --product LoomMacros >/dev/null 2>&1 || swift build
out=.build/measure-dates
mkdir -p "$out"
swiftc -O -wmo -parse-as-library -module-name Loom -emit-module -emit-module-path "$out/Loom.swiftmodule" \
    -emit-library -static -o "$out/libLoom.a" \
    -load-plugin-executable ".build/debug/LoomMacros-tool#LoomMacros" \
    $(find Sources/Loom -name '*.swift' | sort)
swiftc -O -I "$out" -L "$out" -lLoom -load-plugin-executable ".build/debug/LoomMacros-tool#LoomMacros" \
    scripts/measure-dates/main.swift -o "$out/measure-dates"
"$out/measure-dates" "$@"
