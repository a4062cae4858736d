import Foundation
import PropertyBased
import Testing

@testable import Loom

// `@JSONFlatten`: a model's members read from and written into its parent's object, with an
// optional prefix. Every decode is checked on both paths: the direct reader (which must not
// fall back for valid input) and the general one, which must agree value for value and error
// for error.

@JSONModel
struct FlatAddress: Equatable {
    var street: String
    var city: String
    var zip: String?
}

@JSONModel
struct FlatOrder: Equatable {
    var id: Int
    @JSONFlatten var shipping: FlatAddress
    @JSONFlatten(prefix: "billing_") var billing: FlatAddress?
}

@JSONModel
struct FlatGeo: Equatable {
    var lat: Double
    var lon: Double
}

@JSONModel
struct FlatPlace: Equatable {
    var name: String
    @JSONFlatten(prefix: "geo_") var geo: FlatGeo
    var tags: [String] = []
}

@JSONModel
struct FlatVenue: Equatable {
    var id: Int
    @JSONFlatten(prefix: "place_") var place: FlatPlace
}

@JSONModel
struct FlatOwner: Equatable {
    var firstName: String
    @JSONKey("ID") var identifier: Int
}

@JSONModel
struct FlatAccount: Equatable {
    var accountType: String
    @JSONFlatten(prefix: "owner_") var owner: FlatOwner
}

@JSONModel
struct FlatCapturing: Equatable {
    var id: Int
    @JSONFlatten(prefix: "a_") var address: FlatAddress
    @JSONUnknownKeys var extra: [String: JSONValue] = [:]
}

@JSONModel
struct FlatExtras: Equatable {
    var note: String?
    @JSONUnknownKeys var rest: [String: JSONValue] = [:]
}

@JSONModel
struct FlatWithExtras: Equatable {
    var id: Int
    @JSONFlatten(prefix: "x_") var extras: FlatExtras
}

@JSONModel
struct FlatContact: Equatable {
    var email: String
    var country: String = "US"
}

@JSONModel
struct FlatCustomer: Equatable {
    var id: Int
    @JSONFlatten(prefix: "contact_") var contact: FlatContact
}

@JSONModel
struct FlatSameKeyAsOwn {
    var street: String
    @JSONFlatten var address: FlatAddress
}

@JSONModel
struct FlatSameKeyTwice {
    @JSONFlatten var home: FlatAddress
    @JSONFlatten var work: FlatAddress
}

@JSONModel
struct FlatSnakeChild: Equatable {
    var user_id: Int
}

/// `userId` and `user_id` are one key under `.snakeCase` only.
@JSONModel
struct FlatStyleClash: Equatable {
    var userId: Int
    @JSONFlatten var other: FlatSnakeChild
}

@JSONModel
struct FlatPaging: Equatable {
    var page: Int
    var perPage: Int
    var total: Int
}

@JSONModel
struct FlatPage<Item: JSONModel & Equatable>: Equatable {
    var items: [Item]
    @JSONFlatten var paging: FlatPaging
}

/// A hand-written conformance: it reads no key set, so its keys cannot be known.
struct FlatHandWritten: JSONModel, Equatable {
    var value: Int

    init(value: Int) { self.value = value }

    init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        guard let member = element["value"] else { throw JSONDecodingError(.missingKey, reason: "missing value") }
        value = try Int(json: member, context: context)
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        writer.writeKey("value")
        try context.encode(value, to: &writer)
        writer.endObject()
    }
}

/// `HandUser` is written by hand through the mapping, so it lists its keys.
@JSONModel
struct FlatOfHandMapped: Equatable {
    var id: Int
    @JSONFlatten(prefix: "user_") var user: HandUser
}

@JSONModel
struct FlatOfHandWritten {
    var id: Int
    @JSONFlatten var hand: FlatHandWritten
}

// The Models article's example: a Stripe card with its billing address spread over its own
// members, and a search response with its page fields beside the items.
@JSONModel
struct FlatCardAddress: Equatable {
    var line1: String
    var city: String
    var zip: String?
}

@JSONModel
struct FlatCard: Equatable {
    var id: String
    var brand: String
    var last4: String
    @JSONFlatten(prefix: "address_") var address: FlatCardAddress?
}

@JSONModel(keyStrategy: .snakeCase)
struct FlatSearchPage: Equatable {
    var totalCount: Int
    var incompleteResults: Bool
}

@JSONModel
struct FlatRepositorySearch: Equatable {
    @JSONFlatten var page: FlatSearchPage
    var items: [String]
}

@JSONModel
struct FlatDefaults: Equatable {
    var id: Int
    @JSONFlatten(prefix: "here_") var here: FlatGeo = FlatGeo(lat: 0, lon: 0)
    @JSONFlatten(prefix: "there_") @JSONDefault(FlatGeo(lat: 1, lon: 1)) var there: FlatGeo
    @JSONFlatten(prefix: "seen_") @JSONIgnore(.encoding) var seen: FlatGeo?
}

@JSONModel
struct FlatOddPrefix: Equatable {
    var id: Int
    @JSONFlatten(prefix: "é\"/") var geo: FlatGeo
}

@JSONModel
struct FlatLenient: Equatable {
    var id: Int
    @JSONFlatten(prefix: "at_") @JSONLenient var at: FlatGeo
}

@JSONModel
struct FlatMergeable: JSONMergeable, Equatable {
    var id: Int
    @JSONFlatten(prefix: "a_") var address: FlatAddress?
}

@JSONModel(representation: .internal(tag: "type"))
enum FlatEvent: Equatable {
    case order(FlatOrder)
    case place(FlatPlace)
}

@Suite("@JSONFlatten")
struct FlattenTests {
    static let order = #"{"id":1,"street":"Main 1","city":"Oslo","billing_street":"Side 2","billing_city":"Bergen","billing_zip":"5003"}"#
    static let orderValue = FlatOrder(
        id: 1, shipping: FlatAddress(street: "Main 1", city: "Oslo"),
        billing: FlatAddress(street: "Side 2", city: "Bergen", zip: "5003"))

    /// The value both paths give, the direct one without falling back.
    func decodedBothWays<T: JSONDecodable & Equatable>(
        _ type: T.Type, _ text: String, _ decoder: JSONModelDecoder = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let direct = try #require(directly(T.self, text, decoder), "the direct path fell back", sourceLocation: sourceLocation)
        let general = try generally(T.self, Array(text.utf8), decoder).get()
        #expect(direct == general, sourceLocation: sourceLocation)
        return general
    }

    /// The error both paths give (the direct one by falling back to the general one).
    func failure<T: JSONDecodable & Equatable>(
        _ type: T.Type, _ text: String, _ decoder: JSONModelDecoder = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> JSONDecodingError {
        expectSameOutcome(T.self, text, decoder, sourceLocation: sourceLocation)
        return try #require(throws: JSONDecodingError.self, sourceLocation: sourceLocation) {
            try decoder.decode(T.self, from: Array(text.utf8))
        }
    }

    // MARK: Decode, encode, round trip

    @Test func decodesTheMembersFromTheParentsObject() throws {
        #expect(try decodedBothWays(FlatOrder.self, Self.order) == Self.orderValue)
        // Members in any order, the parent's among them.
        let shuffled = #"{"billing_city":"Bergen","city":"Oslo","billing_zip":"5003","id":1,"billing_street":"Side 2","street":"Main 1"}"#
        #expect(try decodedBothWays(FlatOrder.self, shuffled) == Self.orderValue)
    }

    @Test func encodesTheMembersIntoTheParentsObject() throws {
        #expect(try Self.orderValue.jsonString() == Self.order)
        let pretty = try Self.orderValue.jsonString(options: .pretty())
        #expect(
            pretty == """
                {
                  "id": 1,
                  "street": "Main 1",
                  "city": "Oslo",
                  "billing_street": "Side 2",
                  "billing_city": "Bergen",
                  "billing_zip": "5003"
                }
                """)
        #expect(try decodedBothWays(FlatOrder.self, pretty) == Self.orderValue)
        var sorted = JSONWritingOptions()
        sorted.sortedKeys = true
        #expect(
            try Self.orderValue.jsonString(options: sorted)
                == #"{"billing_city":"Bergen","billing_street":"Side 2","billing_zip":"5003","city":"Oslo","id":1,"street":"Main 1"}"#)
    }

    @Test func nestedValuesKeepTheirOwnLayout() throws {
        let venue = FlatVenue(id: 7, place: FlatPlace(name: "Hall", geo: FlatGeo(lat: 1.5, lon: -2), tags: ["a", "b"]))
        let text = try venue.jsonString()
        #expect(text == #"{"id":7,"place_name":"Hall","place_tags":["a","b"],"place_geo_lat":1.5,"place_geo_lon":-2}"#)
        #expect(try decodedBothWays(FlatVenue.self, text) == venue)
        let pretty = try venue.jsonString(options: .pretty())
        #expect(pretty.contains("\n  \"place_tags\": [\n    \"a\",\n    \"b\"\n  ],\n"))
        #expect(try decodedBothWays(FlatVenue.self, pretty) == venue)
    }

    @Test func aPageBesideItsItems() throws {
        let text = #"{"items":[{"page":9,"perPage":1,"total":1}],"page":2,"perPage":20,"total":41}"#
        let page = try decodedBothWays(FlatPage<FlatPaging>.self, text)
        #expect(page.paging == FlatPaging(page: 2, perPage: 20, total: 41))
        #expect(page.items == [FlatPaging(page: 9, perPage: 1, total: 1)])
        #expect(try page.jsonString() == text)
    }

    @Test func theArticlesExamples() throws {
        let card = try decodedBothWays(
            FlatCard.self,
            #"""
            {"id": "card_1", "brand": "Visa", "last4": "4242",
             "address_line1": "510 Townsend St", "address_city": "San Francisco", "address_zip": "94103"}
            """#)
        #expect(card.address == FlatCardAddress(line1: "510 Townsend St", city: "San Francisco", zip: "94103"))
        let error = try failure(FlatCard.self, #"{"id": "c", "brand": "b", "last4": "1", "address_line1": "l", "address_city": 5}"#)
        #expect(error.description == "address_city: expected String, found number 5; @JSONLenient converts it (line 1, column 79)")
        let search = try decodedBothWays(
            FlatRepositorySearch.self, #"{"total_count": 40, "incomplete_results": false, "items": ["loom"]}"#)
        #expect(search == FlatRepositorySearch(page: FlatSearchPage(totalCount: 40, incompleteResults: false), items: ["loom"]))
        #expect(try search.jsonString() == #"{"items":["loom"],"total_count":40,"incomplete_results":false}"#)
    }

    @Test func defaultsStandInWhenNoneOfTheKeysIsPresent() throws {
        let value = try decodedBothWays(FlatDefaults.self, #"{"id":1,"seen_lat":3,"seen_lon":4}"#)
        #expect(value == FlatDefaults(id: 1, there: FlatGeo(lat: 1, lon: 1), seen: FlatGeo(lat: 3, lon: 4)))
        // Read, never written.
        #expect(try value.jsonString() == #"{"id":1,"here_lat":0,"here_lon":0,"there_lat":1,"there_lon":1}"#)
        let present = try decodedBothWays(FlatDefaults.self, #"{"id":1,"here_lat":5,"here_lon":6}"#)
        #expect(present.here == FlatGeo(lat: 5, lon: 6))
    }

    @Test func anUpdateReplacesAFlattenedValueWhoseKeysArePresent() throws {
        var value = FlatMergeable(id: 1, address: FlatAddress(street: "s", city: "c"))
        try value.update(fromJSONString: #"{"id":2}"#)
        #expect(value == FlatMergeable(id: 2, address: FlatAddress(street: "s", city: "c")))
        try value.update(fromJSONString: #"{"a_street":"t","a_city":"d"}"#)
        #expect(value == FlatMergeable(id: 2, address: FlatAddress(street: "t", city: "d")))
    }

    @Test func aPrefixThatNeedsEscapes() throws {
        let value = FlatOddPrefix(id: 1, geo: FlatGeo(lat: 2, lon: 3))
        let text = try value.jsonString()
        #expect(text == #"{"id":1,"é\"/lat":2,"é\"/lon":3}"#)
        #expect(try decodedBothWays(FlatOddPrefix.self, text) == value)
        var options = JSONWritingOptions()
        options.escapeNonASCII = true
        options.escapeSlashes = true
        let escaped = try value.jsonString(options: options)
        #expect(escaped == #"{"id":1,"\u00e9\"\/lat":2,"\u00e9\"\/lon":3}"#)
        #expect(try decodedBothWays(FlatOddPrefix.self, escaped) == value)
    }

    @Test func aPayloadOfAnInternallyTaggedEnum() throws {
        let order = FlatEvent.order(Self.orderValue)
        let text = try order.jsonString()
        #expect(text == #"{"type":"order","id":1,"street":"Main 1","city":"Oslo","billing_street":"Side 2","billing_city":"Bergen","billing_zip":"5003"}"#)
        #expect(try decodedBothWays(FlatEvent.self, text) == order)
        // The tag later in the object, and escaped: read from the object's start again.
        let later = #"{"id":1,"street":"Main 1","city":"Oslo","type":"order"}"#
        #expect(try decodedBothWays(FlatEvent.self, later) == .order(FlatOrder(id: 1, shipping: FlatAddress(street: "Main 1", city: "Oslo"))))
        let escaped = #"{ "type" : "pl"ace\" , "name":"n","geo_lat":1,"geo_lon":2}"#
        expectSameOutcome(FlatEvent.self, escaped)
        let place = #"{ "t\u0079pe" : "place" , "name":"n","geo_lat":1,"geo_lon":2}"#
        #expect(try decodedBothWays(FlatEvent.self, place) == .place(FlatPlace(name: "n", geo: FlatGeo(lat: 1, lon: 2))))
    }

    // MARK: Optional flattened values

    @Test func anOptionalValueIsNilWhenNoneOfItsKeysIsPresent() throws {
        let text = #"{"id":1,"street":"Main 1","city":"Oslo"}"#
        let order = try decodedBothWays(FlatOrder.self, text)
        #expect(order.billing == nil)
        #expect(try order.jsonString() == text)
        // With `writesNulls`, a nil flattened value still writes nothing (it has no key of its
        // own to write `null` at); a present one writes its own nil members as `null`.
        var encoder = JSONModelEncoder()
        encoder.writesNulls = true
        #expect(String(decoding: try encoder.encodeBytes(order), as: UTF8.self) == #"{"id":1,"street":"Main 1","city":"Oslo","zip":null}"#)
    }

    @Test func anOptionalValueWithSomeKeysIsDecodedAndMustBeComplete() throws {
        let error = try failure(FlatOrder.self, #"{"id":1,"street":"Main 1","city":"Oslo","billing_zip":"5003"}"#)
        #expect(error.kind == .missingKey)
        #expect(error.description == #"billing_street: missing required key "billing_street" (line 1, column 1)"#)
    }

    // MARK: Errors name the keys as the object has them

    @Test func errorsNameThePrefixedKey() throws {
        let error = try failure(FlatOrder.self, #"{"id":1,"street":"Main 1","city":"Oslo","billing_street":5,"billing_city":"B"}"#)
        #expect(error.kind == .typeMismatch)
        #expect(error.pathDescription == "billing_street")
        #expect(error.description.hasPrefix("billing_street: expected String, found"))
        let missing = try failure(FlatOrder.self, #"{"id":1,"city":"Oslo"}"#)
        #expect(missing.description == #"street: missing required key "street" (line 1, column 1)"#)
        let nested = try failure(FlatVenue.self, #"{"id":1,"place_name":"n","place_geo_lat":"x","place_geo_lon":2}"#)
        #expect(nested.pathDescription == "place_geo_lat")
        // Inside an array, the path goes on from the parent's place.
        let inArray = try failure([FlatOrder].self, #"[{"id":1,"street":"s","city":"c","billing_street":"b","billing_city":true}]"#)
        #expect(inArray.pathDescription == "[0].billing_city")
    }

    @Test func encodingErrorsNameThePrefixedKey() throws {
        let place = FlatPlace(name: "n", geo: FlatGeo(lat: .nan, lon: 0))
        let error = try #require(throws: JSONError.self) { try place.jsonString() }
        #expect(error.message.hasPrefix("geo_lat: "))
        let inArray = try #require(throws: JSONError.self) { try [place].jsonString() }
        #expect(inArray.message.hasPrefix("[0].geo_lat: "))
        // A flattened value inside a flattened value.
        let venue = FlatVenue(id: 1, place: place)
        #expect(try #require(throws: JSONError.self) { try venue.jsonString() }.message.hasPrefix("place_geo_lat: "))
        #expect(try #require(throws: JSONError.self) { try [venue].jsonString() }.message.hasPrefix("[0].place_geo_lat: "))
    }

    @Test func collectedErrorsOfParentAndValueTogether() throws {
        var decoder = JSONModelDecoder()
        decoder.collectsAllErrors = true
        let error = try failure(
            FlatOrder.self, #"{"id":"one","street":"s","city":2,"billing_street":"b","billing_city":false}"#, decoder)
        #expect(error.kind == .multiple)
        #expect(error.errors.map(\.pathDescription) == ["id", "city", "billing_city"])
    }

    @Test func aLenientFlattenedValueIsCoercedAndReportedAtItsKeys() throws {
        let text = #"{"id":1,"at_lat":"1.5","at_lon":2}"#
        expectSameOutcome(FlatLenient.self, text)
        let (value, report) = try JSONModelDecoder().decodeWithReport(FlatLenient.self, from: text)
        #expect(value == FlatLenient(id: 1, at: FlatGeo(lat: 1.5, lon: 2)))
        #expect(report.notes.map { describePath($0.path) } == ["at_lat"])
        // Only the flattened value is lenient.
        #expect(throws: JSONDecodingError.self) { try JSONModelDecoder().decode(FlatLenient.self, from: #"{"id":"1","at_lat":1,"at_lon":2}"#) }
    }

    @Test func reportsNoteDefaultsUnderThePrefixedKey() throws {
        let (value, report) = try JSONModelDecoder().decodeWithReport(
            FlatCustomer.self, from: #"{"id":3,"contact_email":"a@b.c"}"#)
        #expect(value == FlatCustomer(id: 3, contact: FlatContact(email: "a@b.c")))
        #expect(report.notes.map(\.description) == [#"contact_country: key missing, used the default "US" (line 1, column 1)"#])
    }

    // MARK: Key strategies

    @Test func aStrategyConvertsTheValuesKeysNotThePrefix() throws {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        let text = #"{"account_type":"pro","owner_first_name":"Ada","owner_ID":3}"#
        let account = try decodedBothWays(FlatAccount.self, text, decoder)
        #expect(account == FlatAccount(accountType: "pro", owner: FlatOwner(firstName: "Ada", identifier: 3)))
        var encoder = JSONModelEncoder()
        encoder.keyStrategy = .snakeCase
        #expect(String(decoding: try encoder.encodeBytes(account), as: UTF8.self) == text)
        // As written, the keys are another model's: the value's required keys are missing.
        let error = try failure(FlatAccount.self, #"{"account_type":"pro","owner_firstName":"Ada","owner_ID":3}"#, decoder)
        #expect(error.pathDescription == "owner_first_name")
        var kebab = JSONModelDecoder()
        kebab.keyStrategy = .kebabCase
        let kebabText = #"{"account-type":"pro","owner_first-name":"Ada","owner_ID":3}"#
        #expect(try decodedBothWays(FlatAccount.self, kebabText, kebab) == account)
        var custom = JSONModelDecoder()
        custom.keyStrategy = .custom { $0.uppercased() }
        #expect(try decodedBothWays(FlatAccount.self, #"{"ACCOUNTTYPE":"pro","owner_FIRSTNAME":"Ada","owner_ID":3}"#, custom) == account)
    }

    // MARK: Unknown keys

    @Test func flattenedKeysAreKnownWhenUnknownKeysAreRejected() throws {
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        #expect(try decodedBothWays(FlatOrder.self, Self.order, decoder) == Self.orderValue)
        let error = try failure(FlatOrder.self, #"{"id":1,"street":"s","city":"c","billing_country":"NO"}"#, decoder)
        #expect(error.kind == .unknownKey)
        #expect(error.pathDescription == "billing_country")
    }

    @Test func theParentCapturesOnlyWhatNobodyMaps() throws {
        let text = #"{"id":1,"a_street":"s","a_city":"c","other":true,"street":"x"}"#
        let value = try decodedBothWays(FlatCapturing.self, text)
        #expect(value.address == FlatAddress(street: "s", city: "c"))
        #expect(value.extra == ["other": true, "street": "x"])
        let written = try value.jsonString()
        #expect(written == #"{"id":1,"a_street":"s","a_city":"c","other":true,"street":"x"}"#)
        #expect(try decodedBothWays(FlatCapturing.self, written) == value)
    }

    @Test func theFlattenedValueCapturesNothingOfItsParent() throws {
        let value = try decodedBothWays(FlatWithExtras.self, #"{"id":1,"x_note":"n","x_other":2,"other":3}"#)
        #expect(value == FlatWithExtras(id: 1, extras: FlatExtras(note: "n")))
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        let error = try failure(FlatWithExtras.self, #"{"id":1,"x_note":"n","other":3}"#, decoder)
        #expect(error.pathDescription == "other")
    }

    // MARK: Duplicates and conflicts

    @Test func theDuplicateKeyPolicyAppliesToFlattenedKeys() throws {
        let text = #"{"id":1,"street":"first","city":"c","street":"last"}"#
        expectSameOutcome(FlatOrder.self, text)
        var first = JSONModelDecoder()
        first.parsingOptions.duplicateKeys = .useFirst
        #expect(try first.decode(FlatOrder.self, from: text).shipping.street == "first")
        expectSameOutcome(FlatOrder.self, text, first)
        var last = JSONModelDecoder()
        last.parsingOptions.duplicateKeys = .useLast
        #expect(try last.decode(FlatOrder.self, from: text).shipping.street == "last")
        var reject = JSONModelDecoder()
        reject.parsingOptions.duplicateKeys = .reject
        #expect(throws: (any Error).self) { try reject.decode(FlatOrder.self, from: text) }
        #expect(throws: (any Error).self) {
            try reject.decode(FlatOrder.self, from: #"{"id":1,"street":"s","city":"c","billing_city":"a","billing_city":"b"}"#)
        }
    }

    @Test func twoPropertiesWithOneKeyAreAnErrorOnBothPaths() throws {
        let text = #"{"street":"s","city":"c"}"#
        #expect(directly(FlatSameKeyAsOwn.self, text) == nil)
        let error = try #require(throws: JSONDecodingError.self) { try JSONModelDecoder().decode(FlatSameKeyAsOwn.self, from: text) }
        #expect(error.description.contains(#"two properties have the key "street""#))
        let twice = try #require(throws: JSONDecodingError.self) { try JSONModelDecoder().decode(FlatSameKeyTwice.self, from: text) }
        #expect(twice.description.contains(#"two properties have the key "street""#))
        let value = FlatSameKeyTwice(home: FlatAddress(street: "a", city: "b"), work: FlatAddress(street: "c", city: "d"))
        let encodingError = try #require(throws: JSONError.self) { try value.jsonString() }
        #expect(encodingError.message.contains(#"two properties have the key "street""#))
    }

    @Test func keysOneStyleMakesTheSameConflictInThatStyleOnly() throws {
        let text = #"{"userId":1,"user_id":2}"#
        #expect(try decodedBothWays(FlatStyleClash.self, text) == FlatStyleClash(userId: 1, other: FlatSnakeChild(user_id: 2)))
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        let error = try #require(throws: JSONDecodingError.self) { try decoder.decode(FlatStyleClash.self, from: text) }
        #expect(error.description.contains(#"two properties have the key "user_id""#))
        var encoder = JSONModelEncoder()
        encoder.keyStrategy = .snakeCase
        #expect(throws: JSONError.self) { try encoder.encodeBytes(FlatStyleClash(userId: 1, other: FlatSnakeChild(user_id: 2))) }
    }

    @Test func aConformanceWrittenThroughTheMappingCanBeFlattened() throws {
        let text = #"{"id":1,"user_login":"mona","user_id":2}"#
        let value = try decodedBothWays(FlatOfHandMapped.self, text)
        #expect(value == FlatOfHandMapped(id: 1, user: HandUser(login: "mona", id: 2)))
        #expect(try value.jsonString() == text)
    }

    @Test func onlyModelsCanBeFlattened() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try JSONModelDecoder().decode(FlatOfHandWritten.self, from: #"{"id":1,"value":2}"#)
        }
        #expect(error.description.contains("FlatHandWritten cannot be flattened"))
        let encoding = try #require(throws: JSONError.self) {
            try FlatOfHandWritten(id: 1, hand: FlatHandWritten(value: 2)).jsonString()
        }
        #expect(encoding.message.contains("FlatHandWritten cannot be flattened"))
    }

    // MARK: Schema

    @Test func theSchemaListsTheFlattenedProperties() throws {
        let schema = JSONSchema.of(FlatOrder.self)
        let properties = try #require(schema["properties"]?.objectValue)
        #expect(properties.map(\.key) == ["id", "street", "city", "zip", "billing_street", "billing_city", "billing_zip"])
        #expect(schema["required"] == ["id", "street", "city"])
        // The flattened type is described in place, not defined.
        #expect(schema["$defs"] == nil)
        // An optional value's required keys are required once any of its keys is present.
        let rules = try #require(schema["allOf"]?.arrayValue)
        #expect(rules.count == 1)
        #expect(rules.first?["then"] == ["required": ["billing_street", "billing_city"]])
    }

    // MARK: Round trip over generated values

    private static let text = Gen<Character?>.element(of: Array("ab é\"\\\n🎉") as [Character]).map { $0 ?? "a" }
        .string(of: 0...8)

    @Test func decodeEncodeDecodeRoundTrips() async {
        let address = zip(Self.text, Self.text, Self.text.optional).map { FlatAddress(street: $0, city: $1, zip: $2) }
        await propertyCheck(count: 200, input: Gen.int(in: -1000...1000), address, address.optional) { id, shipping, billing in
            let order = FlatOrder(id: id, shipping: shipping, billing: billing)
            do {
                let bytes = try order.jsonBytes()
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(directly(FlatOrder.self, bytes) == order, "\(text)")
                #expect(try generally(FlatOrder.self, bytes).get() == order, "\(text)")
                let pretty = try order.jsonBytes(options: .pretty(indentWidth: 3))
                #expect(try JSONModelDecoder().decode(FlatOrder.self, from: pretty) == order)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
