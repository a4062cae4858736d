// Models for the payloads the benchmark generates (Generated.swift): many small records
// (the large payload and the JSON Lines file) and date-heavy events.

import Foundation
import Loom

@JSONModel
struct LargeRecords: Codable, Sendable {
    var records: [LargeRecord]
    var count: Int
}

@JSONModel
struct LargeRecord: Codable, Sendable {
    var id: Int
    var guid: String
    var name: String
    var email: String
    var active: Bool
    var score: Double
    var tags: [String]
    var location: RecordLocation
    var parent: Int?
}

@JSONModel
struct RecordLocation: Codable, Sendable {
    var lat: Double
    var lon: Double
}

@JSONModel
struct DateEvents: Codable, Sendable {
    var events: [DatedEvent]
}

/// Dates through each library's default ISO 8601 handling: Loom's `JSONModelDecoder` default
/// `dateStrategy` (`.iso8601`) and `JSONDecoder.dateDecodingStrategy = .iso8601`.
@JSONModel
struct DatedEvent: Codable, Sendable {
    var id: Int
    var title: String
    var created: Date
    var updated: Date
    var starts: Date
    var ends: Date
    var reminders: [Date]
    var allDay: Bool
}

// MARK: - Benchmark digests

extension LargeRecord {
    func add(to digest: inout ModelDigest) {
        digest.count("records")
        digest.add("id", id)
        digest.add("guid", guid.utf8.count)
        digest.add("name", name.utf8.reduce(0) { $0 &+ Int($1) })
        digest.add("email", email.utf8.count)
        digest.count("active", active)
        digest.add("score", double: score)
        digest.add("tags", tags.count)
        digest.add("tags.bytes", tags.reduce(0) { $0 + $1.utf8.count })
        digest.add("lat", double: location.lat)
        digest.add("lon", double: location.lon)
        digest.count("parents", parent != nil)
        digest.add("parent", parent ?? 0)
    }

    static func add(_ value: JSONValue, to digest: inout ModelDigest) throws {
        digest.count("records")
        digest.add("id", try value.int("id"))
        digest.add("guid", try value.string("guid").utf8.count)
        digest.add("name", try value.string("name").utf8.reduce(0) { $0 &+ Int($1) })
        digest.add("email", try value.string("email").utf8.count)
        digest.count("active", try value.member("active").boolValue == true)
        digest.add("score", double: try value.double("score"))
        let tags = try value.array("tags")
        digest.add("tags", tags.count)
        digest.add("tags.bytes", tags.reduce(0) { $0 + ($1.stringValue?.utf8.count ?? -1_000_000) })
        let location = try value.member("location")
        digest.add("lat", double: try location.double("lat"))
        digest.add("lon", double: try location.double("lon"))
        digest.count("parents", value.present("parent"))
        digest.add("parent", value.present("parent") ? try value.int("parent") : 0)
    }
}

extension LargeRecords: CorpusModel {
    var topLevelCount: Int { records.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        digest.add("count", count)
        for record in records { record.add(to: &digest) }
        return digest
    }

    static func digest(of value: JSONValue) throws -> ModelDigest {
        var digest = ModelDigest()
        digest.add("count", try value.int("count"))
        for record in try value.array("records") { try LargeRecord.add(record, to: &digest) }
        return digest
    }
}

extension LargeRecords: LoomModelCoding {
    static func loomDecode(from data: Data) throws -> Self { try Self(jsonData: data) }
    func loomEncode() throws -> Data { try jsonData() }
}

extension DateEvents: CorpusModel {
    var topLevelCount: Int { events.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        for event in events {
            digest.count("events")
            digest.add("id", event.id)
            digest.add("title", event.title.utf8.count)
            for date in [event.created, event.updated, event.starts, event.ends] + event.reminders {
                DateEvents.add(date, to: &digest)
            }
            digest.add("reminders", event.reminders.count)
            digest.count("allDay", event.allDay)
        }
        return digest
    }

    /// The reference reads the date strings with `Date.ISO8601FormatStyle`, a third reader
    /// besides Loom and `JSONDecoder`.
    static func digest(of value: JSONValue) throws -> ModelDigest {
        let whole = Date.ISO8601FormatStyle()
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        func date(_ member: JSONValue?) throws -> Date {
            guard let text = member?.stringValue else { throw CheckFailure("a date is not a string") }
            return try (text.contains(".") ? fractional : whole).parse(text)
        }
        var digest = ModelDigest()
        for event in try value.array("events") {
            digest.count("events")
            digest.add("id", try event.int("id"))
            digest.add("title", try event.string("title").utf8.count)
            let reminders = try event.array("reminders")
            for member in ["created", "updated", "starts", "ends"] { add(try date(event[member]), to: &digest) }
            for reminder in reminders { add(try date(reminder), to: &digest) }
            digest.add("reminders", reminders.count)
            digest.count("allDay", try event.member("allDay").boolValue == true)
        }
        return digest
    }

    /// Whole seconds and milliseconds apart, so that a writer that drops fractions (Foundation's
    /// `.iso8601` encoding) can be checked on the seconds alone.
    static func add(_ date: Date, to digest: inout ModelDigest) {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = millis.quotientAndRemainder(dividingBy: 1000)
        digest.count("dates")
        digest.add("dates.seconds", fraction < 0 ? seconds - 1 : seconds)
        digest.add("dates.millis", fraction < 0 ? fraction + 1000 : fraction)
    }
}

extension DateEvents: LoomModelCoding {
    static func loomDecode(from data: Data) throws -> Self { try Self(jsonData: data) }
    func loomEncode() throws -> Data { try jsonData() }
}
