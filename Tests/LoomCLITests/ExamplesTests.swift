import Foundation
import Loom
import Testing

@Suite("Examples/")
struct ExamplesTests {
    static let examples = ["github-issue.json", "news-feed.json"]

    static func path(_ name: String) -> String {
        packageRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    }

    @Test("the examples are strict JSON without duplicate keys")
    func examplesValidate() {
        let result = loom(["validate", "--reject-duplicate-keys"] + Self.examples.map(Self.path))
        #expect(result == .init(exitCode: 0, standardOutputBytes: [], standardError: ""))
    }

    @Test("formatting an example and formatting it back is lossless", arguments: examples)
    func roundTrip(name: String) throws {
        let pretty = loom("format", "--indent", "4", Self.path(name))
        #expect(pretty.exitCode == 0)
        let compactFromPretty = loom("format", "--compact", "-", stdin: Data(pretty.standardOutputBytes))
        let compactFromFile = loom("format", "--compact", Self.path(name))
        #expect(compactFromPretty.exitCode == 0)
        #expect(compactFromPretty.standardOutput == compactFromFile.standardOutput)
    }

    @Test("github-issue.json has the fields the README's GHIssue model reads")
    func githubIssueShape() throws {
        let document = try JSONDocument(parsing: try Data(contentsOf: URL(fileURLWithPath: Self.path("github-issue.json"))))
        let issue = document.root
        for key in ["url", "html_url", "number", "state", "title", "body", "updated_at"] {
            #expect(issue[key] != nil, "missing \(key)")
        }
        #expect(issue["user"]?["login"]?.stringValue == "mona-lisa")
        #expect(issue["assignee"]?["id"]?.kind == .number)
        #expect(issue["labels"]?.kind == .array)
        #expect(issue["updated_at"]?.stringValue == "2024-03-21T16:05:02Z")
    }

    @Test("news-feed.json stories carry id, title, ga_prefix, images and type")
    func newsFeedShape() throws {
        let document = try JSONDocument(parsing: try Data(contentsOf: URL(fileURLWithPath: Self.path("news-feed.json"))))
        let feed = document.root
        #expect(feed["date"]?.kind == .string)
        for list in ["stories", "top_stories"] {
            let stories = try #require(feed[list])
            #expect(stories.count > 0)
            for story in stories.elements {
                #expect(story["id"]?.integerValue(Int.self) != nil)
                #expect(story["title"]?.kind == .string)
                #expect(story["ga_prefix"]?.kind == .string)
                #expect(story["images"]?.kind == .array)
                #expect(story["type"]?.kind == .number)
            }
        }
    }
}
