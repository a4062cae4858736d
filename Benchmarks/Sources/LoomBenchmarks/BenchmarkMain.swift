import Foundation

/// `swift run -c release --package-path Benchmarks LoomBenchmarks [--quick] [--filter NAME] [--markdown]`
@main
enum BenchmarkMain {
    struct Options {
        var quick = false
        var filters: [String] = []
        var markdown = false
        var cpuTime = false
    }

    static let usage = """
        usage: LoomBenchmarks [--quick] [--filter NAME]... [--markdown] [--cpu-time]

          --quick        short runs (~0.3 s per case) for a rough look
          --filter NAME  run only cases whose corpus/case path or title contains NAME,
                         e.g. twitter, canada/write, decode (repeatable; any match runs)
          --markdown     print a Markdown table for the README on standard output
                         (progress and the plain table then go to standard error)
          --cpu-time     time iterations by the thread's CPU time instead of the wall
                         clock: steadier on a shared, overloaded machine

        Corpora are read from $LOOM_CORPORA, else from shared/corpora beside the repository.
        Cases: parse-document, parse-value, write, decode-models, encode-models.
        """

    static func main() {
        let options: Options
        switch parse(Array(CommandLine.arguments.dropFirst())) {
        case .success(let parsed): options = parsed
        case .failure(let message):
            Log.note("LoomBenchmarks: \(message.text)\n\n\(usage)")
            exit(2)
        }

        let directories = CorpusLocator.searchDirectories()
        let corpora = CorpusLocator.fileNames.compactMap { CorpusLocator.load($0, from: directories) }
        let cases = corpora.flatMap(benchmarkCases(for:)).filter { benchmark in
            options.filters.isEmpty
                || options.filters.contains { filter in
                    benchmark.path.localizedCaseInsensitiveContains(filter)
                        || benchmark.title.localizedCaseInsensitiveContains(filter)
                }
        }
        if cases.isEmpty {
            Log.note("no benchmark case to run (corpora missing or filter matched nothing)")
            exit(1)
        }

        #if DEBUG
            Log.note("warning: debug build; numbers mean little. Use `swift run -c release …`.")
        #endif

        var runner = Runner(settings: options.quick ? .quick : .standard, timing: options.cpuTime ? .threadCPU : .wall)
        var results: [CaseResult] = []
        for benchmark in cases {
            Log.note("\(benchmark.path) …")
            let result = runner.measure(benchmark)
            if let failure = result.failure { Log.note("  \(failure)") }
            results.append(result)
        }

        var arguments = ["swift", "run", "-c", "release", "--package-path", "Benchmarks", "LoomBenchmarks"]
        if options.quick { arguments.append("--quick") }
        for filter in options.filters { arguments += ["--filter", filter] }
        if options.markdown { arguments.append("--markdown") }
        if options.cpuTime { arguments.append("--cpu-time") }
        let report = Report(
            results: results, machine: .current(), command: arguments.map(shellQuoted).joined(separator: " "),
            quick: options.quick, timing: runner.timing)

        if options.markdown {
            Log.note("\n" + report.plainText)
            print(report.markdown, terminator: "")
        } else {
            print(report.plainText, terminator: "")
        }
        // Printing the checksum makes every timed result observable.
        Log.note("checksum \(runner.checksum)")
        exit(results.contains { $0.failure != nil } ? 1 : 0)
    }

    struct UsageError: Error {
        let text: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--markdown": options.markdown = true
            case "--cpu-time": options.cpuTime = true
            case "--filter":
                guard let name = remaining.popFirst(), !name.isEmpty else {
                    return .failure(UsageError(text: "--filter needs a NAME"))
                }
                options.filters.append(name)
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                if argument.hasPrefix("--filter=") {
                    options.filters.append(String(argument.dropFirst("--filter=".count)))
                } else {
                    return .failure(UsageError(text: "unknown argument '\(argument)'"))
                }
            }
        }
        return .success(options)
    }

    static func shellQuoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=".contains($0) }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
