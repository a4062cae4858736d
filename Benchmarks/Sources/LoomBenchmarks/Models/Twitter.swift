// Models for twitter.json: a Twitter search API (v1.1) response.
//
// Faithful to the corpus: every key in the file has a property, optional exactly where the
// file has `null` or omits the key. Keys are spelled out in explicit `CodingKeys` (no key
// strategy) so the same structs can later carry `@JSONModel` with `@JSONKey("…")` markers.
// Fields the file only ever holds as `null` (`geo`, `coordinates`, `place`, `contributors`)
// get the shape the API documents, so a non-null value would decode too.

import Loom

@JSONModel
struct TwitterSearch: Codable, Sendable {
    var statuses: [Status]
    @JSONKey("search_metadata") var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

/// A tweet. `retweeted_status` holds another `Status` through `Indirect`, since a struct
/// cannot contain itself directly.
@JSONModel
struct Status: Codable, Sendable {
    let metadata: StatusMetadata
    @JSONKey("created_at") let createdAt: String
    let id: Int64
    @JSONKey("id_str") let idStr: String
    let text: String
    let source: String
    let truncated: Bool
    @JSONKey("in_reply_to_status_id") let inReplyToStatusID: Int64?
    @JSONKey("in_reply_to_status_id_str") let inReplyToStatusIDStr: String?
    @JSONKey("in_reply_to_user_id") let inReplyToUserID: Int64?
    @JSONKey("in_reply_to_user_id_str") let inReplyToUserIDStr: String?
    @JSONKey("in_reply_to_screen_name") let inReplyToScreenName: String?
    let user: User
    let geo: GeoPoint?
    let coordinates: GeoPoint?
    let place: Place?
    let contributors: [Contributor]?
    @JSONKey("retweeted_status") let retweetedStatus: Indirect<Status>?
    @JSONKey("retweet_count") let retweetCount: Int
    @JSONKey("favorite_count") let favoriteCount: Int
    let entities: StatusEntities
    let favorited: Bool
    let retweeted: Bool
    @JSONKey("possibly_sensitive") let possiblySensitive: Bool?
    let lang: String

    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idStr = "id_str"
        case text
        case source
        case truncated
        case inReplyToStatusID = "in_reply_to_status_id"
        case inReplyToStatusIDStr = "in_reply_to_status_id_str"
        case inReplyToUserID = "in_reply_to_user_id"
        case inReplyToUserIDStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case geo
        case coordinates
        case place
        case contributors
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities
        case favorited
        case retweeted
        case possiblySensitive = "possibly_sensitive"
        case lang
    }
}

@JSONModel
struct StatusMetadata: Codable, Sendable {
    @JSONKey("result_type") var resultType: String
    @JSONKey("iso_language_code") var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }
}

@JSONModel
struct User: Codable, Sendable {
    var id: Int64
    @JSONKey("id_str") var idStr: String
    var name: String
    @JSONKey("screen_name") var screenName: String
    var location: String
    var description: String
    var url: String?
    var entities: UserEntities
    var protected: Bool
    @JSONKey("followers_count") var followersCount: Int
    @JSONKey("friends_count") var friendsCount: Int
    @JSONKey("listed_count") var listedCount: Int
    @JSONKey("created_at") var createdAt: String
    @JSONKey("favourites_count") var favouritesCount: Int
    @JSONKey("utc_offset") var utcOffset: Int?
    @JSONKey("time_zone") var timeZone: String?
    @JSONKey("geo_enabled") var geoEnabled: Bool
    var verified: Bool
    @JSONKey("statuses_count") var statusesCount: Int
    var lang: String
    @JSONKey("contributors_enabled") var contributorsEnabled: Bool
    @JSONKey("is_translator") var isTranslator: Bool
    @JSONKey("is_translation_enabled") var isTranslationEnabled: Bool
    @JSONKey("profile_background_color") var profileBackgroundColor: String
    @JSONKey("profile_background_image_url") var profileBackgroundImageURL: String
    @JSONKey("profile_background_image_url_https") var profileBackgroundImageURLHTTPS: String
    @JSONKey("profile_background_tile") var profileBackgroundTile: Bool
    @JSONKey("profile_image_url") var profileImageURL: String
    @JSONKey("profile_image_url_https") var profileImageURLHTTPS: String
    @JSONKey("profile_banner_url") var profileBannerURL: String?
    @JSONKey("profile_link_color") var profileLinkColor: String
    @JSONKey("profile_sidebar_border_color") var profileSidebarBorderColor: String
    @JSONKey("profile_sidebar_fill_color") var profileSidebarFillColor: String
    @JSONKey("profile_text_color") var profileTextColor: String
    @JSONKey("profile_use_background_image") var profileUseBackgroundImage: Bool
    @JSONKey("default_profile") var defaultProfile: Bool
    @JSONKey("default_profile_image") var defaultProfileImage: Bool
    var following: Bool
    @JSONKey("follow_request_sent") var followRequestSent: Bool
    var notifications: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case name
        case screenName = "screen_name"
        case location
        case description
        case url
        case entities
        case protected
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case verified
        case statusesCount = "statuses_count"
        case lang
        case contributorsEnabled = "contributors_enabled"
        case isTranslator = "is_translator"
        case isTranslationEnabled = "is_translation_enabled"
        case profileBackgroundColor = "profile_background_color"
        case profileBackgroundImageURL = "profile_background_image_url"
        case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
        case profileBackgroundTile = "profile_background_tile"
        case profileImageURL = "profile_image_url"
        case profileImageURLHTTPS = "profile_image_url_https"
        case profileBannerURL = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case profileSidebarBorderColor = "profile_sidebar_border_color"
        case profileSidebarFillColor = "profile_sidebar_fill_color"
        case profileTextColor = "profile_text_color"
        case profileUseBackgroundImage = "profile_use_background_image"
        case defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image"
        case following
        case followRequestSent = "follow_request_sent"
        case notifications
    }
}

@JSONModel
struct UserEntities: Codable, Sendable {
    /// Present only when the profile has a URL.
    var url: URLEntities?
    var description: URLEntities
}

@JSONModel
struct URLEntities: Codable, Sendable {
    var urls: [URLEntity]
}

@JSONModel
struct URLEntity: Codable, Sendable {
    var url: String
    @JSONKey("expanded_url") var expandedURL: String
    @JSONKey("display_url") var displayURL: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url
        case expandedURL = "expanded_url"
        case displayURL = "display_url"
        case indices
    }
}

@JSONModel
struct StatusEntities: Codable, Sendable {
    var hashtags: [Hashtag]
    /// Cashtags; the API gives them the hashtag shape (`text`, `indices`).
    var symbols: [Hashtag]
    var urls: [URLEntity]
    @JSONKey("user_mentions") var userMentions: [UserMention]
    /// Present only on tweets with attached media.
    var media: [Media]?

    enum CodingKeys: String, CodingKey {
        case hashtags
        case symbols
        case urls
        case userMentions = "user_mentions"
        case media
    }
}

@JSONModel
struct Hashtag: Codable, Sendable {
    var text: String
    var indices: [Int]
}

@JSONModel
struct UserMention: Codable, Sendable {
    @JSONKey("screen_name") var screenName: String
    var name: String
    var id: Int64
    @JSONKey("id_str") var idStr: String
    var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name
        case id
        case idStr = "id_str"
        case indices
    }
}

@JSONModel
struct Media: Codable, Sendable {
    var id: Int64
    @JSONKey("id_str") var idStr: String
    var indices: [Int]
    @JSONKey("media_url") var mediaURL: String
    @JSONKey("media_url_https") var mediaURLHTTPS: String
    var url: String
    @JSONKey("display_url") var displayURL: String
    @JSONKey("expanded_url") var expandedURL: String
    var type: String
    var sizes: MediaSizes
    /// Present only when the media was first posted in another tweet.
    @JSONKey("source_status_id") var sourceStatusID: Int64?
    @JSONKey("source_status_id_str") var sourceStatusIDStr: String?

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case indices
        case mediaURL = "media_url"
        case mediaURLHTTPS = "media_url_https"
        case url
        case displayURL = "display_url"
        case expandedURL = "expanded_url"
        case type
        case sizes
        case sourceStatusID = "source_status_id"
        case sourceStatusIDStr = "source_status_id_str"
    }
}

@JSONModel
struct MediaSizes: Codable, Sendable {
    var medium: MediaSize
    var small: MediaSize
    var thumb: MediaSize
    var large: MediaSize
}

@JSONModel
struct MediaSize: Codable, Sendable {
    var w: Int
    var h: Int
    var resize: String
}

/// `geo` / `coordinates`: a GeoJSON point (`null` throughout this corpus).
@JSONModel
struct GeoPoint: Codable, Sendable {
    var type: String
    var coordinates: [Double]
}

/// `place` (`null` throughout this corpus); the API's identifying fields.
@JSONModel
struct Place: Codable, Sendable {
    var id: String
    var url: String
    @JSONKey("place_type") var placeType: String
    var name: String
    @JSONKey("full_name") var fullName: String
    @JSONKey("country_code") var countryCode: String
    var country: String

    enum CodingKeys: String, CodingKey {
        case id
        case url
        case placeType = "place_type"
        case name
        case fullName = "full_name"
        case countryCode = "country_code"
        case country
    }
}

/// An element of `contributors` (`null` throughout this corpus).
@JSONModel
struct Contributor: Codable, Sendable {
    var id: Int64
    @JSONKey("id_str") var idStr: String
    @JSONKey("screen_name") var screenName: String

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case screenName = "screen_name"
    }
}

@JSONModel
struct SearchMetadata: Codable, Sendable {
    @JSONKey("completed_in") var completedIn: Double
    @JSONKey("max_id") var maxID: Int64
    @JSONKey("max_id_str") var maxIDStr: String
    @JSONKey("next_results") var nextResults: String
    var query: String
    @JSONKey("refresh_url") var refreshURL: String
    var count: Int
    @JSONKey("since_id") var sinceID: Int64
    @JSONKey("since_id_str") var sinceIDStr: String

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxID = "max_id"
        case maxIDStr = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshURL = "refresh_url"
        case count
        case sinceID = "since_id"
        case sinceIDStr = "since_id_str"
    }
}

// MARK: - Benchmark digest

extension TwitterSearch: CorpusModel {
    var topLevelCount: Int { statuses.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        for status in statuses { status.add(to: &digest) }
        digest.add("search.count", searchMetadata.count)
        digest.add("search.completedIn", double: searchMetadata.completedIn)
        digest.add("search.maxID", searchMetadata.maxID)
        digest.add("search.query", searchMetadata.query.utf8.count)
        return digest
    }

    static func digest(of value: JSONValue) throws -> ModelDigest {
        var digest = ModelDigest()
        for status in try value.array("statuses") { try Status.add(status, to: &digest) }
        let search = try value.member("search_metadata")
        digest.add("search.count", try search.int("count"))
        digest.add("search.completedIn", double: try search.double("completed_in"))
        digest.add("search.maxID", try search.int("max_id"))
        digest.add("search.query", try search.string("query").utf8.count)
        return digest
    }
}

extension Status {
    func add(to digest: inout ModelDigest) {
        digest.count("statuses")
        digest.add("status.id", id)
        digest.add("status.text", text.utf8.count)
        digest.count("status.replies", inReplyToStatusID != nil)
        digest.add("status.retweetCount", retweetCount)
        digest.count("status.possiblySensitive", possiblySensitive != nil)
        digest.add("user.id", user.id)
        digest.add("user.followers", user.followersCount)
        digest.count("user.url", user.url != nil)
        digest.count("user.banner", user.profileBannerURL != nil)
        digest.add("user.utcOffset", user.utcOffset ?? 0)
        digest.count("user.entities.url", user.entities.url != nil)
        digest.add("user.entities.descriptionURLs", user.entities.description.urls.count)
        digest.add("hashtags", entities.hashtags.count)
        digest.add("hashtags.indices", entities.hashtags.reduce(0) { $0 + $1.indices.reduce(0, +) })
        digest.add("urls", entities.urls.count)
        digest.add("mentions", entities.userMentions.count)
        digest.add("mentions.id", entities.userMentions.reduce(Int64(0)) { $0 &+ $1.id })
        digest.add("media", entities.media?.count ?? 0)
        digest.add("media.large.w", entities.media?.reduce(0) { $0 + $1.sizes.large.w } ?? 0)
        digest.add("media.source", entities.media?.filter { $0.sourceStatusID != nil }.count ?? 0)
        if let retweetedStatus {
            digest.count("retweets")
            retweetedStatus.value.add(to: &digest)
        }
    }

    static func add(_ status: JSONValue, to digest: inout ModelDigest) throws {
        digest.count("statuses")
        digest.add("status.id", try status.int("id"))
        digest.add("status.text", try status.string("text").utf8.count)
        digest.count("status.replies", status.present("in_reply_to_status_id"))
        digest.add("status.retweetCount", try status.int("retweet_count"))
        digest.count("status.possiblySensitive", status.present("possibly_sensitive"))
        let user = try status.member("user")
        digest.add("user.id", try user.int("id"))
        digest.add("user.followers", try user.int("followers_count"))
        digest.count("user.url", user.present("url"))
        digest.count("user.banner", user.present("profile_banner_url"))
        digest.add("user.utcOffset", try user.present("utc_offset") ? user.int("utc_offset") : 0)
        let userEntities = try user.member("entities")
        digest.count("user.entities.url", userEntities.present("url"))
        digest.add("user.entities.descriptionURLs", try userEntities.member("description").array("urls").count)
        let entities = try status.member("entities")
        let hashtags = try entities.array("hashtags")
        digest.add("hashtags", hashtags.count)
        var indexSum = 0
        for hashtag in hashtags {
            for index in try hashtag.array("indices") { indexSum += index.intValue ?? 0 }
        }
        digest.add("hashtags.indices", indexSum)
        digest.add("urls", try entities.array("urls").count)
        let mentions = try entities.array("user_mentions")
        digest.add("mentions", mentions.count)
        var mentionIDs = Int64(0)
        for mention in mentions { mentionIDs &+= Int64(try mention.int("id")) }
        digest.add("mentions.id", mentionIDs)
        let media = try entities.present("media") ? entities.array("media") : []
        digest.add("media", media.count)
        var widths = 0
        var sources = 0
        for item in media {
            widths += try item.member("sizes").member("large").int("w")
            if item.present("source_status_id") { sources += 1 }
        }
        digest.add("media.large.w", widths)
        digest.add("media.source", sources)
        if status.present("retweeted_status") {
            digest.count("retweets")
            try add(status.member("retweeted_status"), to: &digest)
        }
    }
}
