#!/usr/bin/env bash
# Rewrites the files listed in Tests/LoomCLITests/Generate/Manifest.txt with what
# `loom generate` prints now: the golden files of LoomCLITests and the generated models
# compiled in LoomGeneratedTests. Lines whose inputs are absent (../shared/corpora) are skipped.
#
# Review the diff before committing: it is the change in generated code that users will see.
set -euo pipefail

cd "$(dirname "$0")/.."

swift build --product loom
loom="$(swift build --show-bin-path)/loom"

while read -r output arguments; do
    [[ -z "$output" || "$output" == \#* ]] && continue
    # shellcheck disable=SC2086  # the arguments are words, split on purpose
    set -- $arguments
    missing=""
    for argument in "$@"; do
        if [[ "$argument" == *.json && ! -e "$argument" ]]; then missing="$argument"; fi
    done
    if [[ -n "$missing" ]]; then
        echo "skipped $output: $missing is absent"
        continue
    fi
    "$loom" generate "$@" --output "$output"
    echo "wrote $output"
done < Tests/LoomCLITests/Generate/Manifest.txt
