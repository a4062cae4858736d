import Foundation
import Loom
import Testing

// The public contract: the model of the Models article, decoded and encoded through the entry points.

@JSONModel
struct GHUser: Equatable { var login: String; var id: Int }

@JSONModel
struct GHIssue: Equatable {
    enum State: String { case open, closed }            // raw-value enums map by raw value

    var url: URL                                          // URL from a JSON string
    @JSONKey("html_url") var htmlURL: URL
    var number: Int
    var state: State
    @JSONKey("user.login") var reporterLogin: String      // key path into a nested object
    var assignee: GHUser?                                 // Optional: missing or null -> nil
    @JSONKey("updated_at") @JSONTransform(.iso8601) var updatedAt: Date
    var title: String
    var body: String?
    @JSONIgnore var retrievedAt = Date()                  // never read or written
}

/// A GitHub issue as the REST API returns it (trimmed, but with the keys the model skips).
let gitHubIssueJSON = #"""
    {
      "url": "https://api.github.com/repos/octocat/Hello-World/issues/1347",
      "repository_url": "https://api.github.com/repos/octocat/Hello-World",
      "html_url": "https://github.com/octocat/Hello-World/issues/1347",
      "id": 1,
      "node_id": "MDU6SXNzdWUx",
      "number": 1347,
      "state": "open",
      "title": "Found a bug",
      "body": "I'm having a problem with this.",
      "user": {
        "login": "octocat",
        "id": 1,
        "avatar_url": "https://github.com/images/error/octocat_happy.gif",
        "site_admin": false
      },
      "labels": [{"id": 208045946, "name": "bug", "color": "f29513", "default": true}],
      "assignee": {"login": "hubot", "id": 2, "type": "User"},
      "locked": true,
      "comments": 0,
      "closed_at": null,
      "created_at": "2011-04-22T13:33:48Z",
      "updated_at": "2011-04-22T13:33:48Z",
      "author_association": "COLLABORATOR"
    }
    """#

@Suite("@JSONModel: the public contract")
struct MacroContractTests {
    @Test func decodesAGitHubIssue() throws {
        let issue = try GHIssue(jsonData: Data(gitHubIssueJSON.utf8))
        #expect(issue.url == URL(string: "https://api.github.com/repos/octocat/Hello-World/issues/1347"))
        #expect(issue.htmlURL == URL(string: "https://github.com/octocat/Hello-World/issues/1347"))
        #expect(issue.number == 1347)
        #expect(issue.state == .open)
        #expect(issue.reporterLogin == "octocat")
        #expect(issue.assignee == GHUser(login: "hubot", id: 2))
        #expect(issue.updatedAt == Date(timeIntervalSince1970: 1_303_479_228))
        #expect(issue.title == "Found a bug")
        #expect(issue.body == "I'm having a problem with this.")
    }

    @Test func decodesTopLevelArrays() throws {
        let data = Data("[\(gitHubIssueJSON), \(gitHubIssueJSON.replacingOccurrences(of: "1347,", with: "1348,"))]".utf8)
        let issues = try [GHIssue](jsonData: data)
        #expect(issues.map(\.number) == [1347, 1348])
    }

    @Test func encodesAndDecodesAgain() throws {
        let issue = try GHIssue(jsonData: Data(gitHubIssueJSON.utf8))
        let data = try issue.jsonData()
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"url":"https://api.github.com/repos/octocat/Hello-World/issues/1347","html_url":"https://github.com/octocat/Hello-World/issues/1347","number":1347,"state":"open","user":{"login":"octocat"},"assignee":{"login":"hubot","id":2},"updated_at":"2011-04-22T13:33:48Z","title":"Found a bug","body":"I'm having a problem with this."}"#
        )
        var again = try GHIssue(jsonData: data)
        // `retrievedAt` is ignored: it is set when the value is made, not read from JSON.
        again.retrievedAt = issue.retrievedAt
        #expect(again == issue)
    }

    @Test func encodesArraysOfModels() throws {
        let issue = try GHIssue(jsonData: Data(gitHubIssueJSON.utf8))
        let data = try [issue, issue].jsonData()
        let decoded = try [GHIssue](jsonData: data)
        #expect(decoded.map(\.number) == [1347, 1347])
        #expect(decoded.map(\.reporterLogin) == ["octocat", "octocat"])
    }

    @Test func decodesThroughTheDecoder() throws {
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .ignore
        let issue = try decoder.decode(GHIssue.self, from: Data(gitHubIssueJSON.utf8))
        #expect(issue.number == 1347)
        let value = try JSONValue(parsing: Data(gitHubIssueJSON.utf8))
        #expect(try decoder.decode(GHIssue.self, from: value).reporterLogin == "octocat")
        #expect(try GHIssue(jsonString: gitHubIssueJSON).title == "Found a bug")
        #expect(try GHIssue(jsonData: Array(gitHubIssueJSON.utf8)).state == .open)
    }

    @Test func missingAndNullOptionalsAreNil() throws {
        let json = #"""
            {"url": "https://x.test/1", "html_url": "https://x.test/h/1", "number": 1, "state": "closed",
             "user": {"login": "a"}, "assignee": null, "updated_at": "2024-05-01T12:00:00Z", "title": "t"}
            """#
        let issue = try GHIssue(jsonString: json)
        #expect(issue.assignee == nil)
        #expect(issue.body == nil)
        #expect(issue.state == .closed)
    }

    @Test func reportsTheFirstErrorWithPathAndPosition() throws {
        let json = #"""
            {"url": "https://x.test/1", "html_url": "https://x.test/h/1", "number": "12", "state": "open",
             "user": {"login": "a"}, "updated_at": "2024-05-01T12:00:00Z", "title": "t"}
            """#
        let error = try #require(throws: JSONDecodingError.self) { try GHIssue(jsonString: json) }
        #expect(error.description == #"number: expected Int, found string "12"; @JSONLenient converts it (line 1, column 73)"#)
    }
}
