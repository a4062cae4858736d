import Foundation
import Loom
import Testing

@JSONModel
struct FeedUser: Equatable {
    var id: Int
    var name: String = ""
}

@JSONModel
struct FeedStatus: Equatable {
    var id: Int
    var user: FeedUser
    @JSONKey("meta.score") var score: Double = 0
}

@JSONModel
struct FeedStatuses: Equatable {
    var statuses: [FeedStatus]
    @JSONLossy var tags: [String]
    @JSONLossy var groups: [String: [Int]] = [:]
    @JSONTransform(.iso8601.lossyArray) var seen: [Date] = []
    @JSONTransform(.valueMapping(["a": 1, "b": 2], default: 0)) var letter: Int = 0
}

/// A report callback's reports, kept for the test.
final class ReportBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [JSONDecodingReport] = []

    func add(_ report: JSONDecodingReport) {
        lock.lock()
        stored.append(report)
        lock.unlock()
    }

    var reports: [JSONDecodingReport] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

@Suite("Lossy collections and the decoding report")
struct ReportTests {
    static let json = #"""
        {"statuses": [
          {"id": 1, "user": {"id": 10}},
          {"id": 2, "user": {"id": 20, "name": null}},
          {"id": 3, "user": {"id": "30"}, "meta": {"score": "0.5"}},
          {"id": "4", "user": {"id": "40"}}
        ],
         "tags": ["a", null, "c"], "groups": {"x": [1, "y", 3], "z": [4]},
         "seen": ["2024-05-01T12:00:00Z", "never"], "letter": "q"}
        """#

    static var lenient: JSONModelDecoder {
        var decoder = JSONModelDecoder()
        decoder.coercion = .lenient
        return decoder
    }

    @Test func lossyPropertiesDropFailingElements() throws {
        let value = try Self.lenient.decode(FeedStatuses.self, from: Self.json)
        #expect(value.statuses.map(\.id) == [1, 2, 3, 4])
        #expect(value.tags == ["a", "c"])
        #expect(value.groups == ["x": [1, 3], "z": [4]])
        #expect(value.seen == [Date(timeIntervalSince1970: 1_714_564_800)])
        #expect(value.letter == 0)
    }

    @Test func everyBentValueIsReportedWithItsFullPath() throws {
        let (_, report) = try Self.lenient.decodeWithReport(FeedStatuses.self, from: Self.json)
        #expect(
            report.notes.map(\.description) == [
                // A missing key is noted at its object's position (the key has none).
                #"statuses[0].user.name: key missing, used the default "" (line 2, column 21)"#,
                #"statuses[0].meta.score: key missing, used the default 0 (line 2, column 3)"#,
                #"statuses[1].user.name: used the default for null (line 3, column 40)"#,
                #"statuses[1].meta.score: key missing, used the default 0 (line 3, column 3)"#,
                #"statuses[2].user.id: converted string "30" to Int (line 4, column 28)"#,
                #"statuses[2].user.name: key missing, used the default "" (line 4, column 21)"#,
                #"statuses[2].meta.score: converted string "0.5" to Double (line 4, column 53)"#,
                #"statuses[3].id: converted string "4" to Int (line 5, column 10)"#,
                #"statuses[3].user.id: converted string "40" to Int (line 5, column 30)"#,
                #"statuses[3].user.name: key missing, used the default "" (line 5, column 23)"#,
                #"statuses[3].meta.score: key missing, used the default 0 (line 5, column 3)"#,
                #"tags[1]: dropped element: expected String, found null (line 7, column 16)"#,
                #"groups.x[1]: dropped element: expected Int, found string "y" (line 7, column 48)"#,
                #"seen[1]: dropped element: invalid ISO 8601 date string "never" (line 8, column 35)"#,
                #"letter: unknown value string "q", used the default 0 (line 8, column 55)"#,
            ])
        #expect(report.notes(.dropped).count == 3)
        #expect(report.notes(.coerced).count == 4)
        #expect(report.notes(.defaulted).count == 8)
        let dropped = try #require(report.notes(.dropped).first)
        #expect(dropped.path == [.key("tags"), .index(1)])
        #expect(dropped.error?.description == "tags[1]: expected String, found null (line 7, column 16)")
    }

    @Test func theCallbackReceivesTheReport() throws {
        let box = ReportBox()
        var decoder = Self.lenient
        decoder.report = { box.add($0) }
        _ = try decoder.decode(FeedStatuses.self, from: Data(Self.json.utf8))
        _ = try decoder.decode(FeedUser.self, from: #"{"id": 1}"#)
        let reports = box.reports
        #expect(reports.count == 2)
        #expect(reports.first?.notes.count == 15)
        #expect(reports.last?.description == #"name: key missing, used the default "" (line 1, column 1)"#)
    }

    @Test func nothingIsRecordedWithoutAReport() throws {
        // The same decode without a report: same value, and strict decoding still fails.
        let value = try Self.lenient.decode(FeedStatuses.self, from: Self.json)
        #expect(value.tags == ["a", "c"])
        #expect(throws: JSONDecodingError.self) { try JSONModelDecoder().decode(FeedStatuses.self, from: Self.json) }
    }

    @Test func theDecoderOptionMakesEveryCollectionLossy() throws {
        var decoder = JSONModelDecoder()
        decoder.lossyCollections = true
        let (value, report) = try decoder.decodeWithReport(FeedStatuses.self, from: Self.json)
        // FeedStatuses with a string id are dropped, with their reason.
        #expect(value.statuses.map(\.id) == [1])
        #expect(
            Array(report.notes(.dropped).map(\.description).prefix(3)) == [
                "statuses[1]: dropped element: user.name: expected String, found null (line 3, column 3)",
                #"statuses[2]: dropped element: user.id: expected Int, found string "30" (line 4, column 3)"#,
                #"statuses[3]: dropped element: id: expected Int, found string "4" (line 5, column 3)"#,
            ])
        #expect(report.notes(.dropped)[1].error?.pathDescription == "statuses[2].user.id")
    }

    @Test func nullAsMissingDefaultsAreReported() throws {
        var decoder = JSONModelDecoder()
        decoder.nullAsMissing = true
        let (value, report) = try decoder.decodeWithReport(FeedUser.self, from: #"{"id": 1, "name": null}"#)
        #expect(value == FeedUser(id: 1, name: ""))
        #expect(report.description == "name: used the default for null (line 1, column 19)")
    }

    @Test func notesInsideEmbeddedJSONNameTheirPathInside() throws {
        let (value, report) = try Self.lenient.decodeWithReport(
            EmbeddedStatus.self, from: #"{"inner": "{\"id\": 1, \"user\": {\"id\": \"7\"}}"}"#)
        #expect(value.inner.user.id == 7)
        // Positions inside the embedded document would point into the string: the string's is given.
        #expect(
            report.notes.map(\.description) == [
                #"inner.user.id: converted string "7" to Int (line 1, column 11)"#,
                #"inner.user.name: key missing, used the default "" (line 1, column 11)"#,
                #"inner.meta.score: key missing, used the default 0 (line 1, column 11)"#,
            ])
    }

    @Test func parsedDocumentsReportToo() throws {
        let document = try JSONDocument(parsing: #"[{"id": "1"}]"#)
        let (value, report) = try Self.lenient.decodeWithReport([FeedUser].self, from: document)
        #expect(value == [FeedUser(id: 1)])
        #expect(report.notes.map(\.pathDescription) == ["[0].id", "[0].name"])
    }
}

@JSONModel
struct EmbeddedStatus: Equatable {
    @JSONTransform(.embeddedJSON(FeedStatus.self)) var inner: FeedStatus
}
