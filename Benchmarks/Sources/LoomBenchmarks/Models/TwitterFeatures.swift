// The timeline subset of twitter.json (`Models/TwitterTimeline.swift`, the plain row) mapped
// once per mapping feature: key paths, fallback keys, lifecycle hooks, final classes, a
// flattened model, lossy properties. Each model reads exactly the information the plain one
// reads, and its digest is checked against the plain model's reference digest; each is timed
// against the `Codable` model a user would write for `JSONDecoder` to get the same result.

import Foundation
import Loom

// MARK: - Key paths

/// `decode-keypaths`: the status reads its language and result type from `metadata` through
/// key paths instead of a nested struct. Foundation's side is the plain model itself
/// (`TimelineSearch`): a nested `metadata` struct is what a `JSONDecoder` user writes.
@JSONModel
struct KeyPathTimeline: Sendable {
    var statuses: [KeyPathStatus]
}

@JSONModel
struct KeyPathStatus: Sendable {
    @JSONKey("metadata.iso_language_code") let language: String
    @JSONKey("metadata.result_type") let resultType: String
    let id: Int64
    @JSONKey("created_at") let createdAt: String
    let text: String
    let user: TimelineUser
    @JSONKey("in_reply_to_screen_name") let inReplyToScreenName: String?
    @JSONKey("retweeted_status") let retweetedStatus: Indirect<KeyPathStatus>?
    @JSONKey("retweet_count") let retweetCount: Int
    @JSONKey("favorite_count") let favoriteCount: Int
    let entities: TimelineEntities
    let favorited: Bool
    let retweeted: Bool
    @JSONKey("possibly_sensitive") let possiblySensitive: Bool?

    var timeline: TimelineStatus {
        TimelineStatus(
            metadata: TimelineMetadata(language: language, resultType: resultType), id: id, createdAt: createdAt,
            text: text, user: user, inReplyToScreenName: inReplyToScreenName,
            retweetedStatus: retweetedStatus.map { Indirect($0.value.timeline) }, retweetCount: retweetCount,
            favoriteCount: favoriteCount, entities: entities, favorited: favorited, retweeted: retweeted,
            possiblySensitive: possiblySensitive)
    }
}

// MARK: - Fallback keys

/// `decode-fallbacks`: four properties accept a second spelling of their key
/// (`created_at`/`createdAt`, `retweet_count`/`retweetCount`, `favorite_count`/`favoriteCount`,
/// and the user's `screen_name`/`screenName`); twitter.json has the first one everywhere.
/// Foundation's side is the same structs with the `init(from:)` a `JSONDecoder` user writes
/// for that: `decodeIfPresent` for the first key, then the second (the first key present and
/// not null wins, as in Loom).
@JSONModel
struct FallbackTimeline: Decodable, Sendable {
    var statuses: [FallbackStatus]
}

@JSONModel
struct FallbackStatus: Decodable, Sendable {
    let metadata: TimelineMetadata
    let id: Int64
    @JSONKey("created_at", "createdAt") let createdAt: String
    let text: String
    let user: FallbackUser
    @JSONKey("in_reply_to_screen_name") let inReplyToScreenName: String?
    @JSONKey("retweeted_status") let retweetedStatus: Indirect<FallbackStatus>?
    @JSONKey("retweet_count", "retweetCount") let retweetCount: Int
    @JSONKey("favorite_count", "favoriteCount") let favoriteCount: Int
    let entities: TimelineEntities
    let favorited: Bool
    let retweeted: Bool
    @JSONKey("possibly_sensitive") let possiblySensitive: Bool?

    enum CodingKeys: String, CodingKey {
        case metadata
        case id
        case createdAt = "created_at"
        case createdAtCamel = "createdAt"
        case text
        case user
        case inReplyToScreenName = "in_reply_to_screen_name"
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case retweetCountCamel = "retweetCount"
        case favoriteCount = "favorite_count"
        case favoriteCountCamel = "favoriteCount"
        case entities
        case favorited
        case retweeted
        case possiblySensitive = "possibly_sensitive"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decode(TimelineMetadata.self, forKey: .metadata)
        id = try container.decode(Int64.self, forKey: .id)
        createdAt =
            try container.decodeIfPresent(String.self, forKey: .createdAt)
            ?? container.decode(String.self, forKey: .createdAtCamel)
        text = try container.decode(String.self, forKey: .text)
        user = try container.decode(FallbackUser.self, forKey: .user)
        inReplyToScreenName = try container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
        retweetedStatus = try container.decodeIfPresent(Indirect<FallbackStatus>.self, forKey: .retweetedStatus)
        retweetCount =
            try container.decodeIfPresent(Int.self, forKey: .retweetCount)
            ?? container.decode(Int.self, forKey: .retweetCountCamel)
        favoriteCount =
            try container.decodeIfPresent(Int.self, forKey: .favoriteCount)
            ?? container.decode(Int.self, forKey: .favoriteCountCamel)
        entities = try container.decode(TimelineEntities.self, forKey: .entities)
        favorited = try container.decode(Bool.self, forKey: .favorited)
        retweeted = try container.decode(Bool.self, forKey: .retweeted)
        possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
    }

    var timeline: TimelineStatus {
        TimelineStatus(
            metadata: metadata, id: id, createdAt: createdAt, text: text, user: user.timeline,
            inReplyToScreenName: inReplyToScreenName, retweetedStatus: retweetedStatus.map { Indirect($0.value.timeline) },
            retweetCount: retweetCount, favoriteCount: favoriteCount, entities: entities, favorited: favorited,
            retweeted: retweeted, possiblySensitive: possiblySensitive)
    }
}

@JSONModel
struct FallbackUser: Decodable, Sendable {
    let id: Int64
    let name: String
    @JSONKey("screen_name", "screenName") let screenName: String
    @JSONKey("profile_image_url_https") let profileImageURL: String
    let verified: Bool
    @JSONKey("followers_count") let followersCount: Int

    enum CodingKeys: String, CodingKey {
        case id
        case name
        case screenName = "screen_name"
        case screenNameCamel = "screenName"
        case profileImageURL = "profile_image_url_https"
        case verified
        case followersCount = "followers_count"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        screenName =
            try container.decodeIfPresent(String.self, forKey: .screenName)
            ?? container.decode(String.self, forKey: .screenNameCamel)
        profileImageURL = try container.decode(String.self, forKey: .profileImageURL)
        verified = try container.decode(Bool.self, forKey: .verified)
        followersCount = try container.decode(Int.self, forKey: .followersCount)
    }

    var timeline: TimelineUser {
        TimelineUser(
            id: id, name: name, screenName: screenName, profileImageURL: profileImageURL, verified: verified,
            followersCount: followersCount)
    }
}

// MARK: - Hooks

/// A status that fails a model's own checks.
struct TimelineCheckError: Error, CustomStringConvertible {
    let description: String
}

/// `decode-hooks`: the status checks itself after decoding, in `jsonDidDecode()` and
/// `validate()`. Foundation's side is the same structs with the `init(from:)` a `JSONDecoder`
/// user writes to run the same checks: every member decoded by hand, then the two calls.
@JSONModel
struct HookTimeline: Decodable, Sendable {
    var statuses: [HookStatus]
}

@JSONModel
struct HookStatus: Decodable, Sendable {
    let metadata: TimelineMetadata
    let id: Int64
    @JSONKey("created_at") let createdAt: String
    let text: String
    let user: TimelineUser
    @JSONKey("in_reply_to_screen_name") let inReplyToScreenName: String?
    @JSONKey("retweeted_status") let retweetedStatus: Indirect<HookStatus>?
    @JSONKey("retweet_count") let retweetCount: Int
    @JSONKey("favorite_count") let favoriteCount: Int
    let entities: TimelineEntities
    let favorited: Bool
    let retweeted: Bool
    @JSONKey("possibly_sensitive") let possiblySensitive: Bool?

    func jsonDidDecode() throws {
        if retweetCount < 0 || favoriteCount < 0 {
            throw TimelineCheckError(description: "status \(id): negative counts")
        }
    }

    func validate() throws {
        if id <= 0 || user.followersCount < 0 || text.isEmpty {
            throw TimelineCheckError(description: "status \(id): invalid id, follower count or text")
        }
    }

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

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decode(TimelineMetadata.self, forKey: .metadata)
        id = try container.decode(Int64.self, forKey: .id)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        text = try container.decode(String.self, forKey: .text)
        user = try container.decode(TimelineUser.self, forKey: .user)
        inReplyToScreenName = try container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
        retweetedStatus = try container.decodeIfPresent(Indirect<HookStatus>.self, forKey: .retweetedStatus)
        retweetCount = try container.decode(Int.self, forKey: .retweetCount)
        favoriteCount = try container.decode(Int.self, forKey: .favoriteCount)
        entities = try container.decode(TimelineEntities.self, forKey: .entities)
        favorited = try container.decode(Bool.self, forKey: .favorited)
        retweeted = try container.decode(Bool.self, forKey: .retweeted)
        possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
        try jsonDidDecode()
        try validate()
    }

    var timeline: TimelineStatus {
        TimelineStatus(
            metadata: metadata, id: id, createdAt: createdAt, text: text, user: user,
            inReplyToScreenName: inReplyToScreenName, retweetedStatus: retweetedStatus.map { Indirect($0.value.timeline) },
            retweetCount: retweetCount, favoriteCount: favoriteCount, entities: entities, favorited: favorited,
            retweeted: retweeted, possiblySensitive: possiblySensitive)
    }
}

// MARK: - Classes

/// `decode-classes`: the whole timeline model as final classes. Foundation's side is the same
/// classes with `Codable` (synthesized). A class can hold its own type, so the retweeted status
/// needs no box.
@JSONModel
final class ClassTimeline: Codable, Sendable {
    let statuses: [ClassStatus]
}

@JSONModel
final class ClassStatus: Codable, Sendable {
    let metadata: ClassMetadata
    let id: Int64
    @JSONKey("created_at") let createdAt: String
    let text: String
    let user: ClassUser
    @JSONKey("in_reply_to_screen_name") let inReplyToScreenName: String?
    @JSONKey("retweeted_status") let retweetedStatus: ClassStatus?
    @JSONKey("retweet_count") let retweetCount: Int
    @JSONKey("favorite_count") let favoriteCount: Int
    let entities: ClassEntities
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

    var timeline: TimelineStatus {
        TimelineStatus(
            metadata: TimelineMetadata(language: metadata.language, resultType: metadata.resultType), id: id,
            createdAt: createdAt, text: text,
            user: TimelineUser(
                id: user.id, name: user.name, screenName: user.screenName, profileImageURL: user.profileImageURL,
                verified: user.verified, followersCount: user.followersCount),
            inReplyToScreenName: inReplyToScreenName, retweetedStatus: retweetedStatus.map { Indirect($0.timeline) },
            retweetCount: retweetCount, favoriteCount: favoriteCount, entities: entities.timeline, favorited: favorited,
            retweeted: retweeted, possiblySensitive: possiblySensitive)
    }
}

@JSONModel
final class ClassMetadata: Codable, Sendable {
    @JSONKey("iso_language_code") let language: String
    @JSONKey("result_type") let resultType: String

    enum CodingKeys: String, CodingKey {
        case language = "iso_language_code"
        case resultType = "result_type"
    }
}

@JSONModel
final class ClassUser: Codable, Sendable {
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
final class ClassEntities: Codable, Sendable {
    let hashtags: [ClassHashtag]
    let urls: [ClassURL]
    @JSONKey("user_mentions") let userMentions: [ClassMention]
    let media: [ClassMedia]?

    enum CodingKeys: String, CodingKey {
        case hashtags
        case urls
        case userMentions = "user_mentions"
        case media
    }

    var timeline: TimelineEntities {
        TimelineEntities(
            hashtags: hashtags.map { TimelineHashtag(text: $0.text) },
            urls: urls.map { TimelineURL(url: $0.url, displayURL: $0.displayURL, expandedURL: $0.expandedURL) },
            userMentions: userMentions.map { TimelineMention(screenName: $0.screenName, indices: $0.indices) },
            media: media?.map { TimelineMedia(mediaURL: $0.mediaURL, type: $0.type) })
    }
}

@JSONModel
final class ClassHashtag: Codable, Sendable {
    let text: String
}

@JSONModel
final class ClassURL: Codable, Sendable {
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
final class ClassMention: Codable, Sendable {
    @JSONKey("screen_name") let screenName: String
    let indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case indices
    }
}

@JSONModel
final class ClassMedia: Codable, Sendable {
    @JSONKey("media_url_https") let mediaURL: String
    let type: String

    enum CodingKeys: String, CodingKey {
        case mediaURL = "media_url_https"
        case type
    }
}

// MARK: - Flattened members

/// `decode-flatten`: the status's counts and flags (`retweet_count`, `favorite_count`,
/// `favorited`, `retweeted`, members of the status object itself) read into a model of their
/// own with `@JSONFlatten`. Foundation's side is the same structs with the `init(from:)` a
/// `JSONDecoder` user writes for that: the counts decoded from the status's own decoder
/// (`TimelineCounts(from: decoder)`), the other members from a keyed container.
@JSONModel
struct FlattenTimeline: Decodable, Sendable {
    var statuses: [FlattenStatus]
}

@JSONModel
struct TimelineCounts: Codable, Sendable {
    @JSONKey("retweet_count") let retweetCount: Int
    @JSONKey("favorite_count") let favoriteCount: Int
    let favorited: Bool
    let retweeted: Bool

    enum CodingKeys: String, CodingKey {
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case favorited
        case retweeted
    }
}

@JSONModel
struct FlattenStatus: Decodable, Sendable {
    let metadata: TimelineMetadata
    let id: Int64
    @JSONKey("created_at") let createdAt: String
    let text: String
    let user: TimelineUser
    @JSONKey("in_reply_to_screen_name") let inReplyToScreenName: String?
    @JSONKey("retweeted_status") let retweetedStatus: Indirect<FlattenStatus>?
    @JSONFlatten var counts: TimelineCounts
    let entities: TimelineEntities
    @JSONKey("possibly_sensitive") let possiblySensitive: Bool?

    enum CodingKeys: String, CodingKey {
        case metadata
        case id
        case createdAt = "created_at"
        case text
        case user
        case inReplyToScreenName = "in_reply_to_screen_name"
        case retweetedStatus = "retweeted_status"
        case entities
        case possiblySensitive = "possibly_sensitive"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decode(TimelineMetadata.self, forKey: .metadata)
        id = try container.decode(Int64.self, forKey: .id)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        text = try container.decode(String.self, forKey: .text)
        user = try container.decode(TimelineUser.self, forKey: .user)
        inReplyToScreenName = try container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
        retweetedStatus = try container.decodeIfPresent(Indirect<FlattenStatus>.self, forKey: .retweetedStatus)
        counts = try TimelineCounts(from: decoder)
        entities = try container.decode(TimelineEntities.self, forKey: .entities)
        possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
    }

    var timeline: TimelineStatus {
        TimelineStatus(
            metadata: metadata, id: id, createdAt: createdAt, text: text, user: user,
            inReplyToScreenName: inReplyToScreenName, retweetedStatus: retweetedStatus.map { Indirect($0.value.timeline) },
            retweetCount: counts.retweetCount, favoriteCount: counts.favoriteCount, entities: entities,
            favorited: counts.favorited, retweeted: counts.retweeted, possiblySensitive: possiblySensitive)
    }
}

// MARK: - Lossy properties

/// `decode-lossy`: five properties of the status keep a value that fails to decode from
/// failing the status: the two counts and two flags take a default, the reply's screen name
/// `nil` (twitter.json has no such value: nothing is replaced). Foundation's side is the same
/// structs with the `init(from:)` a `JSONDecoder` user writes for that:
/// `(try? container.decodeIfPresent(...)) ?? default` for the same properties.
@JSONModel
struct LossyTimeline: Decodable, Sendable {
    var statuses: [LossyStatus]
}

@JSONModel
struct LossyStatus: Decodable, Sendable {
    let metadata: TimelineMetadata
    let id: Int64
    @JSONKey("created_at") let createdAt: String
    let text: String
    let user: TimelineUser
    @JSONLossy @JSONKey("in_reply_to_screen_name") var inReplyToScreenName: String?
    @JSONKey("retweeted_status") let retweetedStatus: Indirect<LossyStatus>?
    @JSONLossy @JSONKey("retweet_count") var retweetCount: Int = 0
    @JSONLossy @JSONKey("favorite_count") var favoriteCount: Int = 0
    let entities: TimelineEntities
    @JSONLossy var favorited: Bool = false
    @JSONLossy var retweeted: Bool = false
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

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decode(TimelineMetadata.self, forKey: .metadata)
        id = try container.decode(Int64.self, forKey: .id)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        text = try container.decode(String.self, forKey: .text)
        user = try container.decode(TimelineUser.self, forKey: .user)
        inReplyToScreenName = (try? container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)) ?? nil
        retweetedStatus = try container.decodeIfPresent(Indirect<LossyStatus>.self, forKey: .retweetedStatus)
        retweetCount = (try? container.decodeIfPresent(Int.self, forKey: .retweetCount)) ?? 0
        favoriteCount = (try? container.decodeIfPresent(Int.self, forKey: .favoriteCount)) ?? 0
        entities = try container.decode(TimelineEntities.self, forKey: .entities)
        favorited = (try? container.decodeIfPresent(Bool.self, forKey: .favorited)) ?? false
        retweeted = (try? container.decodeIfPresent(Bool.self, forKey: .retweeted)) ?? false
        possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
    }

    var timeline: TimelineStatus {
        TimelineStatus(
            metadata: metadata, id: id, createdAt: createdAt, text: text, user: user,
            inReplyToScreenName: inReplyToScreenName, retweetedStatus: retweetedStatus.map { Indirect($0.value.timeline) },
            retweetCount: retweetCount, favoriteCount: favoriteCount, entities: entities, favorited: favorited,
            retweeted: retweeted, possiblySensitive: possiblySensitive)
    }
}

// MARK: - Benchmark digests

/// What a feature row needs from a decoded model: a cheap number for timed iterations and
/// the digest compared with the plain model's reference digest.
protocol DecodedModel {
    var topLevelCount: Int { get }
    var digest: ModelDigest { get }
}

extension TimelineSearch: DecodedModel {}

extension KeyPathTimeline: DecodedModel {
    var topLevelCount: Int { statuses.count }
    var digest: ModelDigest { TimelineSearch(statuses: statuses.map(\.timeline)).digest }
}

extension FallbackTimeline: DecodedModel {
    var topLevelCount: Int { statuses.count }
    var digest: ModelDigest { TimelineSearch(statuses: statuses.map(\.timeline)).digest }
}

extension HookTimeline: DecodedModel {
    var topLevelCount: Int { statuses.count }
    var digest: ModelDigest { TimelineSearch(statuses: statuses.map(\.timeline)).digest }
}

extension ClassTimeline: DecodedModel {
    var topLevelCount: Int { statuses.count }
    var digest: ModelDigest { TimelineSearch(statuses: statuses.map(\.timeline)).digest }
}

extension FlattenTimeline: DecodedModel {
    var topLevelCount: Int { statuses.count }
    var digest: ModelDigest { TimelineSearch(statuses: statuses.map(\.timeline)).digest }
}

extension LossyTimeline: DecodedModel {
    var topLevelCount: Int { statuses.count }
    var digest: ModelDigest { TimelineSearch(statuses: statuses.map(\.timeline)).digest }
}
