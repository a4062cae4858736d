import Foundation
import Loom

/// One story of the "latest news" feed.
@JSONModel
public struct Story: Equatable, Sendable {
    public var id: Int
    public var title: String
    @JSONKey("ga_prefix") public var gaPrefix: String
    /// Image URLs; top stories carry a single `image` instead.
    public var images: [URL] = []
    public var image: URL?
    public var type: Int
}

/// The "latest news" feed: a date, the stories, and the top stories shown in a carousel.
@JSONModel(keyStrategy: .snakeCase)
public struct NewsFeed: Equatable, Sendable {
    /// The day of the feed as `yyyyMMdd`.
    public var date: String
    public var stories: [Story]
    public var topStories: [Story]
}
