#!/usr/bin/env bash
# Fails when the tracked tree cannot be checked out everywhere: two paths (files or the
# folders above them) that differ only by letter case collapse into one on the
# case-insensitive file systems macOS and Windows use by default, and Windows refuses
# some characters and names outright.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
paths=$(git ls-files)

# Every tracked path and every folder above one, compared without case.
clashes=$(printf '%s\n' "$paths" | awk -F/ '{ p = ""; for (i = 1; i <= NF; i++) { p = (i == 1 ? $i : p "/" $i); print p } }' \
    | sort -u | awk '{ k = tolower($0); if (k in seen) print seen[k] " <-> " $0; else seen[k] = $0 }')
if [ -n "$clashes" ]; then
    echo "error: tracked paths that differ only by letter case:" >&2
    printf '%s\n' "$clashes" | sed 's/^/  /' >&2
    status=1
fi

# Characters Windows refuses in names (macOS refuses ':' in the Finder), control
# characters, names ending in a dot or a space, and Windows' reserved device names.
bad=$( (printf '%s\n' "$paths" | LC_ALL=C grep -E '[<>:"\\|?*]|[[:cntrl:]]|[. ]$|[. ]/' || true
    printf '%s\n' "$paths" | LC_ALL=C grep -iE '(^|/)(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.[^/]*)?(/|$)' || true) | sort -u)
if [ -n "$bad" ]; then
    echo "error: tracked paths that Windows or macOS cannot check out:" >&2
    printf '%s\n' "$bad" | sed 's/^/  /' >&2
    status=1
fi

exit "$status"
