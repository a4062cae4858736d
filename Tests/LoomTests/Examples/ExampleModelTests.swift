import Foundation
import Loom
import LoomExamples
import Testing

/// Reads a sample from the repository's `Examples/` folder.
private func example(_ name: String) throws -> Data {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return try Data(contentsOf: root.appendingPathComponent("Examples").appendingPathComponent(name))
}

/// Decoding then encoding then decoding again gives the same model.
private func expectRoundTrip<T: JSONModel & Equatable>(
    _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let again = try T(jsonData: value.jsonData())
    #expect(again == value, sourceLocation: sourceLocation)
}

@Suite("Examples")
struct ExampleModelTests {
    /// The example models live in a module of their own: creating them here uses the public
    /// memberwise initializers `@JSONModel` writes (Swift's own would be internal), with the
    /// declared defaults.
    @Test func publicModelsCanBeCreatedFromAnotherModule() throws {
        let avatar = try #require(URL(string: "https://example.com/a.png"))
        let user = GitHubUser(login: "kim", id: 1, avatarURL: avatar, isSiteAdmin: false)
        #expect(try GitHubUser(jsonData: user.jsonData()) == user)
        let label = GitHubLabel(id: 2, name: "bug", color: "f00", isDefault: true)
        #expect(try label.jsonString() == #"{"id":2,"name":"bug","color":"f00","default":true}"#)
    }

    @Test func gitHubIssue() throws {
        let issue = try GitHubIssue(jsonData: example("github-issue.json"))
        #expect(issue.number == 1347)
        #expect(issue.state == .open)
        #expect(issue.reporterLogin == "mona-lisa")
        #expect(issue.assignee?.login == "hubot")
        #expect(issue.labels.map(\.name) == ["bug", "decoding"])
        #expect(issue.createdAt == ISO8601.parse("2024-03-18T09:12:44Z"))
        #expect(issue.closedAt == nil)
        #expect(issue.reactionCount == 2)
        #expect(issue.htmlURL.absoluteString == "https://github.com/octo-org/loom/issues/1347")
        try expectRoundTrip(issue)
        // The key path is rebuilt as a nested object on encode.
        let value = try issue.jsonValue()
        #expect(value[path: "user.login"] == "mona-lisa")
        #expect(value["retrievedAt"] == nil)
    }

    @Test func gitHubIssueError() throws {
        var text = String(decoding: try example("github-issue.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: #""state": "open""#, with: #""state": "reopened""#)
        let error = try #require(throws: JSONDecodingError.self) { try GitHubIssue(jsonString: text) }
        #expect(
            error.description
                == #"state: unknown State value string "reopened", expected one of "open", "closed" (line 8, column 12)"#)
    }

    @Test func newsFeed() throws {
        let feed = try NewsFeed(jsonData: example("news-feed.json"))
        #expect(feed.date == "20240321")
        #expect(feed.stories.count == 3)
        #expect(feed.stories[1].images.count == 2)
        #expect(!feed.topStories.isEmpty)
        #expect(feed.stories.allSatisfy { $0.images.allSatisfy { $0.scheme == "https" } })
        try expectRoundTrip(feed)
        // The model-level snake_case strategy writes `top_stories` back.
        #expect(try feed.jsonValue()["top_stories"] != nil)
    }

    @Test func weatherKeyPaths() throws {
        let report = try WeatherReport(jsonData: example("weather.json"))
        #expect(report.city == "Lisbon")
        #expect(report.temperature == 21.4)
        #expect(report.maximumTemperature == 24.0)
        #expect(report.minimumTemperature == 17.9)
        #expect(report.humidity == 61)
        #expect(report.windSpeed == 4.6)
        try expectRoundTrip(report)
        // All `weather.*` properties share one nested object when encoding.
        let weather = try #require(try report.jsonValue()["weather"]?.objectValue)
        #expect(Set(weather.keys) == ["temp", "temp_max", "temp_min", "humidity", "description"])
    }

    /// A flattened model declared in another module: its generated code uses only what Loom
    /// makes public.
    @Test func flattenedCard() throws {
        let text = """
            {"id": "card_1N3", "brand": "Visa", "last4": "4242", "exp_month": 8, "exp_year": 2027,
             "address_line1": "1 Main St", "address_city": "Lisbon", "address_zip": "1100", "address_country": "PT",
             "funding": "credit"}
            """
        let card = try Card(jsonString: text)
        #expect(card.address == CardAddress(line1: "1 Main St", city: "Lisbon", zip: "1100", country: "PT"))
        #expect(card.expYear == 2027)
        try expectRoundTrip(card)
        let keys = try #require(try card.jsonValue().objectValue).keys
        #expect(Set(keys) == ["id", "brand", "last4", "exp_month", "exp_year", "address_line1", "address_city", "address_zip", "address_country"])
        let error = try #require(throws: JSONDecodingError.self) {
            try Card(jsonString: #"{"id": "c", "brand": "Visa", "last4": "1", "exp_month": 1, "exp_year": 2, "address_zip": 1100}"#)
        }
        #expect(error.description.contains("address_zip"))
    }

    @Test func weatherCollectedKeys() throws {
        let range = try WeatherRange(jsonData: example("weather.json"))
        #expect(range.temperatures == ["weather.temp": 21.4, "weather.temp_max": 24.0])
        try expectRoundTrip(range)
        #expect(try range.jsonValue()[path: "weather.temp_max"] == 24.0)
    }
}
