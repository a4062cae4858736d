import Foundation
import Loom
import Testing

// Where a property's transformer comes from, first match wins:
// 1. @JSONTransform, 2. the model's hook, 3. the decoder's strategies, 4. the type's mapping.

@JSONModel
struct Schedule: Equatable {
    /// 1: `@JSONTransform` beats the hook (which would read seconds).
    @JSONTransform(.millisecondsSince1970) var explicit: Date
    /// 2: the hook picks seconds for this one.
    var hooked: Date
    /// 3: no transformer, no hook answer: the decoder's date strategy.
    var strategy: Date
    /// 4: the type's own mapping.
    var count: Int
    /// The hook answers for collections too, and for the value inside an optional.
    var tags: [String]
    var maybe: Date?

    static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>? {
        switch name {
        case "explicit", "hooked", "maybe": return .matching(.secondsSince1970)
        case "tags": return .matching(.separated(by: ","))
        // Asked about an Int, a Date transformer does not match: `nil`, the type's mapping.
        case "count": return .matching(.iso8601)
        default: return nil
        }
    }
}

/// A transformer that can only read.
struct DateParser: JSONOneWayTransformer {
    func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Date {
        try context.transform(element, with: .iso8601)
    }
}

/// A transformer that throws an error of its own.
struct Refuser: JSONTransformer {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Int { throw Refusal() }
    func encode(_ value: Int, to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(value) }
}

@JSONModel
struct Parsed: Equatable {
    @JSONTransform(DateParser()) var at: Date
    @JSONTransform(Refuser()) var refused: Int?
}

@JSONModel
struct ParsedList: Equatable {
    var items: [Parsed]
}

@Suite("Transformers: where they come from, errors, one-way")
struct TransformerSourceTests {
    let json = #"""
        {"explicit": 1500, "hooked": 2, "strategy": "2024-05-01T12:00:00Z", "count": 3,
         "tags": "a, b", "maybe": 4}
        """#

    @Test func eachSourceInOrder() throws {
        let schedule = try Schedule(jsonString: json)
        #expect(schedule.explicit == Date(timeIntervalSince1970: 1.5))
        #expect(schedule.hooked == Date(timeIntervalSince1970: 2))
        #expect(schedule.strategy == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(schedule.count == 3)
        #expect(schedule.tags == ["a", "b"])
        #expect(schedule.maybe == Date(timeIntervalSince1970: 4))
    }

    @Test func theStrategyAppliesWhereNoTransformerIsGiven() throws {
        var decoder = JSONModelDecoder()
        decoder.dateStrategy = .millisecondsSince1970
        let text = #"{"explicit": 1500, "hooked": 2, "strategy": 3000, "count": 3, "tags": "", "maybe": null}"#
        let schedule = try decoder.decode(Schedule.self, from: text)
        #expect(schedule.explicit == Date(timeIntervalSince1970: 1.5))
        #expect(schedule.hooked == Date(timeIntervalSince1970: 2))
        #expect(schedule.strategy == Date(timeIntervalSince1970: 3))
        #expect(schedule.tags == [])
        #expect(schedule.maybe == nil)
    }

    @Test func encodesThroughTheSameSources() throws {
        let schedule = try Schedule(jsonString: json)
        #expect(
            try schedule.jsonString()
                == #"{"explicit":1500,"hooked":2,"strategy":"2024-05-01T12:00:00Z","count":3,"tags":"a,b","maybe":4}"#)
        #expect(try Schedule(jsonString: schedule.jsonString()) == schedule)
    }

    @Test func hookErrorsCarryPathAndPosition() throws {
        let bad = #"{"explicit": 1, "hooked": "x", "strategy": "2024-05-01T12:00:00Z", "count": 3, "tags": ""}"#
        let error = try #require(throws: JSONDecodingError.self) { try Schedule(jsonString: bad) }
        #expect(error.description == #"hooked: expected number of seconds since 1970, found string "x" (line 1, column 27)"#)
    }

    @Test func transformerErrorsCarryPathAndPosition() throws {
        let bad = #"{"items": [{"at": "2024-05-01T12:00:00Z"}, {"at": "yesterday"}]}"#
        let error = try #require(throws: JSONDecodingError.self) { try ParsedList(jsonString: bad) }
        #expect(error.description == #"items[1].at: invalid ISO 8601 date string "yesterday" (line 1, column 51)"#)
        #expect(error.kind == .invalidValue)
    }

    @Test func foreignErrorsAreWrappedWithPathAndPosition() throws {
        let bad = #"{"items": [{"at": "2024-05-01T12:00:00Z", "refused": 1}]}"#
        let error = try #require(throws: JSONDecodingError.self) { try ParsedList(jsonString: bad) }
        #expect(error.description == "items[0].refused: refused (line 1, column 54)")
        #expect(error.underlyingError != nil)
    }

    @Test func oneWayTransformersRefuseToEncodeNamingThePath() throws {
        let list = try ParsedList(jsonString: #"{"items": [{"at": "2024-05-01T12:00:00Z"}, {"at": "2024-05-02T12:00:00Z"}]}"#)
        let error = try #require(throws: JSONError.self) { try list.jsonData() }
        #expect(error.message == "items[0].at: cannot encode through one-way transformer DateParser")
        #expect(error.kind == .invalidValue)
    }

    @Test func closureTransformersWithoutEncodeAreOneWay() throws {
        let transformer = AnyJSONTransformer<Int>(name: "Doubler", decode: { element, context in
            try context.decode(Int.self, from: element) * 2
        })
        #expect(try decodeValue(transformer, "21") == 42)
        let error = try #require(throws: JSONError.self) { try encodeValue(transformer, 1) }
        #expect(error.message == "cannot encode through one-way transformer Doubler")
    }

    @Test func matchingChecksTheValueType() {
        #expect(AnyJSONTransformer<Date>.matching(.iso8601) != nil)
        #expect(AnyJSONTransformer<Int>.matching(.iso8601) == nil)
        #expect(AnyJSONTransformer<[Date]>.matching(.iso8601.array)?.name == "ArrayTransformer<ISO8601DateTransformer>")
    }
}
