// A subset model of twitter.json: the fields a timeline screen shows (text, author, avatar,
// counts, links, hashtags, mentions, attached media, the retweeted tweet, and from `metadata`
// the language and result type). Everything else in the file (the user's 35 other fields, geo
// data, sources, symbols…) is passed over unread, and both decoders must still validate it.
//
// The feature rows (`Models/TwitterFeatures.swift`) map the same information with key paths,
// fallback keys, hooks or classes; this model is their plain row.

import Foundation
import Loom

@JSONModel
struct TimelineSearch: Codable, Sendable {
    var statuses: [TimelineStatus]
}

@JSONModel
struct TimelineStatus: Codable, Sendable {
    let metadata: TimelineMetadata
    let id: Int64
    @JSONKey("created_at") let createdAt: String
    let text: String
    let user: TimelineUser
    @JSONKey("in_reply_to_screen_name") let inReplyToScreenName: String?
    @JSONKey("retweeted_status") let retweetedStatus: Indirect<TimelineStatus>?
    @JSONKey("retweet_count") let retweetCount: Int
    @JSONKey("favorite_count") let favoriteCount: Int
    let entities: TimelineEntities
    let favorited: Bool
    let retweeted: Bool
    @JSONKey("possibly_sensitive") let possiblySensitive: Bool?

    enum CodingKeys: String, CodingKey {
        case metadata
        case id
        case createdAt = "created_at"
        case text
        case user
        case inReplyToScreenName = "in_reply_to_screen_name"
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities
        case favorited
        case retweeted
        case possiblySensitive = "possibly_sensitive"
    }
}

@JSONModel
struct TimelineMetadata: Codable, Sendable {
    @JSONKey("iso_language_code") let language: String
    @JSONKey("result_type") let resultType: String

    enum CodingKeys: String, CodingKey {
        case language = "iso_language_code"
        case resultType = "result_type"
    }
}

@JSONModel
struct TimelineUser: Codable, Sendable {
    let id: Int64
    let name: String
    @JSONKey("screen_name") let screenName: String
    @JSONKey("profile_image_url_https") let profileImageURL: String
    let verified: Bool
    @JSONKey("followers_count") let followersCount: Int

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case screenName = "screen_name"
        case profileImageURL = "profile_image_url_https"
        case verified
        case followersCount = "followers_count"
    }
}

@JSONModel
struct TimelineEntities: Codable, Sendable {
    let hashtags: [TimelineHashtag]
    let urls: [TimelineURL]
    @JSONKey("user_mentions") let userMentions: [TimelineMention]
    let media: [TimelineMedia]?

    enum CodingKeys: String, CodingKey {
        case hashtags
        case urls
        case userMentions = "user_mentions"
        case media
    }
}

@JSONModel
struct TimelineHashtag: Codable, Sendable {
    let text: String
}

@JSONModel
struct TimelineURL: Codable, Sendable {
    let url: String
    @JSONKey("display_url") let displayURL: String
    @JSONKey("expanded_url") let expandedURL: String

    enum CodingKeys: String, CodingKey {
        case url
        case displayURL = "display_url"
        case expandedURL = "expanded_url"
    }
}

@JSONModel
struct TimelineMention: Codable, Sendable {
    @JSONKey("screen_name") let screenName: String
    let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case indices
    }
}

@JSONModel
struct TimelineMedia: Codable, Sendable {
    @JSONKey("media_url_https") let mediaURL: String
    let type: String

    enum CodingKeys: String, CodingKey {
        case mediaURL = "media_url_https"
        case type
    }
}

// MARK: - Benchmark digest

extension TimelineSearch: CorpusModel, LoomModelCoding {
    var topLevelCount: Int { statuses.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        for status in statuses { status.add(to: &digest) }
        return digest
    }

    static func digest(of value: JSONValue) throws -> ModelDigest {
        var digest = ModelDigest()
        for status in try value.array("statuses") { try TimelineStatus.add(status, to: &digest) }
        return digest
    }

    static func loomDecode(from data: Data) throws -> Self { try Self(jsonData: data) }
    func loomEncode() throws -> Data { try jsonData() }
}

extension TimelineStatus {
    func add(to digest: inout ModelDigest) {
        digest.count("statuses")
        digest.add("language", text: metadata.language)
        digest.add("resultType", text: metadata.resultType)
        digest.add("id", id)
        digest.add("createdAt", createdAt.utf8.count)
        digest.add("text", text.utf8.count)
        digest.add("user.id", user.id)
        digest.add("user.name", user.name.utf8.count + user.screenName.utf8.count + user.profileImageURL.utf8.count)
        digest.count("user.verified", user.verified)
        digest.add("user.followers", user.followersCount)
        digest.count("replies", inReplyToScreenName != nil)
        digest.add("retweetCount", retweetCount)
        digest.add("favoriteCount", favoriteCount)
        digest.count("favorited", favorited)
        digest.count("retweeted", retweeted)
        digest.count("possiblySensitive", possiblySensitive != nil)
        digest.add("hashtags", entities.hashtags.reduce(0) { $0 + 1 + $1.text.utf8.count })
        digest.add("urls", entities.urls.reduce(0) { $0 + $1.url.utf8.count + $1.displayURL.utf8.count + $1.expandedURL.utf8.count })
        digest.add("mentions", entities.userMentions.reduce(0) { $0 + $1.screenName.utf8.count + $1.indices.reduce(0, +) })
        digest.add("media", entities.media?.reduce(0) { $0 + $1.mediaURL.utf8.count + $1.type.utf8.count } ?? -1)
        if let retweetedStatus {
            digest.count("retweets")
            retweetedStatus.value.add(to: &digest)
        }
    }

    static func add(_ status: JSONValue, to digest: inout ModelDigest) throws {
        digest.count("statuses")
        let metadata = try status.member("metadata")
        digest.add("language", text: try metadata.string("iso_language_code"))
        digest.add("resultType", text: try metadata.string("result_type"))
        digest.add("id", try status.int("id"))
        digest.add("createdAt", try status.string("created_at").utf8.count)
        digest.add("text", try status.string("text").utf8.count)
        let user = try status.member("user")
        digest.add("user.id", try user.int("id"))
        digest.add(
            "user.name",
            try user.string("name").utf8.count + user.string("screen_name").utf8.count
                + user.string("profile_image_url_https").utf8.count)
        digest.count("user.verified", try user.member("verified").boolValue == true)
        digest.add("user.followers", try user.int("followers_count"))
        digest.count("replies", status.present("in_reply_to_screen_name"))
        digest.add("retweetCount", try status.int("retweet_count"))
        digest.add("favoriteCount", try status.int("favorite_count"))
        digest.count("favorited", try status.member("favorited").boolValue == true)
        digest.count("retweeted", try status.member("retweeted").boolValue == true)
        digest.count("possiblySensitive", status.present("possibly_sensitive"))
        let entities = try status.member("entities")
        var hashtags = 0
        for hashtag in try entities.array("hashtags") { hashtags += 1 + (try hashtag.string("text").utf8.count) }
        digest.add("hashtags", hashtags)
        var urls = 0
        for url in try entities.array("urls") {
            urls += try url.string("url").utf8.count + url.string("display_url").utf8.count
                + url.string("expanded_url").utf8.count
        }
        digest.add("urls", urls)
        var mentions = 0
        for mention in try entities.array("user_mentions") {
            mentions += try mention.string("screen_name").utf8.count
            for index in try mention.array("indices") { mentions += index.intValue ?? 0 }
        }
        digest.add("mentions", mentions)
        if entities.present("media") {
            var media = 0
            for item in try entities.array("media") {
                media += try item.string("media_url_https").utf8.count + item.string("type").utf8.count
            }
            digest.add("media", media)
        } else {
            digest.add("media", -1)
        }
        if status.present("retweeted_status") {
            digest.count("retweets")
            try add(status.member("retweeted_status"), to: &digest)
        }
    }
}
