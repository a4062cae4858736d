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

    // MARK: Plain text

    var plainText: String {
        var rows: [[String]] = [[
            "corpus", "case", "Loom MB/s (min–max)", "Foundation MB/s (min–max)", "Loom/Foundation",
            "allocs/iter Loom", "allocs/iter Foundation", "samples L/F",
        ]]
        for result in results {
            let bytes = result.benchmark.corpus.data.count
            guard result.failure == nil else {
                rows.append([result.benchmark.corpus.name, result.benchmark.title, "FAILED", "", "", "", "", ""])
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
                "\(result.loom.map { String($0.samples.count) } ?? "—")/\(result.foundation.map { String($0.samples.count) } ?? "—")",
            ])
        }
        var text = Report.align(rows)
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
            let bytes = result.benchmark.corpus.data.count
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
        if AllocationCounter.isAvailable {
            lines.append("| corpus | case | Loom allocations/iteration | Foundation allocations/iteration |")
            lines.append("| --- | --- | ---: | ---: |")
            for result in results where result.failure == nil {
                let loom = result.loom.map { allocations($0) } ?? "—"
                let foundation = result.foundation.map { allocations($0) } ?? "—"
                lines.append("| \(result.benchmark.corpus.name) | \(result.benchmark.title) | \(loom) | \(foundation) |")
            }
            lines.append("")
        }
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
        if AllocationCounter.isAvailable {
            text += " Allocations: malloc-family calls in one iteration after warm-up (bytes requested)."
        } else {
            text += " Allocations not counted: the counter needs glibc."
        }
        return text
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

    private static func peakResidentSetSize() -> UInt64? {
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
