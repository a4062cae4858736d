import Foundation
import Loom
import Testing

// The models and calls the catalog's articles show (Sources/Loom/Loom.docc), compiled and run,
// so that an article cannot drift from the API. Each namespace is one article.

struct ArticleError: Error, Equatable {
    var reason: String
}

/// Getting Started.
enum GettingStartedArticle {
    @JSONModel
    struct Issue {
        enum State: String, CaseIterable { case open, closed }

        @JSONKey("html_url") var htmlURL: URL
        var number: Int
        var state: State
        @JSONKey("user.login") var reporter: String
        @JSONKey("updated_at") @JSONTransform(.iso8601) var updatedAt: Date
        var body: String?
        var labels: [String] = []
        @JSONIgnore var isRead = false
    }

    static let json = """
        { "html_url": "https://github.com/octo-org/loom/issues/1347", "number": 1347,
          "state": "open", "user": { "login": "mona-lisa", "id": 583231 },
          "updated_at": "2024-03-21T16:05:02Z", "body": null }
        """
}

/// Coming from Codable.
enum CodableArticle {
    @JSONModel
    struct Issue {
        var number: Int
        @JSONKey("html_url") var htmlURL: URL
        @JSONKey("user.login") var reporter: String
    }

    @JSONModel
    struct Position: Equatable {
        var lat: Double
        var lng: Double
    }

    @JSONModel
    struct Place {
        @JSONKey("id", "ID") var id: Int
        var labels: [String] = []
        var body: String?
        @JSONKey(collecting: ["lat", "lng"]) var position: Position
        @JSONIgnore var isRead = false
    }

    @JSONModel
    struct Product {
        var name: String
        @JSONTransform(.numericString(Double.self)) var price: Double
        @JSONTransform(.separated(by: ",")) var tags: [String]

        func validate() throws {
            if price < 0 { throw ArticleError(reason: "negative price") }
        }
    }

    @JSONModel struct Image: Equatable { var url: URL; var width: Int }
    @JSONModel struct File: Equatable { var name: String; var size: Int }

    @JSONModel(representation: .internal(tag: "type"))
    enum Attachment: Equatable {
        case image(Image)
        case file(File)
    }
}

/// Coming from Mantle.
enum MantleArticle {
    @JSONModel
    final class GHIssue {
        var url: URL
        @JSONKey("html_url") var htmlURL: URL
        var number: Int
        @JSONKey("user.login") var reporterLogin: String
        @JSONKey("updated_at") @JSONTransform(.iso8601) var updatedAt: Date
        @JSONIgnore var retrievedAt = Date()
    }

    @JSONModel
    struct StatefulIssue {
        enum State: Equatable, Sendable { case open, closed }

        @JSONKey("updated_at") @JSONTransform(.date(format: "yyyy-MM-dd'T'HH:mm:ssZ")) var updatedAt: Date
        @JSONTransform(.valueMapping(["open": State.open, "closed": .closed])) var state: State
    }

    @JSONModel
    struct Event {
        var start: Date
        var title: String

        static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>? {
            name == "start" ? .matching(.secondsSince1970) : nil
        }
    }

    @JSONModel
    class Message {
        var id: Int

        class func jsonClass(for object: JSONElement) -> Message.Type? {
            if object["image_url"] != nil { return PictureMessage.self }
            if object["body"] != nil { return TextMessage.self }
            return Message.self
        }
    }

    @JSONModel final class TextMessage: Message { var body: String }
    @JSONModel final class PictureMessage: Message { @JSONKey("image_url") var imageURL: URL }

    @JSONModel
    struct MergedIssue: JSONMergeable {
        var title: String
        var labels: [String]
        @JSONMerge(.keep) var localNote: String?

        static func validateTitle(_ title: String) -> Bool { !title.isEmpty }

        static func mergeLabels(_ current: inout [String], _ other: [String]) {
            current += other
        }
    }
}

/// Coming from JSONModel and YYModel.
enum JSONModelArticle {
    @JSONModel struct Product: Equatable { var name: String }

    @JSONModel
    struct Order {
        @JSONKey("order_id") var orderID: Int
        @JSONKey("product.name") var productName: String
        var note: String?
        var products: [Product]
        @JSONIgnore var fetchedAt = Date()
    }

    @JSONModel struct Author: Equatable { var name: String }

    @JSONModel
    struct Book {
        @JSONKey("id", "ID", "book_id") var bookID: Int
        @JSONKey("ext.desc") var desc: String?
        var authors: [Author]
        @JSONTransform(.secondsSince1970) var published: Date
        @JSONIgnore var coverImage: Data? = nil
    }

    @JSONModel
    struct Coupon {
        var code: String
        @JSONTransform(.secondsSince1970) var expires: Date

        func validate() throws {
            if code.isEmpty { throw ArticleError(reason: "empty code") }
        }
    }
}

@Suite("The articles' examples")
struct ArticleExampleTests {
    @Test func gettingStarted() throws {
        let issue = try GettingStartedArticle.Issue(jsonData: Data(GettingStartedArticle.json.utf8))
        #expect(issue.reporter == "mona-lisa" && issue.state == .open && issue.body == nil && issue.labels == [])
        #expect(issue.updatedAt == Date(timeIntervalSince1970: 1_711_037_102))

        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        decoder.unknownKeys = .reject
        decoder.coercion = .lenient
        decoder.parsingOptions.maxDepth = 64
        let strict = try decoder.decode(GettingStartedArticle.Issue.self, from: Data(GettingStartedArticle.json.utf8))
        #expect(strict.number == 1347)
        // A key the model does not map is rejected, with its path.
        let withComments = GettingStartedArticle.json.replacingOccurrences(
            of: #""number": 1347,"#, with: #""number": 1347, "comments": 3,"#)
        #expect(throws: JSONDecodingError.self) {
            try decoder.decode(GettingStartedArticle.Issue.self, from: Data(withComments.utf8))
        }

        let reopened = GettingStartedArticle.json.replacingOccurrences(of: #""open""#, with: #""reopened""#)
        do {
            _ = try GettingStartedArticle.Issue(jsonData: Data(reopened.utf8))
            Issue.record("decoded an unknown state")
        } catch let error as JSONDecodingError {
            #expect(error.kind == .invalidValue)
            #expect(error.pathDescription == "state")
            #expect(
                "\(error)"
                    == #"state: unknown State value string "reopened", expected one of "open", "closed" (line 2, column 12)"#)
        }

        var encoder = JSONModelEncoder()
        encoder.writesNulls = true
        let written = String(decoding: try encoder.encode(issue), as: UTF8.self)
        #expect(written.contains(#""user":{"login":"mona-lisa"}"#) && written.contains(#""body":null"#))
        #expect(!(try issue.jsonString()).contains("body"))
        #expect(try issue.jsonString(options: .pretty()).contains("\n  \"number\": 1347"))
    }

    @Test func jsonDocuments() throws {
        let value = try JSONValue(parsing: #"{"user": {"login": "octocat"}, "ids": [1, 2]}"#)
        #expect(value["user"]?["login"] == .string("octocat"))
        var options = JSONParsingOptions()
        options.maxDepth = 64
        options.maxInputLength = 1 << 20
        let document = try JSONDocument(parsing: Data(#"{"a": [1, 2]}"#.utf8), options: options)
        #expect(JSONValue(element: document.root) == ["a": [1, 2]])
        var writing = JSONWritingOptions.pretty(indentWidth: 4)
        writing.sortedKeys = true
        #expect(try value.jsonString(options: writing).hasPrefix("{\n    \"ids\": ["))
    }

    @Test func comingFromCodable() throws {
        let issue = try CodableArticle.Issue(
            jsonString: #"{"number": 1, "html_url": "https://example.com/1", "user": {"login": "a"}}"#)
        #expect(try issue.jsonString() == #"{"number":1,"html_url":"https://example.com/1","user":{"login":"a"}}"#)

        let place = try CodableArticle.Place(jsonString: #"{"ID": 7, "lat": 1.5, "lng": -2}"#)
        #expect(place.id == 7 && place.labels == [] && place.body == nil)
        #expect(place.position == CodableArticle.Position(lat: 1.5, lng: -2))

        let product = try CodableArticle.Product(jsonString: #"{"name": "pen", "price": "12.50", "tags": "a,b,c"}"#)
        #expect(product.price == 12.5 && product.tags == ["a", "b", "c"])
        #expect(throws: JSONDecodingError.self) {
            try CodableArticle.Product(jsonString: #"{"name": "pen", "price": "-1", "tags": ""}"#)
        }

        let attachment = try CodableArticle.Attachment(jsonString: #"{"type": "file", "name": "a.txt", "size": 1024}"#)
        #expect(attachment == .file(CodableArticle.File(name: "a.txt", size: 1024)))
        #expect(try CodableArticle.Attachment(jsonData: attachment.jsonData()) == attachment)
    }

    @Test func comingFromMantle() throws {
        let issue = try MantleArticle.GHIssue(
            jsonString: """
                {"url": "https://api.github.com/1", "html_url": "https://github.com/1", "number": 1,
                 "user": {"login": "octocat"}, "updated_at": "2024-03-21T16:05:02Z"}
                """)
        #expect(issue.reporterLogin == "octocat" && issue.number == 1)

        let stateful = try MantleArticle.StatefulIssue(
            jsonString: #"{"updated_at": "2024-03-21T16:05:02+0000", "state": "closed"}"#)
        #expect(stateful.state == .closed && stateful.updatedAt == Date(timeIntervalSince1970: 1_711_037_102))

        let event = try MantleArticle.Event(jsonString: #"{"start": 1700000000, "title": "launch"}"#)
        #expect(event.start == Date(timeIntervalSince1970: 1_700_000_000))

        let messages = try [MantleArticle.Message](
            jsonString: #"[{"id": 1, "body": "hi"}, {"id": 2, "image_url": "https://example.com/a.png"}, {"id": 3}]"#)
        #expect(messages[0] is MantleArticle.TextMessage && messages[1] is MantleArticle.PictureMessage)
        #expect(!(messages[2] is MantleArticle.TextMessage) && !(messages[2] is MantleArticle.PictureMessage))

        var stored = MantleArticle.MergedIssue(title: "Crash", labels: ["bug"], localNote: "mine")
        let refreshed = MantleArticle.MergedIssue(title: "Crash on launch", labels: ["p1"], localNote: nil)
        stored.merge(from: refreshed)
        #expect(stored.title == "Crash on launch" && stored.labels == ["bug", "p1"] && stored.localNote == "mine")
        try stored.update(fromJSON: Data(#"{"title": "Fixed"}"#.utf8))
        #expect(stored.title == "Fixed" && stored.labels == ["bug", "p1"])
        #expect(throws: JSONDecodingError.self) {
            try MantleArticle.MergedIssue(jsonString: #"{"title": "", "labels": []}"#)
        }
    }

    @Test func comingFromJSONModelAndYYModel() throws {
        let order = try JSONModelArticle.Order(
            jsonString: #"{"order_id": 5, "product": {"name": "pen"}, "products": [{"name": "ink"}]}"#)
        #expect(order.orderID == 5 && order.productName == "pen" && order.note == nil)
        #expect(order.products == [JSONModelArticle.Product(name: "ink")])

        let book = try JSONModelArticle.Book(
            jsonString: #"{"book_id": 9, "ext": {"desc": "d"}, "authors": [{"name": "A"}], "published": 0}"#)
        #expect(book.bookID == 9 && book.desc == "d" && book.published == Date(timeIntervalSince1970: 0))
        do {
            _ = try JSONModelArticle.Book(jsonString: #"{"id": 9, "authors": [], "published": "soon"}"#)
            Issue.record("decoded a date from text")
        } catch let error as JSONDecodingError {
            #expect(error.pathDescription == "published")
        }

        #expect(throws: JSONDecodingError.self) {
            try JSONModelArticle.Coupon(jsonString: #"{"code": "", "expires": 0}"#)
        }
    }
}
