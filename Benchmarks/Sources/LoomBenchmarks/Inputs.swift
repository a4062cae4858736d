import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The run's inputs and its case list: the corpora on disk, then the generated payloads
/// (made only when a case of theirs passes the filters). Generated files go to a temporary
/// directory that the child processes read and that is removed at the end.
final class Inputs {
    static let directoryVariable = "LOOM_BENCH_INPUTS"

    let specs: [CaseSpec]
    /// Where generated payloads are written for child processes (and the JSON Lines file).
    let directory: URL
    private var removed = false

    init(options: BenchmarkMain.Options) {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("loom-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", isDirectory: true)
        let filters = options.filters
        func wanted(_ spec: CaseSpec) -> Bool {
            filters.isEmpty
                || filters.contains { spec.path.localizedCaseInsensitiveContains($0) || spec.title.localizedCaseInsensitiveContains($0) }
        }

        let directories = CorpusLocator.searchDirectories()
        var specs = CorpusLocator.fileNames.compactMap { name -> [CaseSpec]? in
            // Do not read a corpus (nor say it is missing) when the filters exclude it.
            let stub = Corpus(name: name, data: Data())
            guard Inputs.specs(for: stub).contains(where: wanted) else { return nil }
            return CorpusLocator.load(name, from: directories).map(Inputs.specs(for:))
        }.flatMap { $0 }

        let sizes: GeneratedPayload.Sizes = options.quick ? .quick : .standard
        for name in [GeneratedPayload.datesName, GeneratedPayload.largeName, GeneratedPayload.linesName] {
            let stub = Corpus(name: name, data: Data())
            guard Inputs.specs(for: stub).contains(where: wanted) else { continue }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let url = directory.appendingPathComponent(name)
                let started = Date()
                let corpus: Corpus
                switch name {
                case GeneratedPayload.linesName:
                    let size = try GeneratedPayload.writeLines(to: url, bytes: sizes.linesBytes)
                    corpus = Corpus(name: name, streamedFrom: url, byteCount: size)
                default:
                    let data =
                        name == GeneratedPayload.datesName
                        ? GeneratedPayload.dates(events: sizes.dateEvents) : GeneratedPayload.large(bytes: sizes.largeBytes)
                    if options.memory { try data.write(to: url) }
                    corpus = Corpus(name: name, data: data)
                }
                Log.note(
                    "generated \(name): \(Report.formatBytes(UInt64(corpus.byteCount))) in "
                        + String(format: "%.1f s", Date().timeIntervalSince(started)))
                specs += Inputs.specs(for: corpus)
            } catch {
                Log.note("skipping \(name): could not generate it: \(error)")
            }
        }
        self.specs = specs.filter(wanted)
    }

    /// The cases of one corpus (their inputs are not built yet).
    static func specs(for corpus: Corpus) -> [CaseSpec] {
        switch corpus.name {
        case GeneratedPayload.datesName: return dateCases(for: corpus)
        case GeneratedPayload.linesName: return jsonLinesCases(for: corpus)
        default: return benchmarkCases(for: corpus)
        }
    }

    func removeTemporaryFiles() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Peak memory per side: the benchmark re-executes itself with `--child PATH INDEX`; the child
/// loads only that case's input, builds only that case, prepares the side's input, notes its
/// peak resident set size (the baseline), runs the side once and notes it again. Separate
/// processes, because a process's peak never goes down: in one process every case after the
/// largest would report the largest.
enum ChildProcess {
    private static let marker = "LOOM-CHILD-MEMORY"

    static func measureMemory(_ spec: CaseSpec, result: CaseResult, inputs: Inputs)
        -> (loom: MemoryResult?, foundation: MemoryResult?, extras: [MemoryResult?])
    {
        var index = 0
        var loom: MemoryResult?
        if result.loom != nil {
            loom = measure(spec.path, side: index, inputs: inputs)
            index += 1
        }
        let foundation = measure(spec.path, side: index, inputs: inputs)
        index += 1
        var extras: [MemoryResult?] = []
        for _ in result.extras {
            extras.append(measure(spec.path, side: index, inputs: inputs))
            index += 1
        }
        return (loom, foundation, extras)
    }

    private static func measure(_ path: String, side: Int, inputs: Inputs) -> MemoryResult? {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--child", path, String(side)]
        var environment = ProcessInfo.processInfo.environment
        environment[Inputs.directoryVariable] = inputs.directory.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            Log.note("  memory of side \(side): could not start a child process: \(error)")
            return nil
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 4, fields[0] == marker,
            let baseline = UInt64(fields[1]), let peak = UInt64(fields[2])
        else {
            Log.note("  memory of side \(side): the child process failed (status \(process.terminationStatus))")
            return nil
        }
        return MemoryResult(baseline: baseline, peak: peak)
    }

    /// The child's side of `measureMemory`: never returns.
    static func run(path: String, side index: Int) -> Never {
        let stem = String(path.split(separator: "/").first ?? "")
        guard let corpus = loadCorpus(stem: stem) else {
            Log.note("child: no input for \(path)")
            exit(3)
        }
        guard let spec = Inputs.specs(for: corpus).first(where: { $0.path == path }) else {
            Log.note("child: no case \(path)")
            exit(3)
        }
        let benchmark = spec.build()
        let sides = (benchmark.loom.map { [$0] } ?? []) + [benchmark.foundation] + benchmark.extras
        guard sides.indices.contains(index) else {
            Log.note("child: \(path) has no side \(index)")
            exit(3)
        }
        do {
            try sides[index].prepare()
            let baseline = peakOfThisImage() ?? 0
            let result = try sides[index].run()
            let peak = peakOfThisImage() ?? 0
            // The result is printed too, which keeps it observable, as in timed runs.
            print("\(marker) \(baseline) \(peak) \(result)")
            exit(0)
        } catch {
            Log.note("child: \(path) side \(index) failed: \(error)")
            exit(4)
        }
    }

    /// The peak resident set size of this process image. On Linux that is `VmHWM` from
    /// `/proc/self/status`: `getrusage`'s `ru_maxrss` is useless here, because Linux carries it
    /// across `execve` and `posix_spawn` starts the child in the parent's address space, so the
    /// child would report the parent's peak. Elsewhere `ru_maxrss`.
    static func peakOfThisImage() -> UInt64? {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
            else { return nil }
            // "VmHWM:     12345 kB"
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kibibytes = UInt64(fields[1]) else { return nil }
            return kibibytes * 1024
        #else
            return Machine.peakResidentSetSize()
        #endif
    }

    private static func loadCorpus(stem: String) -> Corpus? {
        let generated = [GeneratedPayload.datesName, GeneratedPayload.largeName, GeneratedPayload.linesName]
        if let name = generated.first(where: { Corpus(name: $0, data: Data()).stem == stem }) {
            guard let directory = ProcessInfo.processInfo.environment[Inputs.directoryVariable] else { return nil }
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if name == GeneratedPayload.linesName {
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                return Corpus(name: name, streamedFrom: url, byteCount: size)
            }
            return (try? Data(contentsOf: url)).map { Corpus(name: name, data: $0) }
        }
        guard let name = CorpusLocator.fileNames.first(where: { Corpus(name: $0, data: Data()).stem == stem }) else { return nil }
        return CorpusLocator.load(name, from: CorpusLocator.searchDirectories())
    }
}
