import Foundation
import Loom
import LoomExamples
import Testing

/// The fuzz targets' issue and event models (Tools/Sources/FuzzSupport), declared with
/// `@JSONModel`: a key path, fallback keys, a transformer, numbers of every kind, a `Codable`
/// property, recursion; an internally tagged enum with an alternative tag, a case without
/// payload and a fallback.
@JSONModel
struct ConcurrentUser: Equatable, Sendable {
    var login: String
    var id: Int
}

struct ConcurrentMoney: Codable, Equatable, Sendable {
    var amount: Decimal
    var currency: String
    var tags: [String]?
    var rates: [String: Double]?
}

@JSONModel
struct ConcurrentIssue: Sendable {
    enum State: String, CaseIterable, Sendable { case open, closed }

    var number: Int
    var state: State
    @JSONKey("user.login") var reporterLogin: String
    var assignee: ConcurrentUser?
    @JSONKey("updated_at") @JSONTransform(.iso8601) var updatedAt: Date
    var labels: [String] = []
    @JSONKey("id", "ID") var id: Int
    var scores: [String: Double]?
    var total: ConcurrentMoney?
    var ratio: Float?
    var big: UInt64?
    var small: Int8?
    var price: Decimal?
    var children: [ConcurrentIssue]?
    var matrix: [[Int?]]?
    var seen: [Date]?
}

@JSONModel(representation: .internal(tag: "type"))
enum ConcurrentEvent: Equatable, Sendable {
    case user(ConcurrentUser)
    @JSONTag("money", "cash") case money(ConcurrentMoney)
    case ping
    @JSONFallback case unknown(JSONValue)
}

/// Shared decoders, encoders, documents and models used from many tasks at once. Run under
/// ThreadSanitizer by `scripts/sanitizers.sh thread`, which reports any data race between them.
@Suite("Concurrent decoding and encoding")
struct ConcurrencyTests {
    static let taskCount = 16
    static let rounds = 40

    static let issueText = #"""
        {"number":7,"state":"closed","user":{"login":"ann"},"assignee":{"login":"bob","id":2},
         "updated_at":"2024-02-29T23:59:59.250Z","labels":["bug","ui"],"ID":99,"scores":{"a":1.5,"b":-0.0},
         "total":{"amount":12.34,"currency":"EUR","tags":["x"],"rates":{"USD":1.08}},"ratio":0.1,
         "big":18446744073709551615,"small":-128,"price":0.30000000000000000001,
         "children":[{"number":8,"state":"open","user":{"login":"cy"},"updated_at":"2024-01-01T00:00:00Z","id":1,
                      "matrix":[[1,null],[]],"seen":["2020-05-05T05:05:05Z"]}]}
        """#

    static let eventsText = #"""
        [{"type":"user","login":"ann","id":1},{"type":"cash","amount":1e2,"currency":"USD"},{"type":"ping"},
         {"type":"other","x":[1,2,{"y":null}]}]
        """#

    static let githubText = #"""
        {"url":"https://api.github.com/repos/o/r/issues/1","html_url":"https://github.com/o/r/issues/1","number":1,
         "state":"open","title":"Crash on deep input","body":null,"user":{"login":"ann"},
         "assignee":{"login":"bob","id":2,"avatar_url":"https://example.com/a.png","site_admin":false},
         "labels":[{"id":3,"name":"bug","color":"f00","default":true}],"comments":4,
         "created_at":"2024-01-02T03:04:05Z","updated_at":"2024-01-02T03:04:06Z","closed_at":null}
        """#

    /// What every task must see: decoded and encoded once, before any concurrency.
    struct Expected: Sendable {
        var issue: [UInt8]
        var events: [ConcurrentEvent]
        var eventsJSON: [UInt8]
        var github: GitHubIssue
        var value: JSONValue
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test("one decoder, encoder and document shared by 16 tasks give the same results as one task")
    func sharedDecoderOnManyTasks() async throws {
        let reports = Counter()
        let decoder = {
            var decoder = JSONModelDecoder()
            decoder.unknownKeys = .ignore
            decoder.report = { _ in reports.increment() }
            return decoder
        }()
        let encoder = {
            var encoder = JSONModelEncoder()
            encoder.writingOptions.sortedKeys = true
            return encoder
        }()
        let document = try JSONDocument(parsing: Array(Self.githubText.utf8))
        let sharedValue = try JSONValue(parsing: Self.eventsText)

        let issue = try decoder.decode(ConcurrentIssue.self, from: Self.issueText)
        let events = try decoder.decode([ConcurrentEvent].self, from: Self.eventsText)
        let expected = Expected(
            issue: try encoder.encodeBytes(issue), events: events, eventsJSON: try encoder.encodeBytes(events),
            github: try decoder.decode(GitHubIssue.self, from: document), value: sharedValue)
        #expect(events.count == 4)
        let before = reports.value

        let failures = await withTaskGroup(of: [String].self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    var failures: [String] = []
                    for round in 0..<Self.rounds {
                        do {
                            let issue = try decoder.decode(ConcurrentIssue.self, from: Self.issueText)
                            if try encoder.encodeBytes(issue) != expected.issue { failures.append("\(task).\(round): issue") }
                            let events = try decoder.decode([ConcurrentEvent].self, from: Data(Self.eventsText.utf8))
                            if events != expected.events { failures.append("\(task).\(round): events") }
                            if try encoder.encodeBytes(events) != expected.eventsJSON { failures.append("\(task).\(round): events JSON") }
                            // The same parsed document and tree, read from every task.
                            let github = try decoder.decode(GitHubIssue.self, from: document)
                            if github != expected.github { failures.append("\(task).\(round): github") }
                            let fromValue = try decoder.decode([ConcurrentEvent].self, from: sharedValue)
                            if fromValue != expected.events { failures.append("\(task).\(round): from value") }
                            if sharedValue != expected.value || sharedValue.description != expected.value.description {
                                failures.append("\(task).\(round): shared value")
                            }
                            // Errors are built concurrently too.
                            do {
                                _ = try decoder.decode(ConcurrentIssue.self, from: #"{"number":"7"}"#)
                                failures.append("\(task).\(round): bad input accepted")
                            } catch let error as JSONDecodingError {
                                if error.kind != .typeMismatch || error.pathDescription != "number" {
                                    failures.append("\(task).\(round): \(error)")
                                }
                            }
                        } catch {
                            failures.append("\(task).\(round): \(error)")
                        }
                    }
                    return failures
                }
            }
            var all: [String] = []
            for await failures in group { all += failures }
            return all
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // Every successful decode reported once: issue, events (twice), github per round.
        #expect(reports.value - before == Self.taskCount * Self.rounds * 4)
    }
}
