#!/usr/bin/env python3
"""Writes the macro's current expansions into the expansion tests' `expandedSource` literals.

Runs the LoomMacrosTests with LOOM_RECORD_EXPANSIONS set (assertExpansion then records what
the macro generates), and replaces each recorded test's expected source with it. Read the
diff before committing: the point of the goldens is that a person has read every change.

    scripts/record-expansions.py [--filter SUITE]
"""
import json, os, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
filter_arg = sys.argv[sys.argv.index("--filter") + 1] if "--filter" in sys.argv else "LoomMacrosTests"

with tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False) as out:
    record_path = out.name
env = dict(os.environ, LOOM_RECORD_EXPANSIONS=record_path)
subprocess.run(["swift", "test", "--filter", filter_arg], cwd=root, env=env, stdout=subprocess.DEVNULL)

records = {}
with open(record_path) as handle:
    for line in handle:
        record = json.loads(line)
        records.setdefault(record["file"], {})[record["line"]] = record["text"]
os.unlink(record_path)


def literal_bounds(lines, call_line):
    """The (first, last) line indexes of the text of the `expandedSource:` literal after the call."""
    index = call_line - 1
    while index < len(lines) and "expandedSource:" not in lines[index]:
        index += 1
    opening = lines[index]
    delimiter = '#"""' if '#"""' in opening else '"""'
    closing = '"""#' if delimiter == '#"""' else '"""'
    end = index + 1
    while lines[end].strip() not in (closing, closing + ","):
        end += 1
    return index + 1, end, delimiter == '#"""'


changed = 0
for path, by_line in records.items():
    with open(path) as handle:
        lines = handle.read().split("\n")
    # Bottom-up, so earlier line numbers stay valid.
    for call_line in sorted(by_line, reverse=True):
        first, end, raw = literal_bounds(lines, call_line)
        indent = lines[end][: len(lines[end]) - len(lines[end].lstrip())]
        text = by_line[call_line].strip("\n")
        if not raw:
            text = text.replace("\\", "\\\\")
        current = "\n".join(row[len(indent):] if row.startswith(indent) else row.strip() for row in lines[first:end])
        if not raw:
            if "\\(" in current:
                continue  # an interpolated (parameterized) expectation: edit it by hand
            current = current.replace("\\\\", "\\")
        if current.strip("\n") == by_line[call_line].strip("\n"):
            continue
        lines[first:end] = [""] + [(indent + row) if row else "" for row in text.split("\n")]
        changed += 1
    with open(path, "w") as handle:
        handle.write("\n".join(lines))
print(f"updated {changed} expansion(s) in {len(records)} file(s)")
