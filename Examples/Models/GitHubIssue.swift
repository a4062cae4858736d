import Foundation
import Loom

/// A GitHub user as the REST API returns it (the subset the examples need).
@JSONModel
public struct GitHubUser: Equatable, Sendable {
    public var login: String
    public var id: Int
    @JSONKey("avatar_url") public var avatarURL: URL
    @JSONKey("site_admin") public var isSiteAdmin: Bool
}

/// A label on an issue.
@JSONModel
public struct GitHubLabel: Equatable, Sendable {
    public var id: Int
    public var name: String
    public var color: String
    @JSONKey("default") public var isDefault: Bool
}

/// A GitHub issue: renamed keys, a key path into `user`, optionals, a raw-value enum,
/// ISO 8601 dates and an ignored, locally computed property (Mantle's `retrievedAt`).
@JSONModel
public struct GitHubIssue: Equatable, Sendable {
    public enum State: String, CaseIterable, Sendable { case open, closed }

    public var url: URL
    @JSONKey("html_url") public var htmlURL: URL
    public var number: Int
    public var state: State
    public var title: String
    public var body: String?
    @JSONKey("user.login") public var reporterLogin: String
    public var assignee: GitHubUser?
    public var labels: [GitHubLabel] = []
    public var comments: Int = 0
    @JSONKey("created_at") @JSONTransform(.iso8601) public var createdAt: Date
    @JSONKey("updated_at") @JSONTransform(.iso8601) public var updatedAt: Date
    @JSONKey("closed_at") @JSONTransform(.iso8601) public var closedAt: Date?
    @JSONKey("reactions.total_count") public var reactionCount: Int?
    @JSONIgnore public var retrievedAt = Date(timeIntervalSince1970: 0)
}
