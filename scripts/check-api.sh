#!/usr/bin/env bash
# Compares the public API of the Loom module with the committed list in api/Loom.txt, so the
# API changes only on purpose. Underscored symbols (not API: what generated code uses) and
# symbols under @_spi (test hooks) are left out, as swift-symbolgraph-extract leaves them out
# by default.
#
#   scripts/check-api.sh            fails with a diff when the API differs from the list
#   scripts/check-api.sh --update   rewrites the list (read its diff before committing)
#
# Needs a debug build (`swift build`). The list is made on Linux; a few Foundation types
# differ by platform, so compare on the platform that wrote it.
set -euo pipefail
cd "$(dirname "$0")/.."

modules="$(swift build --show-bin-path)/Modules"
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift-symbolgraph-extract -module-name Loom -I "$modules" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$work"

python3 - "$work" > "$work/Loom.txt" <<'PY'
import glob, json, sys

lines = set()
for path in glob.glob(sys.argv[1] + "/*.symbols.json"):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        declaration = " ".join(declaration.split())
        lines.add(".".join(symbol["pathComponents"]) + " :: " + declaration)
print("\n".join(sorted(lines)))
PY

if [ "${1:-}" = "--update" ]; then
    cp "$work/Loom.txt" api/Loom.txt
    echo "check-api: api/Loom.txt rewritten ($(wc -l < api/Loom.txt) declarations)"
elif ! diff -u api/Loom.txt "$work/Loom.txt"; then
    echo "check-api: the public API differs from api/Loom.txt (above: - the list, + the build)." >&2
    echo "check-api: if the change is meant, run scripts/check-api.sh --update and commit the list." >&2
    exit 1
else
    echo "check-api: the public API matches api/Loom.txt ($(wc -l < api/Loom.txt) declarations)"
fi
