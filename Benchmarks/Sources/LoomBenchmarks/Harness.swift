import CMallocCounter
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One implementation of a benchmark case. `run` does the whole operation once from the
/// same prepared input (nothing is cached between calls) and returns a number derived from
/// its result, which the runner folds into a checksum so the work cannot be optimized away.
struct Side {
    /// What is timed, e.g. `JSONDocument(parsing:)`.
    let label: String
    /// Builds the side's prepared input (e.g. the model to encode) if it is built lazily, so
    /// that a memory measurement can tell the input from the work. Never timed.
    var prepare: () throws -> Void = {}
    let run: () throws -> Int

    init(label: String, prepare: @escaping () throws -> Void = {}, run: @escaping () throws -> Int) {
        self.label = label
        self.prepare = prepare
        self.run = run
    }
}

/// A value built on first use and then kept: the prepared input of a side (a parsed tree to
/// write, a model to encode). Built outside timing by ``Side/prepare`` or the warm-up, never
/// rebuilt, and released with its case.
final class Prepared<Value> {
    private var value: Value?
    private let make: () throws -> Value

    init(_ make: @escaping () throws -> Value) { self.make = make }

    func get() throws -> Value {
        if let value { return value }
        let made = try make()
        value = made
        return made
    }
}

/// A row of the report: the same job done by Loom and by Foundation on one corpus.
struct BenchmarkCase {
    /// Short name used by `--filter`, e.g. `parse-document`.
    let id: String
    /// Human-readable name for the report.
    let title: String
    let corpus: Corpus
    /// `nil` while Loom has no implementation yet (the model cases until `@JSONModel` lands).
    let loom: Side?
    let foundation: Side
    /// Further implementations timed in the same interleaved rounds: the C ceiling
    /// (simdjson) on parse rows, Loom's concurrent stream decoding on the JSON Lines row.
    var extras: [Side] = []
    /// Time every side of this case by the wall clock even under `--cpu-time`: set when a
    /// side works on other threads, whose CPU time the calling thread's clock would miss.
    var wallClock = false
    /// Runs both sides once and throws ``CheckFailure`` unless they produced equivalent
    /// results. Called before any timing; a failing case is reported and not timed.
    let check: () throws -> Void
    /// Heap allocations the decoded result must hold (Strings over 15 UTF-8 bytes, non-empty
    /// arrays and dictionaries, class instances), for decode rows; see ``ExpectedAllocations``.
    var expectedAllocations: (() throws -> Int)? = nil
    /// For a feature row: the id of the plain row on the same corpus that decodes the same
    /// information without the feature (`decode-subset`, `decode-models`)…
    var plain: String? = nil
    /// …and that row's two sides (Loom's, Foundation's), timed again in this row's interleaved
    /// rounds, so that the feature's ratio and the plain ratio it is compared with see the same
    /// load. Neither is reported as an implementation of this row.
    var plainSides: (loom: Side, foundation: Side)? = nil

    init(
        id: String, title: String, corpus: Corpus, loom: Side?, foundation: Side, extras: [Side] = [],
        wallClock: Bool = false, check: @escaping () throws -> Void, expectedAllocations: (() throws -> Int)? = nil
    ) {
        self.id = id
        self.title = title
        self.corpus = corpus
        self.loom = loom
        self.foundation = foundation
        self.extras = extras
        self.wallClock = wallClock
        self.check = check
        self.expectedAllocations = expectedAllocations
    }

    var path: String { "\(corpus.stem)/\(id)" }
    var plainPath: String? { plain.map { "\(corpus.stem)/\($0)" } }
}

/// A case before it is built: enough to filter and name it. Its inputs (parsed trees, models)
/// are only made by `build`, just before it runs, and are released after it, so that a run
/// never holds every case's inputs at once and a child process builds only its own.
struct CaseSpec {
    let id: String
    let title: String
    let corpus: Corpus
    let build: () -> BenchmarkCase

    var path: String { "\(corpus.stem)/\(id)" }
}

struct CheckFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Timings of one side, in seconds per iteration.
struct SideResult {
    let label: String
    let samples: [Double]
    /// Heap allocations of one iteration after warm-up, when the platform can count them.
    let allocations: AllocationCount?

    var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    var fastest: Double { samples.min() ?? .nan }
    var slowest: Double { samples.max() ?? .nan }

    /// Throughput in MB/s (10^6 bytes of input document per second) for a time per iteration.
    func megabytesPerSecond(_ seconds: Double, bytes: Int) -> Double { Double(bytes) / seconds / 1e6 }
}

struct AllocationCount {
    let calls: UInt64
    let bytes: UInt64
}

/// Peak memory of one side, measured in a child process that ran only that side once.
struct MemoryResult {
    /// Peak resident set size before the run: runtime, input bytes and prepared input.
    let baseline: UInt64
    /// Peak resident set size after one run.
    let peak: UInt64
    /// What the run itself added to the peak.
    var added: UInt64 { peak > baseline ? peak - baseline : 0 }
}

struct CaseResult {
    let benchmark: BenchmarkCase
    let loom: SideResult?
    let foundation: SideResult?
    var extras: [SideResult] = []
    /// Why the case produced no numbers (failed check or error), if it did not.
    let failure: String?
    /// From ``BenchmarkCase/expectedAllocations``.
    var expectedAllocations: Int? = nil
    /// Peak memory per side (Loom, Foundation, extras), unless the run had `--no-memory`.
    var loomMemory: MemoryResult? = nil
    var foundationMemory: MemoryResult? = nil
    var extraMemory: [MemoryResult?] = []
    /// Whether the case was timed by the wall clock.
    var wallClock = false
    /// How many interleaved rounds the sides ran in; each side's samples are that many
    /// equal blocks, in order.
    var rounds = 0
    /// A feature row's plain sides, timed in its rounds (``BenchmarkCase/plainSides``).
    var plainLoom: SideResult? = nil
    var plainFoundation: SideResult? = nil

    init(benchmark: BenchmarkCase, loom: SideResult?, foundation: SideResult?, failure: String?) {
        self.benchmark = benchmark
        self.loom = loom
        self.foundation = foundation
        self.failure = failure
    }

    /// Foundation's median time over Loom's: above 1 when Loom is faster. Both medians come
    /// from the same interleaved run, so machine noise affects both alike.
    var ratio: Double? {
        guard let loom, let foundation else { return nil }
        return foundation.median / loom.median
    }

    /// For a feature row, the plain row's ratio measured in this row's rounds.
    var plainRatio: Double? {
        guard let plainLoom, let plainFoundation else { return nil }
        return plainFoundation.median / plainLoom.median
    }
}

/// A feature row's ratio over the plain ratio measured in its own rounds (and the plain
/// row's own ratio, when that row ran too).
///
/// `value` is paired by round: in each round the four sides (feature Loom and Foundation,
/// plain Loom and Foundation) run one short block each, one after the other, so they share
/// that moment's load; the round's ratio over plain ratio comes from the blocks' medians, and
/// `value` is the median over the rounds. On the shared 2-core machine a side's speed changes
/// by up to 2× when the other core gets busy, and such changes during a row moved the ratio of
/// the overall medians (`featureRatio / plainRatio`, three rounds) between 0.72 and 1.88 in
/// five quick runs of canada/decode-keypath; paired by round over ten rounds, 0.96-1.09.
struct RelativeRatio {
    let feature: CaseResult
    /// The medians over all rounds, as in the report's ratio column.
    let featureRatio: Double
    let plainRatio: Double
    /// Median over rounds of the round's feature ratio over its plain ratio.
    let value: Double
    /// `corpus/case` of the plain row.
    let plainPath: String
    /// The plain row of this run, if it ran.
    let plainRow: CaseResult?

    /// Every feature row that was timed, in run order.
    static func all(in results: [CaseResult]) -> [RelativeRatio] {
        results.compactMap { feature in
            guard let plainPath = feature.benchmark.plainPath, let featureRatio = feature.ratio,
                let plainRatio = feature.plainRatio, let value = paired(feature)
            else { return nil }
            return RelativeRatio(
                feature: feature, featureRatio: featureRatio, plainRatio: plainRatio, value: value,
                plainPath: plainPath, plainRow: results.first { $0.benchmark.path == plainPath && $0.failure == nil })
        }
    }

    private static func paired(_ result: CaseResult) -> Double? {
        guard let loom = result.loom, let foundation = result.foundation, let plainLoom = result.plainLoom,
            let plainFoundation = result.plainFoundation
        else { return nil }
        let sides = [loom, foundation, plainLoom, plainFoundation]
        let rounds = result.rounds
        guard rounds > 0, sides.allSatisfy({ !$0.samples.isEmpty && $0.samples.count % rounds == 0 }) else { return nil }
        let perRound = sides.map { $0.samples.count / rounds }
        var values: [Double] = []
        for round in 0..<rounds {
            let medians = sides.indices.map { index in
                median(sides[index].samples[(round * perRound[index])..<((round + 1) * perRound[index])])
            }
            values.append((medians[1] / medians[0]) / (medians[3] / medians[2]))
        }
        return median(values[...])
    }

    private static func median(_ values: ArraySlice<Double>) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Runs cases with warm-up, interleaved rounds and medians.
struct Runner {
    struct Settings {
        /// Measured time per side; a case takes about twice this plus warm-up.
        var budgetPerSide: Double
        /// Each side's iterations are split into up to this many rounds, alternating with
        /// the other side, so that a burst of load from other processes hits both sides
        /// rather than one.
        var rounds: Int
        /// Fewest rounds, and so fewest samples per side. A side slower than the budget
        /// allows (Foundation writing canada.json takes about 2 s) gets this many rounds of
        /// one iteration instead of `rounds`, which keeps such a case to seconds, not minutes.
        var minimumRounds: Int
        /// Warm-up time per side (caches, lazily initialized runtime metadata, page faults).
        var warmUp: Double

        static let standard = Settings(budgetPerSide: 0.75, rounds: 10, minimumRounds: 5, warmUp: 0.2)
        static let quick = Settings(budgetPerSide: 0.15, rounds: 3, minimumRounds: 3, warmUp: 0.05)
    }

    /// What an iteration's time is.
    enum Timing {
        /// Elapsed time by `ContinuousClock` (the default).
        case wall
        /// CPU time of the benchmark thread: leaves out time the thread spent descheduled,
        /// which on a shared, overloaded machine is most of the noise. Both libraries do all
        /// their work on the calling thread, so nothing is missed.
        case threadCPU
    }

    let settings: Settings
    private(set) var timing: Timing
    /// Folded from every iteration's result and printed at the end: results are used.
    private(set) var checksum = 0
    private let clock = ContinuousClock()

    init(settings: Settings, timing: Timing) {
        self.settings = settings
        self.timing = timing
    }

    mutating func measure(_ benchmark: BenchmarkCase) -> CaseResult {
        do {
            try benchmark.check()
        } catch {
            return CaseResult(benchmark: benchmark, loom: nil, foundation: nil, failure: "check failed: \(error)")
        }
        let savedTiming = timing
        if benchmark.wallClock { timing = .wall }
        defer { timing = savedTiming }
        do {
            var sides: [Side] = [benchmark.foundation]
            if let loom = benchmark.loom { sides.insert(loom, at: 0) }
            sides += benchmark.extras
            if let plain = benchmark.plainSides { sides += [plain.loom, plain.foundation] }
            for side in sides { try side.prepare() }
            // Warm up and estimate each side's time per iteration.
            let estimates = try sides.map { max(try warmUp($0), 1e-9) }
            let slowest = estimates.max() ?? 1
            // The generated payloads take seconds per iteration on the Foundation side: fewer
            // rounds keep a full run to minutes (each is still one interleaved sample per side).
            var minimumRounds = slowest > 1 ? min(3, settings.minimumRounds) : settings.minimumRounds
            // A feature row's ratio is compared with its plain ratio round by round
            // (``RelativeRatio``): at least ten rounds, also with --quick, so that each side's
            // blocks are short and the four sides alternate often.
            if benchmark.plainSides != nil && slowest <= 1 { minimumRounds = max(minimumRounds, 10) }
            let rounds = max(minimumRounds, min(settings.rounds, Int(settings.budgetPerSide / slowest)))
            let share = settings.budgetPerSide / Double(rounds)
            let perRound = estimates.map { max(1, Int(share / $0)) }
            var samples = Array(repeating: [Double](), count: sides.count)
            for round in 0..<rounds {
                // Alternate which side goes first so neither always runs on a warmer cache.
                let order = round % 2 == 0 ? Array(sides.indices) : Array(sides.indices.reversed())
                for index in order {
                    for _ in 0..<perRound[index] { samples[index].append(try time(sides[index])) }
                }
            }
            let allocations = try sides.map { try countAllocations($0) }
            let results = sides.indices.map {
                SideResult(label: sides[$0].label, samples: samples[$0], allocations: allocations[$0])
            }
            let mainCount = benchmark.loom == nil ? 1 : 2
            var result = CaseResult(
                benchmark: benchmark, loom: benchmark.loom == nil ? nil : results.first,
                foundation: results[mainCount - 1], failure: nil)
            result.extras = Array(results[mainCount..<(mainCount + benchmark.extras.count)])
            if benchmark.plainSides != nil {
                result.plainLoom = results[results.count - 2]
                result.plainFoundation = results[results.count - 1]
            }
            result.wallClock = timing == .wall
            result.rounds = rounds
            result.expectedAllocations = try benchmark.expectedAllocations?()
            return result
        } catch {
            return CaseResult(benchmark: benchmark, loom: nil, foundation: nil, failure: "error while timing: \(error)")
        }
    }

    /// Runs `side` for the warm-up time (at least once); returns the fastest iteration, a
    /// stable estimate even when the machine is busy.
    private mutating func warmUp(_ side: Side) throws -> Double {
        var fastest = Double.infinity
        var spent = 0.0
        var iterations = 0
        while iterations < 1 || spent < settings.warmUp {
            let seconds = try time(side)
            fastest = min(fastest, seconds)
            spent += seconds
            iterations += 1
        }
        return fastest
    }

    private mutating func time(_ side: Side) throws -> Double {
        switch timing {
        case .wall:
            let start = clock.now
            let result = try side.run()
            let elapsed = clock.now - start
            checksum &+= result
            let (seconds, attoseconds) = elapsed.components
            return Double(seconds) + Double(attoseconds) * 1e-18
        case .threadCPU:
            let start = Runner.threadCPUTime()
            let result = try side.run()
            let elapsed = Runner.threadCPUTime() - start
            checksum &+= result
            return elapsed
        }
    }

    /// Seconds of CPU time used by the calling thread.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Allocations of one iteration, counted outside the timed runs.
    private mutating func countAllocations(_ side: Side) throws -> AllocationCount? {
        guard AllocationCounter.isAvailable else { return nil }
        loom_malloc_counter_start()
        let result = try side.run()
        loom_malloc_counter_stop()
        checksum &+= result
        return AllocationCount(calls: loom_malloc_counter_calls(), bytes: loom_malloc_counter_bytes())
    }
}

enum AllocationCounter {
    /// Whether counting works here: the interposer exists (glibc) and sees a known allocation.
    static let isAvailable: Bool = {
        guard loom_malloc_counter_available() else { return false }
        loom_malloc_counter_start()
        let probe = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)
        loom_malloc_counter_stop()
        probe.deallocate()
        return loom_malloc_counter_calls() >= 1
    }()
}
