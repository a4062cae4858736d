import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Formats results as a plain-text table and as Markdown ready for the README.
struct Report {
    let results: [CaseResult]
    let machine: Machine
    let command: String
    let quick: Bool
    let timing: Runner.Timing
    /// Whether peak memory was measured (child processes).
    var memory = true

    // MARK: Plain text

    var plainText: String {
        var rows: [[String]] = [[
            "corpus", "case", "Loom MB/s (min–max)", "Foundation MB/s (min–max)", "Loom/Foundation",
            "allocs/iter Loom", "allocs/iter Foundation", "expected allocs", "samples L/F",
        ]]
        for result in results {
            let bytes = result.benchmark.corpus.byteCount
            guard result.failure == nil else {
                rows.append([result.benchmark.corpus.name, result.benchmark.title, "FAILED", "", "", "", "", "", ""])
                continue
            }
            rows.append([
                result.benchmark.corpus.name,
                result.benchmark.title,
                result.loom.map { throughput($0, bytes: bytes, range: true) } ?? "— (pending)",
                result.foundation.map { throughput($0, bytes: bytes, range: true) } ?? "—",
                result.ratio.map(Report.formatRatio) ?? "—",
                result.loom.map { allocations($0) } ?? "—",
                result.foundation.map { allocations($0) } ?? "—",
                result.expectedAllocations.map { expected in
                    Report.grouped(UInt64(expected)) + (allocationRatio(result).map { String(format: " (%.2f×)", $0) } ?? "")
                } ?? "",
                "\(result.loom.map { String($0.samples.count) } ?? "—")/\(result.foundation.map { String($0.samples.count) } ?? "—")",
            ])
        }
        var text = Report.align(rows)
        let relative = relativeLines(markdown: false)
        if !relative.isEmpty { text += "\n\n" + relative.joined(separator: "\n") }
        let extras = extraLines(markdown: false)
        if !extras.isEmpty { text += "\n\n" + extras.joined(separator: "\n") }
        let memory = memoryLines(markdown: false)
        if !memory.isEmpty { text += "\n" + memory.joined(separator: "\n") }
        for result in results {
            if let failure = result.failure { text += "\n\(result.benchmark.path): \(failure)" }
        }
        text += "\n\n" + footnote + "\n" + machine.line + "\n" + "Command: \(command)\n"
        return text
    }

    // MARK: Markdown

    var markdown: String {
        var lines = [
            "| corpus | case | Loom MB/s | Foundation MB/s | ratio |",
            "| --- | --- | ---: | ---: | ---: |",
        ]
        for result in results {
            let bytes = result.benchmark.corpus.byteCount
            let corpus = result.benchmark.corpus.name
            let title = result.benchmark.title
            if result.failure != nil {
                lines.append("| \(corpus) | \(title) | failed | failed | — |")
                continue
            }
            let loom = result.loom.map { throughput($0, bytes: bytes, range: true) } ?? "— (pending)"
            let foundation = result.foundation.map { throughput($0, bytes: bytes, range: true) } ?? "—"
            let ratio = result.ratio.map(Report.formatRatio) ?? "—"
            lines.append("| \(corpus) | \(title) | \(loom) | \(foundation) | \(ratio) |")
        }
        lines.append("")
        lines += relativeLines(markdown: true)
        if AllocationCounter.isAvailable {
            lines.append(
                "| corpus | case | Loom allocations/iteration | Foundation allocations/iteration | expected | Loom/expected |")
            lines.append("| --- | --- | ---: | ---: | ---: | ---: |")
            for result in results where result.failure == nil {
                let loom = result.loom.map { allocations($0) } ?? "—"
                let foundation = result.foundation.map { allocations($0) } ?? "—"
                let expected = result.expectedAllocations.map { Report.grouped(UInt64($0)) } ?? ""
                let ratio = allocationRatio(result).map { String(format: "%.2f×", $0) } ?? ""
                lines.append(
                    "| \(result.benchmark.corpus.name) | \(result.benchmark.title) | \(loom) | \(foundation) | \(expected) | \(ratio) |")
            }
            lines.append("")
            lines.append(
                "Expected allocations (decode rows): what the decoded result must hold — Strings over 15 UTF-8 bytes "
                    + "(shorter ones are stored inline), non-empty arrays and dictionaries, class instances — counted "
                    + "by walking the result with `Mirror`. The bar: Loom/expected ≤ 2.")
            lines.append("")
        }
        lines += extraLines(markdown: true)
        lines += memoryLines(markdown: true)
        lines.append(footnote)
        lines.append("")
        lines.append(machine.line)
        lines.append("")
        lines.append("Command: `\(command)`")
        return lines.joined(separator: "\n") + "\n"
    }

    private var footnote: String {
        var text =
            "Median throughput in MB/s (10^6 bytes of the input document per second, also for writing), "
            + "min–max in parentheses; ratio = Foundation median time / Loom median time (above 1: Loom is faster). "
            + "Both sides run interleaved in the same process"
        text += quick ? " (--quick: short runs, rough numbers)." : "."
        switch timing {
        case .wall: text += " Time: wall clock."
        case .threadCPU: text += " Time: CPU time of the benchmark thread (--cpu-time)."
        }
        if results.contains(where: { $0.wallClock }) && timing == .threadCPU {
            text += " The JSON Lines row is timed by the wall clock whatever the option (its concurrent side uses other threads)."
        }
        if results.contains(where: { $0.benchmark.corpus.name == GeneratedPayload.datesName }) {
            text += " Dates: both sides use their ISO 8601 default (`.iso8601` for Foundation); Foundation's encoder drops "
                + "fractional seconds, Loom's keeps them, so Foundation writes fewer bytes there."
        }
        if AllocationCounter.isAvailable {
            text += " Allocations: malloc-family calls in one iteration after warm-up (bytes requested)."
        } else {
            text += " Allocations not counted: the counter needs glibc."
        }
        return text
    }

    // MARK: Feature rows against their plain rows

    /// Each feature row's ratio over its plain row's: what a mapping feature costs relative to
    /// the same data decoded plainly, each against `JSONDecoder`. The plain ratio is the one
    /// timed in the feature row's own rounds; the plain row's own ratio is shown beside it.
    private func relativeLines(markdown: Bool) -> [String] {
        let relatives = RelativeRatio.all(in: results)
        guard !relatives.isEmpty else { return [] }
        let rows = relatives.map { relative in
            [
                relative.feature.benchmark.corpus.name, relative.feature.benchmark.id,
                Report.formatRatio(relative.featureRatio), relative.plainRow?.benchmark.id ?? relative.plainPath,
                Report.formatRatio(relative.plainRatio), relative.plainRow?.ratio.map(Report.formatRatio) ?? "—",
                String(format: "%.2f", relative.value),
            ]
        }
        let header = [
            "corpus", "feature row", "ratio", "plain row", "plain ratio (same rounds)", "plain row's ratio",
            "ratio / plain ratio (paired by round)",
        ]
        var lines = table(header, rows, markdown: markdown, numericFrom: 2)
        lines.append("")
        lines.append(
            "Feature rows: the same data as the plain row, mapped with one feature (key paths, fallback keys, hooks, "
                + "final classes, a flattened model, lossy properties, a tagged enum, labeled case values) on Loom's side and with the "
                + "Codable model a user would write on Foundation's. The plain row's two sides are timed again in each feature row's interleaved rounds "
                + "(plain ratio, same rounds). Ratio / plain ratio: in each round, the feature row's Loom/Foundation "
                + "ratio over the plain ratio, from the medians of that round's samples; the median over the rounds "
                + "(the bar: at least 0.9). The plain row's own ratio, timed separately in this run, is shown for "
                + "comparison.")
        lines.append("")
        return lines
    }

    // MARK: Further implementations, the C ceiling, peak memory

    /// Rows for the sides beyond Loom and Foundation (simdjson, Loom's concurrent streaming),
    /// then Loom's model decoding as a share of simdjson's parsing on the same corpus.
    private func extraLines(markdown: Bool) -> [String] {
        var rows: [[String]] = []
        for result in results where result.failure == nil {
            let bytes = result.benchmark.corpus.byteCount
            for extra in result.extras {
                let versusFoundation = result.foundation.map { Report.formatRatio($0.median / extra.median) } ?? "—"
                let loomShare = result.loom.map { String(format: "%.0f %%", 100 * extra.median / $0.median) } ?? "—"
                rows.append([
                    result.benchmark.corpus.name, result.benchmark.title, extra.label,
                    throughput(extra, bytes: bytes, range: true), versusFoundation, loomShare,
                ])
            }
        }
        var lines: [String] = []
        if !rows.isEmpty {
            let header = ["corpus", "case", "implementation", "MB/s (min–max)", "vs Foundation", "Loom as % of it"]
            lines += table(header, rows, markdown: markdown, numericFrom: 3)
            lines.append("")
        }
        var ceiling: [[String]] = []
        for result in results where result.benchmark.id == "parse-document" && result.failure == nil {
            guard let simdjson = result.extras.first(where: { $0.label.hasPrefix("simdjson") }) else { continue }
            let corpus = result.benchmark.corpus
            let bytes = corpus.byteCount
            let decode = results.first {
                $0.benchmark.corpus.name == corpus.name && $0.benchmark.id == "decode-models" && $0.failure == nil
            }
            let simdjsonRate = simdjson.megabytesPerSecond(simdjson.median, bytes: bytes)
            let loomRate = decode?.loom.map { $0.megabytesPerSecond($0.median, bytes: bytes) }
            let parseRate = result.loom.map { $0.megabytesPerSecond($0.median, bytes: bytes) }
            ceiling.append([
                corpus.name, Report.formatRate(simdjsonRate),
                parseRate.map { "\(Report.formatRate($0)) (\(String(format: "%.0f %%", 100 * $0 / simdjsonRate)))" } ?? "—",
                loomRate.map { "\(Report.formatRate($0)) (\(String(format: "%.0f %%", 100 * $0 / simdjsonRate)))" } ?? "—",
            ])
        }
        if !ceiling.isEmpty {
            let header = [
                "corpus", "simdjson parse MB/s", "Loom parse → internal (% of simdjson)", "Loom decode models (% of simdjson)",
            ]
            lines += table(header, ceiling, markdown: markdown, numericFrom: 1)
            lines.append("")
            lines.append(
                "C ceiling: simdjson \(SimdjsonCeiling.isAvailable ? "" : "(not built) ")DOM parse of the same bytes, "
                    + "walking every value; its parser is reused between iterations as in simdjson's own benchmarks. "
                    + "The bars: Loom decode models ≥ 60 % of simdjson on twitter, ≥ 50 % on canada.")
            lines.append("")
        } else if !SimdjsonCeiling.isAvailable {
            lines.append(SimdjsonCeiling.skipMessage + ".")
            lines.append("")
        }
        return lines
    }

    private func memoryLines(markdown: Bool) -> [String] {
        guard memory else { return [] }
        var rows: [[String]] = []
        for result in results where result.failure == nil {
            let extras = zip(result.extras, result.extraMemory).map { side, memory in
                "\(side.label): \(memoryText(memory))"
            }
            rows.append([
                result.benchmark.corpus.name, result.benchmark.title,
                result.loom == nil ? "—" : memoryText(result.loomMemory), memoryText(result.foundationMemory),
                extras.joined(separator: "; "),
            ])
        }
        guard !rows.isEmpty else { return [] }
        var lines = table(["corpus", "case", "Loom peak RSS (+run)", "Foundation peak RSS (+run)", "others"], rows, markdown: markdown, numericFrom: 2)
        lines.append("")
        lines.append(
            "Peak memory: each side ran once in its own child process (`--child`); peak RSS (`VmHWM` on Linux) after the run, "
                + "and in parentheses what the run added to the peak before it (runtime, input bytes and prepared input "
                + "such as the model to encode). `decodeAllConcurrently()` returns every record in an array, so its peak "
                + "holds them all; the sequential sides keep one at a time.")
        lines.append("")
        return lines
    }

    private func memoryText(_ memory: MemoryResult?) -> String {
        guard let memory else { return "n/a" }
        return "\(Report.formatBytes(memory.peak)) (+\(Report.formatBytes(memory.added)))"
    }

    /// Loom's allocations over the expected count, for decode rows.
    private func allocationRatio(_ result: CaseResult) -> Double? {
        guard let expected = result.expectedAllocations, expected > 0, let calls = result.loom?.allocations?.calls else { return nil }
        return Double(calls) / Double(expected)
    }

    private func table(_ header: [String], _ rows: [[String]], markdown: Bool, numericFrom: Int) -> [String] {
        guard markdown else { return Report.align([header] + rows).components(separatedBy: "\n") }
        var lines = ["| " + header.joined(separator: " | ") + " |"]
        lines.append("| " + header.indices.map { $0 >= numericFrom ? "---:" : "---" }.joined(separator: " | ") + " |")
        for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
        return lines
    }

    // MARK: Formatting

    private func throughput(_ side: SideResult, bytes: Int, range: Bool) -> String {
        let median = Report.formatRate(side.megabytesPerSecond(side.median, bytes: bytes))
        guard range else { return median }
        // The slowest iteration gives the lowest rate.
        let low = Report.formatRate(side.megabytesPerSecond(side.slowest, bytes: bytes))
        let high = Report.formatRate(side.megabytesPerSecond(side.fastest, bytes: bytes))
        return "\(median) (\(low)–\(high))"
    }

    private func allocations(_ side: SideResult) -> String {
        guard let count = side.allocations else { return "n/a" }
        return "\(Report.grouped(count.calls)) (\(Report.formatBytes(count.bytes)))"
    }

    static func formatRate(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    static func formatRatio(_ value: Double) -> String {
        value >= 10 ? String(format: "%.1f×", value) : String(format: "%.2f×", value)
    }

    static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    static func formatBytes(_ value: UInt64) -> String {
        let bytes = Double(value)
        if bytes >= 1e6 { return String(format: "%.1f MB", bytes / 1e6) }
        if bytes >= 1e3 { return String(format: "%.1f kB", bytes / 1e3) }
        return "\(value) B"
    }

    /// Left-aligns text columns into a fixed-width table (widths in characters).
    static func align(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            lines.append(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        return lines.joined(separator: "\n")
    }
}

/// What the numbers were measured on.
struct Machine {
    let architecture: String
    let cores: Int
    let swiftVersion: String
    /// Peak resident set size of the benchmark process, in bytes.
    let peakRSS: UInt64?

    var line: String {
        var text = "Machine: \(architecture), \(cores) cores, \(swiftVersion)"
        if let peakRSS { text += "; peak RSS \(Report.formatBytes(peakRSS))" }
        return text + "."
    }

    static func current() -> Machine {
        Machine(
            architecture: unameMachine(), cores: ProcessInfo.processInfo.activeProcessorCount,
            swiftVersion: swiftVersion(), peakRSS: peakResidentSetSize())
    }

    /// `uname -m`.
    private static func unameMachine() -> String {
        var info = utsname()
        guard uname(&info) == 0 else { return "unknown" }
        return withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The first line of `swift --version` (the toolchain on PATH, which `swift run` used);
    /// `$LOOM_SWIFT_VERSION` overrides; the compiler's major.minor as a last resort.
    private static func swiftVersion() -> String {
        if let override = ProcessInfo.processInfo.environment["LOOM_SWIFT_VERSION"], !override.isEmpty {
            return override
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: output, as: UTF8.self)
            if process.terminationStatus == 0, let line = text.split(separator: "\n").first(where: { $0.contains("Swift version") }) {
                // Drop a "swift-driver version: …" prefix that some toolchains print first.
                if let range = line.range(of: "Swift version") { return String(line[range.lowerBound...]) }
            }
        }
        #if compiler(>=6.3)
            return "Swift 6.3 or later"
        #else
            return "Swift before 6.3"
        #endif
    }

    static func peakResidentSetSize() -> UInt64? {
        var usage = rusage()
        #if canImport(Glibc)
            // Glibc imports RUSAGE_SELF as an enum case; getrusage takes its raw Int32.
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        #if canImport(Darwin)
            return UInt64(usage.ru_maxrss)  // bytes on Darwin
        #else
            return UInt64(usage.ru_maxrss) * 1024  // KiB on Linux
        #endif
    }
}
