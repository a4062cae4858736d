#!/usr/bin/env python3
"""Checks that the folders of Sources/Loom depend on each other one way only.

Each folder may name the types of the folders listed before it, never of one listed after it,
so the dependencies have no cycles:

    Support      helpers that know nothing of JSON (key spelling, atomic files, error wrappers)
    Core         the JSON core: parser, scanner, values, writer, errors, paths
    Strategies   key, date, data and UUID spellings shared by decoding and encoding
    Decoding     JSONDecodable, the decoder, its context and the two readers
    Encoding     JSONEncodable, the encoder and its context
    Codable      the bridge to Decodable and Encodable types
    Model        JSONModel, its entry points and the built-in conformances
    Transformers per-property transformers
    Features     polymorphism, hooks, merge, classes, flattening, unknown and collected keys
    Schema       JSON Schema of models, transformers and polymorphic enums
    Archive      versioned archives
    Streaming    JSON Lines and array streams
    Macros       the macro declarations, which name the types of every part

One exception: JSONDecodable's and JSONTransformer's `describeSchema(in:)` requirement names
JSONSchemaDefinitions, which in turn describes any JSONDecodable type or transformer: a
protocol and the collector its requirement fills cannot be in two folders ordered one way.

A dependency here is a reference to a type by name, outside comments and string literals;
calls of extension members are not seen (one module compiles them all).

    scripts/check-layers.py        prints each backward reference and exits 1 if there is one
"""
import glob, os, re, sys

ORDER = ["Support", "Core", "Strategies", "Decoding", "Encoding", "Codable", "Model",
         "Transformers", "Features", "Schema", "Archive", "Streaming", "Macros"]
ALLOWED = {("Decoding/JSONDecodable.swift", "JSONSchemaDefinitions"),
           ("Transformers/JSONTransformer.swift", "JSONSchemaDefinitions")}

root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Sources", "Loom")
declaration = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)", re.M)
strip = re.compile(r'//[^\n]*|"(?:\\.|[^"\\\n])*"')

sources = {}
owner = {}
for path in sorted(glob.glob(os.path.join(root, "**", "*.swift"), recursive=True)):
    relative = os.path.relpath(path, root)
    folder = relative.split(os.sep)[0]
    if folder not in ORDER:
        print(f"check-layers: {relative} is in no known folder; add its folder to ORDER", file=sys.stderr)
        sys.exit(1)
    text = open(path, encoding="utf-8").read()
    sources[relative] = strip.sub("", text)
    for match in declaration.finditer(text):
        owner.setdefault(match.group(1), folder)

names = re.compile(r"(?<![\w.])(" + "|".join(sorted(owner, key=len, reverse=True)) + r")\b")
backward = []
for relative, code in sources.items():
    folder = relative.split(os.sep)[0]
    for name in sorted(set(names.findall(code))):
        target = owner[name]
        if ORDER.index(target) > ORDER.index(folder) and (relative, name) not in ALLOWED:
            backward.append(f"{relative} names {name} ({target}/), a later folder than {folder}/")

for line in backward:
    print("check-layers:", line)
if backward:
    print(f"check-layers: {len(backward)} backward references; folders may name only earlier folders' types",
          file=sys.stderr)
    sys.exit(1)
print(f"check-layers: {len(sources)} files in {len(ORDER)} folders depend one way only")
