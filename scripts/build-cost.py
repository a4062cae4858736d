#!/usr/bin/env python3
"""What a model costs at build time: `@JSONModel` against the same types as `Codable`.

Generates a package beside the project (in .build-cost/, ignored by git) with two library
targets of N model triples each: `LoomModels`, the models with `@JSONModel`, and
`CodableModels`, the same types as `Codable` structs with `CodingKeys`, the way a person
would write them for `JSONDecoder`. Each triple has a 10-property model (a nested model, an
array of models, optionals, a URL, renamed snake_case keys, a raw-value enum, a date, a key
path into a nested object and, in the Loom version, a transformer), a 3-property owner and
a 3-property item. Both modules are built once, then each is rebuilt in debug after touching
its one source file, three times, alternating; the script reports the median rebuild time of
each, their ratio, the expanded source per model, and the slowest function bodies of each
module (`-debug-time-function-bodies`).

    scripts/build-cost.py                 # N = 50, 200 and 600
    scripts/build-cost.py 200 --runs 5    # one N, five rebuilds of each module
    scripts/build-cost.py 200 --loom ../other-checkout   # the macro of another checkout
    scripts/build-cost.py 50 --expanded   # also the expansions written out, without the macro
    scripts/build-cost.py 10 --instructions   # instructions executed instead of seconds

With `--instructions`, each module's compile job (the compiler's object-file job for the one
source file, and the macro plugin it runs) is counted in instructions under valgrind's
callgrind instead of timed: the count does not move with the machine's load, where rebuilds
of the same module on this 2-core machine have varied by two thirds. Each job runs twice and
the second count is reported (the first after a change pays for caching). Needs valgrind;
about a minute per job at N = 10 and five at N = 50.

With `--expanded`, a third module (`ExpandedModels`) holds the same models with the code the
macro generated for them written out in the source (taken from the compiler's dump of the
expansions): its rebuild is what the generated code costs to compile, and the difference to
`LoomModels` is what running the macro costs.

Not part of `swift test`: it builds swift-syntax for the macro once (a few minutes), then
takes about 2 x runs x the rebuild time per N.
"""
import os, re, shlex, shutil, statistics, subprocess, sys, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

args = [a for a in sys.argv[1:]]
runs = 3
if "--runs" in args:
    index = args.index("--runs")
    runs = int(args[index + 1])
    del args[index:index + 2]
if "--loom" in args:
    # Another checkout of Loom (an earlier commit, to compare what its macro costs).
    index = args.index("--loom")
    root = os.path.abspath(args[index + 1])
    del args[index:index + 2]
expanded_mode = "--expanded" in args
if expanded_mode:
    args.remove("--expanded")
instructions_mode = "--instructions" in args
if instructions_mode:
    args.remove("--instructions")
    if not shutil.which("valgrind"):
        sys.exit("--instructions needs valgrind")
work = os.path.join(root, ".build-cost")
sizes = [int(a) for a in args] or [50, 200, 600]


def loom_models(n):
    out = ["import Foundation", "import Loom", ""]
    for i in range(n):
        out += [
            "@JSONModel",
            f"struct Owner{i}: Equatable {{",
            "    var login: String",
            "    var id: Int",
            '    @JSONKey("avatar_url") var avatarURL: URL?',
            "}",
            "",
            "@JSONModel",
            f"struct Item{i}: Equatable {{",
            "    var name: String",
            "    var quantity: Int",
            "    var price: Double?",
            "}",
            "",
            "@JSONModel(keyStrategy: .snakeCase)",
            f"struct Order{i}: Equatable {{",
            f"    enum Status: String {{ case open, shipped, cancelled }}",
            "",
            "    var id: Int",
            "    var orderNumber: String",
            f"    var owner: Owner{i}",
            f"    var items: [Item{i}]",
            "    var status: Status",
            "    var note: String?",
            "    var receiptURL: URL",
            "    @JSONTransform(.iso8601) var createdAt: Date",
            '    @JSONKey("shipping.city") var city: String?',
            "    var tags: [String] = []",
            "}",
            "",
        ]
    return "\n".join(out)


def codable_models(n):
    out = ["import Foundation", ""]
    for i in range(n):
        out += [
            f"struct Owner{i}: Codable, Equatable {{",
            "    var login: String",
            "    var id: Int",
            "    var avatarURL: URL?",
            "",
            "    enum CodingKeys: String, CodingKey {",
            "        case login, id",
            '        case avatarURL = "avatar_url"',
            "    }",
            "}",
            "",
            f"struct Item{i}: Codable, Equatable {{",
            "    var name: String",
            "    var quantity: Int",
            "    var price: Double?",
            "}",
            "",
            f"struct Order{i}: Codable, Equatable {{",
            "    enum Status: String, Codable { case open, shipped, cancelled }",
            "    struct Shipping: Codable, Equatable { var city: String? }",
            "",
            "    var id: Int",
            "    var orderNumber: String",
            f"    var owner: Owner{i}",
            f"    var items: [Item{i}]",
            "    var status: Status",
            "    var note: String?",
            "    var receiptURL: URL",
            "    var createdAt: Date",
            "    var shipping: Shipping?",
            "    var tags: [String]",
            "",
            "    enum CodingKeys: String, CodingKey {",
            "        case id, status, note, tags, owner, items, shipping",
            '        case orderNumber = "order_number"',
            '        case receiptURL = "receipt_url"',
            '        case createdAt = "created_at"',
            "    }",
            "}",
            "",
        ]
    return "\n".join(out)


def expansion_buffers(dump):
    """The text of each macro expansion in a `-dump-macro-expansions` log, by buffer name.

    The emit-module job dumps every expansion a second time: the first dump of each counts.
    """
    buffers, name, lines = {}, None, None
    for line in dump.splitlines():
        if line.startswith("@__swiftmacro"):
            name, lines = line.strip(), []
        elif name is not None and re.fullmatch(r"-{10,}", line):
            if lines:  # the closing rule of a buffer
                buffers.setdefault(name, "\n".join(lines[1:]))
                name, lines = None, None
            else:
                lines.append(line)
        elif name is not None:
            lines.append(line)
    return buffers


def expanded_models(n, buffers):
    """`loom_models(n)` with the generated members and extensions written into the source."""
    def expansion(type_name, role):
        key = f"LoomModels{len(type_name)}{type_name}9JSONModelfM{role}_"
        return next((text for name, text in buffers.items() if key in name), "")
    out, current = [], None
    for line in loom_models(n).splitlines():
        if line.startswith("@JSONModel"):
            continue
        match = re.match(r"struct (\w+)", line)
        if match:
            current = match.group(1)
        if line == "}" and current:
            out += [f"    {member}" if member else "" for member in expansion(current, "m").splitlines()]
            out.append(line)
            out += expansion(current, "e").splitlines()
            current = None
            continue
        out.append(re.sub(r"@JSON\w+(\([^)]*\))?\s+", "", line))
    return "\n".join(out)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def build(target):
    start = time.monotonic()
    result = subprocess.run(
        ["swift", "build", "--package-path", work, "--target", target],
        capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"building {target} failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return elapsed, result.stdout + result.stderr


def slowest_bodies(output, target, count=5):
    rows = []
    for line in output.splitlines():
        match = re.match(r"^\s*([0-9.]+)ms\s+(\S+)\s+(.*)$", line)
        if match and f" {target}." in " " + match.group(3):
            rows.append((float(match.group(1)), match.group(3)[:110]))
    rows.sort(reverse=True)
    return rows[:count], sum(r[0] for r in rows)


def compile_job(target, path):
    """The compiler's object-file job for `target`'s one source file, as SwiftPM runs it.

    Without the index store (its first run indexes the system modules), and with the macro
    plugin replaced by a copy without debug information, which valgrind cannot read.
    """
    os.utime(path)
    result = subprocess.run(
        ["swift", "build", "--package-path", work, "--target", target, "-v"], capture_output=True, text=True)
    line = next((l for l in result.stdout.splitlines()
                 if "swift-frontend -frontend -c " in l and f"-module-name {target} " in l), None)
    if line is None:
        sys.exit(f"no compile job for {target} in the verbose build")
    words, job, skip = shlex.split(line), [], False
    for word in words:
        if skip:
            skip = False
        elif word == "-index-store-path":
            skip = True
        elif word != "-index-system-modules":
            job.append(word)
    for index, word in enumerate(job):
        if "#LoomMacros" in word:
            plugin, module = word.split("#", 1)
            stripped = os.path.join(work, "LoomMacros-stripped")
            shutil.copyfile(plugin, stripped)
            os.chmod(stripped, 0o755)
            subprocess.run(["strip", "--strip-debug", stripped], check=True)
            job[index] = f"{stripped}#{module}"
    return job


def instructions(job):
    """Instructions the job and the processes it starts execute: (compiler, plugin)."""
    logs = os.path.join(work, "callgrind")
    counts = (0, 0)
    for _ in range(2):
        shutil.rmtree(logs, ignore_errors=True)
        os.makedirs(logs)
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--trace-children=yes", f"--log-file={logs}/%p.log",
             f"--callgrind-out-file={logs}/%p.out"] + job, capture_output=True, text=True, check=True)
        compiler, plugin = 0, 0
        for name in os.listdir(logs):
            if not name.endswith(".log"):
                continue
            text = open(os.path.join(logs, name)).read()
            refs = re.search(r"I\s+refs:\s+([0-9,]+)", text)
            count = int(refs.group(1).replace(",", "")) if refs else 0
            if "LoomMacros" in (re.search(r"Command: (\S+)", text) or [None, ""])[1]:
                plugin += count
            else:
                compiler += count
        counts = (compiler, plugin)
    shutil.rmtree(logs, ignore_errors=True)
    return counts


def manifest(loom_flags=(), codable_flags=()):
    """The package, with extra frontend flags for one target's diagnostic build.

    Flags given to `swift build` reach every module it compiles, so a change of them rebuilds
    swift-syntax and Loom; flags in a target's settings rebuild only that target.
    """
    def settings(flags):
        if not flags:
            return ""
        listed = ", ".join(f'"{f}"' for flag in flags for f in ("-Xfrontend", flag))
        return f", swiftSettings: [.unsafeFlags([{listed}])]"
    write(os.path.join(work, "Package.swift"), f'''// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BuildCost",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Loom", path: "{root}")],
    targets: [
        .target(name: "LoomModels", dependencies: [.product(name: "Loom", package: "Loom")]{settings(loom_flags)}),
        .target(name: "CodableModels"{settings(codable_flags)}),
        .target(name: "ExpandedModels", dependencies: [.product(name: "Loom", package: "Loom")]),
    ],
    swiftLanguageModes: [.v6]
)
''')


expanded_file = os.path.join(work, "Sources/ExpandedModels/Models.swift")
write(expanded_file, "import Loom\n")
manifest()

if instructions_mode:
    print("# Build cost in instructions: the compile job of one source file of N model triples\n")
    header = "| N | models | @JSONModel (compiler + plugin) | Codable | ratio |"
    rule = "| ---: | ---: | ---: | ---: | ---: |"
    if expanded_mode:
        header += " the same code written out | ratio |"
        rule += " ---: | ---: |"
    print(header)
    print(rule)
    for n in sizes:
        files = {
            "LoomModels": (os.path.join(work, "Sources/LoomModels/Models.swift"), loom_models(n)),
            "CodableModels": (os.path.join(work, "Sources/CodableModels/Models.swift"), codable_models(n)),
        }
        # Every target needs its source before any is built.
        for path, text in files.values():
            write(path, text)
        if expanded_mode:
            manifest(loom_flags=["-dump-macro-expansions"])
            _, dump = build("LoomModels")
            manifest()
            files["ExpandedModels"] = (expanded_file, expanded_models(n, expansion_buffers(dump)))
            write(*files["ExpandedModels"])
        counts = {}
        for target, (path, _) in files.items():
            build(target)
            counts[target] = instructions(compile_job(target, path))
        write(expanded_file, "import Loom\n")
        compiler, plugin = counts["LoomModels"]
        codable = sum(counts["CodableModels"])
        row = (f"| {n} | {3 * n} | {(compiler + plugin) / 1e9:.2f} G ({compiler / 1e9:.2f} + {plugin / 1e9:.2f}) "
               f"| {codable / 1e9:.2f} G | {(compiler + plugin) / codable:.2f}x |")
        if expanded_mode:
            written = sum(counts["ExpandedModels"])
            row += f" {written / 1e9:.2f} G | {written / codable:.2f}x |"
        print(row, flush=True)
    sys.exit(0)

print(f"# Build cost: debug rebuild of one source file of N model triples (median of {runs})\n")
print("| N | models | @JSONModel | Codable | ratio | expanded lines per model |")
print("| ---: | ---: | ---: | ---: | ---: | ---: |")
details = []
for n in sizes:
    loom_file = os.path.join(work, "Sources/LoomModels/Models.swift")
    codable_file = os.path.join(work, "Sources/CodableModels/Models.swift")
    write(loom_file, loom_models(n))
    write(codable_file, codable_models(n))
    build("LoomModels")  # dependencies and a first build, untimed
    build("CodableModels")
    times = {"LoomModels": [], "CodableModels": []}
    for _ in range(runs):
        for target, path in (("LoomModels", loom_file), ("CodableModels", codable_file)):
            os.utime(path)
            elapsed, _ = build(target)
            times[target].append(elapsed)
    loom = statistics.median(times["LoomModels"])
    codable = statistics.median(times["CodableModels"])

    # Expanded source: the macro expansions the compiler dumps, counted in non-blank lines.
    manifest(loom_flags=["-dump-macro-expansions"])
    _, dump = build("LoomModels")
    buffers = expansion_buffers(dump)
    expanded = sum(1 for text in buffers.values() for line in text.splitlines() if line.strip())
    per_model = expanded / (3 * n)

    if expanded_mode:
        write(expanded_file, expanded_models(n, buffers))
        build("ExpandedModels")
        times["ExpandedModels"] = []
        for _ in range(runs):
            os.utime(expanded_file)
            elapsed, _ = build("ExpandedModels")
            times["ExpandedModels"].append(elapsed)
        write(expanded_file, "import Loom\n")

    manifest(loom_flags=["-debug-time-function-bodies"], codable_flags=["-debug-time-function-bodies"])
    bodies = {}
    for target in ("LoomModels", "CodableModels"):
        _, output = build(target)
        bodies[target] = slowest_bodies(output, target)
    manifest()
    print(f"| {n} | {3 * n} | {loom:.1f} s | {codable:.1f} s | {loom / codable:.2f}x | {per_model:.0f} |")
    details.append((n, times, bodies))

if expanded_mode:
    print("\n| N | @JSONModel | the same code written out | running the macro |")
    print("| ---: | ---: | ---: | ---: |")
    for n, times, _ in details:
        loom = statistics.median(times["LoomModels"])
        written = statistics.median(times["ExpandedModels"])
        print(f"| {n} | {loom:.1f} s | {written:.1f} s | {loom - written:.1f} s ({(loom - written) / loom:.0%}) |")

for n, times, bodies in details:
    print(f"\n## N = {n}\n")
    for target in ("LoomModels", "CodableModels"):
        rows, total = bodies[target]
        print(f"{target}: rebuilds {', '.join(f'{t:.1f} s' for t in times[target])}; "
              f"function bodies type-checked in {total / 1000:.1f} s in all; slowest:")
        for ms, name in rows:
            print(f"  {ms:8.1f} ms  {name}")
