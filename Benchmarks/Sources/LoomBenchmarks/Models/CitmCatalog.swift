// Models for citm_catalog.json: a concert-hall event catalogue.
//
// The corpus spells its keys in camelCase already, so property names are the keys and no
// `CodingKeys` (or, later, `@JSONKey`) is needed. Lookup tables keyed by numeric ids are
// JSON objects with string keys, hence `[String: …]`.

import Loom

@JSONModel
struct CitmCatalog: Codable, Sendable {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
}

@JSONModel
struct Event: Codable, Sendable {
    var description: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
}

@JSONModel
struct Performance: Codable, Sendable {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: [Price]
    var seatCategories: [SeatCategory]
    var seatMapImage: String?
    /// Milliseconds since 1970, kept as the integer the file holds.
    var start: Int
    var venueCode: String
}

@JSONModel
struct Price: Codable, Sendable {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
}

@JSONModel
struct SeatCategory: Codable, Sendable {
    var areas: [Area]
    var seatCategoryId: Int
}

@JSONModel
struct Area: Codable, Sendable {
    var areaId: Int
    var blockIds: [Int]
}

// MARK: - Benchmark digest

extension CitmCatalog: CorpusModel {
    var topLevelCount: Int { performances.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        for table in [areaNames, audienceSubCategoryNames, blockNames, seatCategoryNames, subTopicNames, subjectNames, topicNames, venueNames] {
            digest.add("names", table.count)
            digest.add("names.bytes", table.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count })
        }
        digest.add("topicSubTopics", topicSubTopics.values.reduce(0) { $0 + $1.count })
        for (key, event) in events {
            digest.count("events")
            digest.add("event.key", Int(key) ?? -1)
            digest.add("event.id", event.id)
            digest.add("event.name", event.name.utf8.count)
            digest.count("event.logo", event.logo != nil)
            digest.add("event.topicIds", event.topicIds.reduce(0, &+))
            digest.add("event.subTopicIds", event.subTopicIds.count)
        }
        for performance in performances {
            digest.count("performances")
            digest.add("performance.id", performance.id)
            digest.add("performance.eventId", performance.eventId)
            digest.add("performance.start", performance.start)
            digest.count("performance.logo", performance.logo != nil)
            digest.add("performance.venueCode", performance.venueCode.utf8.count)
            digest.add("prices", performance.prices.count)
            digest.add("prices.amount", performance.prices.reduce(0) { $0 + $1.amount })
            digest.add("prices.seatCategoryId", performance.prices.reduce(0) { $0 &+ $1.seatCategoryId })
            for category in performance.seatCategories {
                digest.count("seatCategories")
                digest.add("seatCategories.id", category.seatCategoryId)
                digest.add("areas", category.areas.count)
                digest.add("areas.id", category.areas.reduce(0) { $0 &+ $1.areaId })
                digest.add("areas.blockIds", category.areas.reduce(0) { $0 + $1.blockIds.count })
            }
        }
        return digest
    }

    static func digest(of value: JSONValue) throws -> ModelDigest {
        var digest = ModelDigest()
        let tables = ["areaNames", "audienceSubCategoryNames", "blockNames", "seatCategoryNames", "subTopicNames", "subjectNames", "topicNames", "venueNames"]
        for name in tables {
            guard let table = try value.member(name).objectValue else { throw CheckFailure("\(name) is not an object") }
            digest.add("names", table.count)
            for (key, entry) in table { digest.add("names.bytes", key.utf8.count + (entry.stringValue?.utf8.count ?? -1_000)) }
        }
        guard let topicSubTopics = try value.member("topicSubTopics").objectValue,
            let events = try value.member("events").objectValue
        else { throw CheckFailure("topicSubTopics or events is not an object") }
        for (_, list) in topicSubTopics { digest.add("topicSubTopics", list.arrayValue?.count ?? -1_000) }
        for (key, event) in events {
            digest.count("events")
            digest.add("event.key", Int(key) ?? -1)
            digest.add("event.id", try event.int("id"))
            digest.add("event.name", try event.string("name").utf8.count)
            digest.count("event.logo", event.present("logo"))
            digest.add("event.topicIds", try event.array("topicIds").reduce(0) { $0 &+ ($1.intValue ?? 0) })
            digest.add("event.subTopicIds", try event.array("subTopicIds").count)
        }
        for performance in try value.array("performances") {
            digest.count("performances")
            digest.add("performance.id", try performance.int("id"))
            digest.add("performance.eventId", try performance.int("eventId"))
            digest.add("performance.start", try performance.int("start"))
            digest.count("performance.logo", performance.present("logo"))
            digest.add("performance.venueCode", try performance.string("venueCode").utf8.count)
            let prices = try performance.array("prices")
            digest.add("prices", prices.count)
            for price in prices {
                digest.add("prices.amount", try price.int("amount"))
                digest.add("prices.seatCategoryId", try price.int("seatCategoryId"))
            }
            for category in try performance.array("seatCategories") {
                digest.count("seatCategories")
                digest.add("seatCategories.id", try category.int("seatCategoryId"))
                let areas = try category.array("areas")
                digest.add("areas", areas.count)
                for area in areas {
                    digest.add("areas.id", try area.int("areaId"))
                    digest.add("areas.blockIds", try area.array("blockIds").count)
                }
            }
        }
        return digest
    }
}
