import Foundation
import Loom
import Testing

// The models in Generated/ are `loom generate` output, committed (LoomCLITests checks that
// they are exactly what the command prints now, and scripts/regenerate-golden.sh rewrites
// them). Compiling this target is the first half of the guarantee; these tests are the
// second: every sample decodes and encodes back to the same JSON.

/// The package root, found from this file's path (`Tests/LoomGeneratedTests/RoundTripTests.swift`).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let fixtures = "Tests/LoomCLITests/Generate/Fixtures/"

/// The shared corpora next to the repository, which may be absent.
enum Corpus {
    static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("../shared/corpora").appendingPathComponent(name).standardized.path
    }

    static func isPresent(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
}

/// Decodes `path` (relative to the package root, or absolute) as `T`, encodes the value, and
/// expects the same JSON back; then decodes the output again and expects an equal value.
func expectRoundTrip<T: JSONDecodable & JSONEncodable & Equatable>(
    _ type: T.Type, _ path: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : packageRoot.appendingPathComponent(path)
    let data = try Data(contentsOf: url)
    let value = try T(jsonData: data)
    let encoded = try value.jsonData()
    let original = try JSONValue(parsing: data)
    let again = try JSONValue(parsing: encoded)
    if let difference = JSONComparison.difference(original, again) {
        Issue.record("\(url.lastPathComponent) does not round-trip through \(T.self): \(difference)", sourceLocation: sourceLocation)
    }
    #expect(try T(jsonData: encoded) == value, sourceLocation: sourceLocation)
}

/// Equality of JSON documents as the generated models promise it.
enum JSONComparison {
    /// A description of the first difference between `original` and `roundTripped`, or `nil`:
    /// - object members whose value is `null` are ignored (a `nil` optional is not written);
    /// - numbers are equal when their exact values are, or, for an original that is not an
    ///   integer, when they are the same `Double` (a `Double` keeps 17 significant digits;
    ///   `-65.613616999999977` comes back as `-65.61361699999998`). Integers must be exact.
    static func difference(_ original: JSONValue, _ roundTripped: JSONValue, path: String = "$") -> String? {
        switch (original, roundTripped) {
        case (.object(let a), .object(let b)):
            let left = a.members.filter { !$0.value.isNull }
            let right = b.members.filter { !$0.value.isNull }
            for member in left {
                guard let other = b[member.key], !other.isNull else { return "\(path).\(member.key) is missing" }
                if let difference = difference(member.value, other, path: "\(path).\(member.key)") { return difference }
            }
            for member in right where a[member.key].map(\.isNull) ?? true {
                return "\(path).\(member.key) was added"
            }
            return nil
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return "\(path) has \(b.count) elements instead of \(a.count)" }
            for (index, pair) in zip(a, b).enumerated() {
                if let difference = difference(pair.0, pair.1, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.number(let a), .number(let b)):
            if a == b { return nil }
            let isInteger = a.int64Value != nil || a.uint64Value != nil
            if !isInteger, let x = a.doubleValue, let y = b.doubleValue, x == y { return nil }
            return "\(path): \(a) became \(b)"
        default:
            return original == roundTripped ? nil : "\(path): \(original) became \(roundTripped)"
        }
    }
}

@Suite("generated models round-trip their samples")
struct RoundTripTests {
    @Test("Examples/github-issue.json")
    func githubIssue() throws {
        try expectRoundTrip(GitHubIssue.self, "Examples/github-issue.json")
        try expectRoundTrip(PublicGitHubIssue.self, "Examples/github-issue.json")
        try expectRoundTrip(ClassGitHubIssue.self, "Examples/github-issue.json")
    }

    @Test("Examples/news-feed.json")
    func newsFeed() throws {
        try expectRoundTrip(NewsFeed.self, "Examples/news-feed.json")
        try expectRoundTrip(ClassNewsFeed.self, "Examples/news-feed.json")
    }

    @Test("Examples/weather.json")
    func weather() throws {
        try expectRoundTrip(CityObservation.self, "Examples/weather.json")
    }

    @Test("fixtures")
    func fixtureFiles() throws {
        try expectRoundTrip(KeysRoot.self, fixtures + "keys.json")
        try expectRoundTrip([NumbersReading].self, fixtures + "numbers.json")
        try expectRoundTrip(StringsRoot.self, fixtures + "strings.json")
        try expectRoundTrip([OptionalsPerson].self, fixtures + "optionals.json")
        try expectRoundTrip(MapsCatalog.self, fixtures + "maps.json")
        try expectRoundTrip(MapRulesService.self, fixtures + "map-rules.json")
        try expectRoundTrip(OverridesService.self, fixtures + "map-rules.json")
        try expectRoundTrip(ShapesRoot.self, fixtures + "shapes.json")
        try expectRoundTrip(MergesRoot.self, fixtures + "merges.json")
        try expectRoundTrip(AcrossStore.self, fixtures + "shapes-across.json")
        try expectRoundTrip(EnumsBoard.self, fixtures + "enums.json")
        try expectRoundTrip(EnumsAPI.Board.self, fixtures + "enums.json")
        try expectRoundTrip(FilesIssue.self, "Examples/github-issue.json")
        try expectRoundTrip(FilesAPI.Board.self, fixtures + "enums.json")
        try expectRoundTrip([ScalarsCount].self, fixtures + "scalars.json")
        try expectRoundTrip(SamplesEvent.self, fixtures + "sample-a.json")
        try expectRoundTrip(SamplesEvent.self, fixtures + "sample-b.json")
    }

    @Test("twitter.json", .enabled(if: Corpus.isPresent("twitter.json"), "../shared/corpora/twitter.json is absent"))
    func twitter() throws {
        try expectRoundTrip(TwitterSearchResult.self, Corpus.path("twitter.json"))
    }

    @Test("citm_catalog.json", .enabled(if: Corpus.isPresent("citm_catalog.json"), "../shared/corpora/citm_catalog.json is absent"))
    func citmCatalog() throws {
        try expectRoundTrip(CITMCatalog.self, Corpus.path("citm_catalog.json"))
    }

    @Test("canada.json", .enabled(if: Corpus.isPresent("canada.json"), "../shared/corpora/canada.json is absent"))
    func canada() throws {
        try expectRoundTrip(CanadaFeatureCollection.self, Corpus.path("canada.json"))
    }
}

@Suite("models generated from a JSON Schema decode documents the schema accepts")
struct SchemaRoundTripTests {
    static let schemas = fixtures + "Schemas/"

    @Test("pet-store.schema.json: $defs, formats with their transformers, enums, a discriminator with a mapping")
    func petStore() throws {
        try expectRoundTrip(PetStorePetPage.self, Self.schemas + "pet-store.json")
        let page = try PetStorePetPage(jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(Self.schemas + "pet-store.json")))
        let rex = try #require(page.pets.first)
        #expect(rex.status == .available)
        #expect(page.pets[1].status == .unknown("adopted"))
        #expect(rex.ownerID?.uuidString == "3F2504E0-4F89-41D3-9A0C-0305E82C3301")
        #expect(rex.birthday.map(ISO8601.format) == "2019-04-12T00:00:00Z")
        #expect(rex.vaccinations?.count == 2)
        #expect(rex.marking == .spot(PetStoreSpot(count: 3, color: "white")))
        #expect(page.pets[2].marking == .plain)
        #expect(page.pets[3].marking == .unknown(try JSONValue(parsing: #"{"kind": "dots", "size": 2}"#)))
        #expect(rex.category?.subcategories?.first?.name == "Dogs")
    }

    @Test("events.schema.json: draft-07 definitions, allOf, a oneOf told apart by const tags, recursion through arrays")
    func events() throws {
        try expectRoundTrip(EventsAPI.Feed.self, Self.schemas + "events-a.json")
        try expectRoundTrip(EventsAPI.Feed.self, Self.schemas + "events-b.json")
        let feed = try EventsAPI.Feed(jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(Self.schemas + "events-a.json")))
        guard case .push(let push) = feed.events.first else {
            Issue.record("the first event is not a push: \(feed.events)")
            return
        }
        #expect(push.commits.first?.sha == "a1b2c3")
        #expect(feed.tree.children?.first?.children?.first?.name == "main.swift")
        #expect(feed.labels == ["bug": 3, "docs": 1])
    }

    @Test("unsupported.schema.json: what the models cannot say is JSONValue, which accepts anything")
    func unsupported() throws {
        try expectRoundTrip(PermissiveRoot.self, Self.schemas + "unsupported.json")
        let root = try PermissiveRoot(jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(Self.schemas + "unsupported.json")))
        #expect(root.either == 3)
        #expect(root.node?.next == (try JSONValue(parsing: #"{"value": 2, "next": {"value": 3}}"#)))
    }
}

@Suite("generated models in a namespace round-trip their samples")
struct NamespacedRoundTripTests {
    @Test("the examples")
    func examples() throws {
        try expectRoundTrip(GitHubAPI.Issue.self, "Examples/github-issue.json")
        try expectRoundTrip(ClassGitHubAPI.Issue.self, "Examples/github-issue.json")
        try expectRoundTrip(NewsAPI.Feed.self, "Examples/news-feed.json")
        try expectRoundTrip(WeatherAPI.Observation.self, "Examples/weather.json")
        try expectRoundTrip(MapsAPI.Catalog.self, fixtures + "maps.json")
    }

    @Test("twitter.json", .enabled(if: Corpus.isPresent("twitter.json"), "../shared/corpora/twitter.json is absent"))
    func twitter() throws {
        try expectRoundTrip(TwitterAPI.SearchResult.self, Corpus.path("twitter.json"))
    }

    @Test("citm_catalog.json", .enabled(if: Corpus.isPresent("citm_catalog.json"), "../shared/corpora/citm_catalog.json is absent"))
    func citmCatalog() throws {
        try expectRoundTrip(CITMAPI.Catalog.self, Corpus.path("citm_catalog.json"))
    }

    @Test("canada.json", .enabled(if: Corpus.isPresent("canada.json"), "../shared/corpora/canada.json is absent"))
    func canada() throws {
        try expectRoundTrip(CanadaAPI.FeatureCollection.self, Corpus.path("canada.json"))
    }

    @Test("twitter.json with --enums", .enabled(if: Corpus.isPresent("twitter.json"), "../shared/corpora/twitter.json is absent"))
    func twitterEnums() throws {
        try expectRoundTrip(TwitterEnumsAPI.SearchResult.self, Corpus.path("twitter.json"))
    }

    @Test("two documents' User types live side by side in one module")
    func sameNamesApart() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/github-issue.json"))
        let issue = try GitHubAPI.Issue(jsonData: data)
        let user: GitHubAPI.User = issue.user
        #expect(user.login == "mona-lisa")
        #expect(GitHubAPI.User.self != ClassGitHubAPI.User.self)
    }
}

@Suite("generated models read as expected")
struct GeneratedModelTests {
    @Test("--enums: string enums read known values as cases and keep unknown ones")
    func stringEnums() throws {
        let board = try EnumsBoard(jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(fixtures + "enums.json")))
        #expect(board.tasks.map(\.status).prefix(4) == [.open, .done, .open, .inProgress])
        #expect(board.tasks[6].status == .default)
        let task = try EnumsTask(jsonData: Data(#"{"status": "archived", "priority": "high", "title": "x"}"#.utf8))
        #expect(task.status == .unknown("archived"))
        #expect(try JSONValue(parsing: try task.jsonData()) == JSONValue(parsing: #"{"status": "archived", "priority": "high", "title": "x"}"#))
    }

    @Test("--enums: objects told apart by their type are enum cases; an unknown type is kept whole")
    func polymorphicEnums() throws {
        let board = try EnumsBoard(jsonData: try Data(contentsOf: packageRoot.appendingPathComponent(fixtures + "enums.json")))
        #expect(board.events.first == .push(EnumsPushEvent(id: 1, ref: "refs/heads/main", commits: 3)))
        #expect(board.events.last == .ping)
        #expect(board.shapes.first == .circle(EnumsCircleShape(radius: 1.5, layer: nil)))
        let json = #"{"type": "fork", "id": 9, "forkee": {"id": 10}}"#
        let event = try EnumsEvent(jsonData: Data(json.utf8))
        #expect(event == .unknown(try JSONValue(parsing: json)))
        #expect(try JSONValue(parsing: try event.jsonData()) == JSONValue(parsing: json))
    }

    @Test("the GitHub issue: dates, URLs, renamed keys, shared User type")
    func issue() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/github-issue.json"))
        let issue = try GitHubIssue(jsonData: data)
        #expect(issue.htmlURL.absoluteString == "https://github.com/octo-org/loom/issues/1347")
        #expect(issue.user.login == "mona-lisa")
        #expect(issue.assignee.login == "hubot")
        #expect(issue.labels.map(\.name) == ["bug", "decoding"])
        #expect(issue.reactions.plus1 == 2)
        #expect(issue.milestone == nil)
        #expect(ISO8601.format(issue.updatedAt) == "2024-03-21T16:05:02Z")
    }

    @Test("--class models: final classes compared by their properties, Sendable")
    func classIssue() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/github-issue.json"))
        let issue = try ClassGitHubIssue(jsonData: data)
        let again = try ClassGitHubIssue(jsonData: data)
        #expect(issue !== again)
        #expect(issue == again)
        #expect(issue.hashValue == again.hashValue)
        #expect(Set([issue, again]).count == 1)
        #expect(issue.user.login == "mona-lisa")
        #expect(issue.labels.map(\.name) == ["bug", "decoding"])
        let sendable: any Sendable = issue
        #expect(sendable is ClassGitHubIssue)
    }

    @Test("keys with dots, quotes and backslashes map to themselves, not to key paths")
    func awkwardKeys() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent(fixtures + "keys.json"))
        let keys = try KeysRoot(jsonData: data)
        #expect(keys.aB == "dotted")
        #expect(keys.a.b == "nested")
        #expect(keys.backSlash == "backslash")
        #expect(keys.sayHi == "quoted")
        #expect(keys.default)
        #expect(keys.selfValue == "me")
        #expect(keys.jsonHashValue == 42)
    }
}
