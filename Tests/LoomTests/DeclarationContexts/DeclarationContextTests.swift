import Foundation
import Loom
import LoomExamples
import Testing

// Models declared where apps declare them, each place in a declaration group of its own, so a
// failure names its place. Every model names its siblings by their short names, as its own
// declaration would; expansion tests cannot see whether those names resolve, so these compile
// real declarations and round-trip them.

// MARK: Top level

@JSONModel
struct TopLevelIssue: Equatable {
    var number: Int
    var user: TopLevelUser
    var labels: [TopLevelLabel]
}

@JSONModel
struct TopLevelUser: Equatable { var login: String }

@JSONModel
struct TopLevelLabel: Equatable { var name: String }

// MARK: Nested in an enum used as a namespace

enum GitHubAPI {
    @JSONModel
    struct Issue: Equatable {
        var number: Int
        var user: User
        var labels: [Label]
    }

    @JSONModel
    struct User: Equatable { var login: String }

    @JSONModel
    struct Label: Equatable { var name: String }
}

// MARK: Nested in a struct used as a namespace

struct Shop {
    @JSONModel
    struct Order: Equatable {
        var id: Int
        var items: [Item]
        var status: Status
    }

    @JSONModel
    struct Item: Equatable {
        var sku: String
        var quantity: Int
    }

    enum Status: String { case open, shipped }
}

// MARK: Nested in a class used as a namespace

final class Library {
    @JSONModel
    struct Book: Equatable {
        var title: String
        var author: Author
        var shelves: [String: Shelf]
    }

    @JSONModel
    struct Author: Equatable { var name: String }

    @JSONModel
    struct Shelf: Equatable { var row: Int }
}

// MARK: Nested in another model

@JSONModel
struct Feed: Equatable {
    var title: String
    var entries: [Entry]

    @JSONModel
    struct Entry: Equatable {
        var id: Int
        var author: Author?
    }

    @JSONModel
    struct Author: Equatable { var name: String }
}

// MARK: In an extension of a namespace

enum RepositoryAPI {}

extension RepositoryAPI {
    @JSONModel
    struct Repo: Equatable {
        var name: String
        var owner: Owner
    }

    @JSONModel
    struct Owner: Equatable { var login: String }
}

// MARK: In an extension of a namespace in another file (DeclarationContexts+Store.swift)

enum Store {}

// MARK: Generic models, and a model nested in a generic type

enum Paging {
    @JSONModel
    struct Page<Item: JSONModel & Equatable>: Equatable {
        var items: [Item]
        var next: Cursor?
    }

    @JSONModel
    struct Cursor: Equatable { var token: String }

    @JSONModel
    struct Tag: Equatable { var name: String }
}

struct Envelope<Payload> {
    @JSONModel
    struct Meta: Equatable {
        var count: Int
        var kind: Kind
    }

    enum Kind: String { case full, partial }
}

// MARK: In a constrained or specialized extension of a generic type

struct Feedback<Subject> {}

extension Feedback where Subject: JSONModel & Equatable {
    @JSONModel
    struct Review: Equatable {
        var subject: Subject
        @JSONKey("stars", "rating") var stars: Int
    }

    @JSONModel
    enum Verdict: Equatable {
        case keep(Subject)
        case drop(reason: String)
    }
}

extension Feedback<Int> {
    @JSONModel
    final class Tally: Equatable {
        var total: Int
        @JSONTransform(.iso8601) var since: Date
    }
}

// MARK: fileprivate and private models

enum Vault {
    @JSONModel
    fileprivate struct Entry: Equatable {
        var name: String
        var secret: Secret
    }

    @JSONModel
    fileprivate struct Secret: Equatable { var value: String }

    /// A private type nested in another: no extension can name it, so it declares its
    /// conformance itself and `@JSONModel` generates everything in its body.
    @JSONModel
    private struct Token: Equatable, JSONModel {
        var value: String
        var scope: Scope
        var expires: Int? = nil
    }

    @JSONModel
    private struct Scope: Equatable, JSONModel { var name: String }

    fileprivate static func entry(_ json: String) throws -> (Entry, Entry) {
        try roundTrip(Entry.self, json)
    }

    /// The private model round-trips, and keeps Swift's memberwise initializer.
    static func tokenRoundTrips(_ json: String) throws -> Bool {
        let (value, _) = try roundTrip(Token.self, json)
        return value == Token(value: "abc", scope: Scope(name: "read"))
    }
}

@JSONModel
private struct PrivateTopLevel: Equatable { var id: Int }

// MARK: Classes: final classes, hierarchies, clusters

enum Accounts {
    @JSONModel
    final class Account: Equatable {
        var id: Int
        var owner: Owner
        var plan: Plan = .free
    }

    @JSONModel
    struct Owner: Equatable { var login: String }

    enum Plan: String { case free, pro }
}

enum Vehicles {
    @JSONModel
    class Vehicle: Equatable {
        var maker: Maker
    }

    @JSONModel
    final class Car: Vehicle {
        var doors: Int
    }

    @JSONModel
    struct Maker: Equatable { var name: String }
}

enum Chat {
    /// A class cluster whose chooser names its subclasses by their short names.
    @JSONModel
    class Message: Equatable {
        var id: Int

        class func jsonClass(for object: JSONElement) -> Message.Type? {
            if object["body"] != nil { return Text.self }
            if object["url"] != nil { return Picture.self }
            return Message.self
        }
    }

    @JSONModel
    final class Text: Message {
        var body: String
    }

    @JSONModel
    final class Picture: Message {
        var url: URL
        var size: Size
    }

    @JSONModel
    struct Size: Equatable {
        var width: Int
        var height: Int
    }
}

// MARK: Polymorphic enums whose cases carry sibling models

enum Sketchbook {
    @JSONModel(representation: .internal(tag: "type"))
    enum Shape: Equatable {
        case circle(Circle)
        case square(Square)
        @JSONFallback case unknown(JSONValue)
    }

    @JSONModel(representation: .adjacent(tag: "kind", content: "data"))
    enum Stroke: Equatable {
        case solid(Solid)
        case dashed(Dashed)
    }

    @JSONModel
    struct Circle: Equatable { var radius: Double }

    @JSONModel
    struct Square: Equatable { var side: Double }

    @JSONModel
    struct Solid: Equatable { var width: Int }

    @JSONModel
    struct Dashed: Equatable { var pattern: [Int] }

    @JSONModel
    struct Canvas: Equatable {
        var shapes: [Shape]
        var stroke: Stroke?
    }
}

// MARK: Transformers, defaults, hooks and validators that name sibling types

enum Preferences {
    @JSONModel
    struct Profile: Equatable, JSONMergeable {
        var name: String
        @JSONDefault(Theme.standard) var theme: Theme
        @JSONTransform(Shout()) var greeting: String
        var role: Role = .member
        @JSONIgnore var normalized = ""

        mutating func jsonDidDecode() {
            normalized = Normalizer.normalize(name)
        }

        static func validateName(_ name: String) throws {
            try Rules.check(name)
        }
    }

    enum Theme: String { case standard, dark }
    enum Role: String { case member, admin }

    /// Upper-cases on decode, lower-cases on encode.
    struct Shout: JSONTransformer {
        func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> String {
            try String(json: element, context: context).uppercased()
        }

        func encode(_ value: String, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
            writer.write(value.lowercased())
        }
    }

    enum Normalizer {
        static func normalize(_ name: String) -> String { name.lowercased() }
    }

    enum Rules {
        struct Empty: Error {}
        static func check(_ name: String) throws { if name.isEmpty { throw Empty() } }
    }
}

// MARK: Sibling types with one-letter names, which generated code must not shadow

enum ShortNames {
    @JSONModel
    struct R: Equatable { var x: Int }

    @JSONModel
    struct T: Equatable {
        var r: R
        var list: [R]
        var optional: R?
    }

    @JSONModel
    enum E: Equatable { case r(R) }

    @JSONModel
    final class C: Equatable { var r: R? }
}

// MARK: Helpers

/// Decodes `json`, checks that decoding from a parsed document gives the same, encodes the
/// value, decodes that again and checks it is equal; returns the first and second values.
@discardableResult
func roundTrip<T: JSONModel & Equatable>(
    _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (T, T) {
    let value = try T(jsonData: Data(json.utf8))
    let document = try JSONDocument(parsing: Array(json.utf8))
    #expect(try JSONModelDecoder().decode(T.self, from: document) == value, sourceLocation: sourceLocation)
    let again = try T(jsonData: try value.jsonData())
    #expect(again == value, sourceLocation: sourceLocation)
    return (value, again)
}

/// The description of the error decoding `json` as `T` throws.
private func decodingError<T: JSONModel>(_ type: T.Type, _ json: String) -> String? {
    do {
        _ = try T(jsonData: Data(json.utf8))
        return nil
    } catch {
        return String(describing: error)
    }
}

private let issueJSON = #"{"number": 7, "user": {"login": "mona"}, "labels": [{"name": "bug"}, {"name": "ui"}]}"#

// MARK: Tests

@Suite("Declaration contexts: models compile and round-trip wherever Swift allows a type")
struct DeclarationContextTests {
    @Test func topLevel() throws {
        let (issue, _) = try roundTrip(TopLevelIssue.self, issueJSON)
        #expect(issue.user.login == "mona")
        #expect(issue.labels.map(\.name) == ["bug", "ui"])
    }

    @Test func siblingsWithOneLetterNames() throws {
        let (value, _) = try roundTrip(ShortNames.T.self, #"{"r": {"x": 1}, "list": [{"x": 2}], "optional": null}"#)
        #expect(value == ShortNames.T(r: .init(x: 1), list: [.init(x: 2)], optional: nil))
        let (choice, _) = try roundTrip(ShortNames.E.self, #"{"r": {"x": 3}}"#)
        #expect(choice == .r(.init(x: 3)))
        let (object, _) = try roundTrip(ShortNames.C.self, #"{"r": {"x": 4}}"#)
        #expect(object.r?.x == 4)
    }

    @Test func nestedInAnEnum() throws {
        let (issue, _) = try roundTrip(GitHubAPI.Issue.self, issueJSON)
        #expect(issue == GitHubAPI.Issue(number: 7, user: .init(login: "mona"), labels: [.init(name: "bug"), .init(name: "ui")]))
    }

    @Test func nestedInAStruct() throws {
        let (order, _) = try roundTrip(
            Shop.Order.self, #"{"id": 1, "items": [{"sku": "a-1", "quantity": 2}], "status": "shipped"}"#)
        #expect(order.items == [Shop.Item(sku: "a-1", quantity: 2)])
        #expect(order.status == .shipped)
    }

    @Test func nestedInAClass() throws {
        let (book, _) = try roundTrip(
            Library.Book.self, #"{"title": "Dune", "author": {"name": "Herbert"}, "shelves": {"sf": {"row": 3}}}"#)
        #expect(book.shelves["sf"]?.row == 3)
    }

    @Test func nestedInAModel() throws {
        let (feed, _) = try roundTrip(
            Feed.self, #"{"title": "news", "entries": [{"id": 1, "author": {"name": "ana"}}, {"id": 2}]}"#)
        #expect(feed.entries.map(\.author?.name) == ["ana", nil])
    }

    @Test func inAnExtensionOfANamespace() throws {
        let (repo, _) = try roundTrip(RepositoryAPI.Repo.self, #"{"name": "loom", "owner": {"login": "octo"}}"#)
        #expect(repo.owner.login == "octo")
    }

    @Test func inAnExtensionInAnotherFile() throws {
        let (product, _) = try roundTrip(
            Store.Product.self, #"{"name": "lamp", "price": {"amount": 1250, "currency": "EUR"}, "tags": ["home"]}"#)
        #expect(product.price == Store.Price(amount: 1250, currency: .eur))
    }

    @Test func genericModels() throws {
        let json = #"{"items": [{"name": "swift"}], "next": {"token": "t2"}}"#
        let (page, _) = try roundTrip(Paging.Page<Paging.Tag>.self, json)
        #expect(page.items == [Paging.Tag(name: "swift")])
        #expect(page.next?.token == "t2")
        let (meta, _) = try roundTrip(Envelope<Int>.Meta.self, #"{"count": 3, "kind": "partial"}"#)
        #expect(meta.kind == .partial)
    }

    @Test func inAConstrainedExtensionOfAGenericType() throws {
        let (review, _) = try roundTrip(
            Feedback<Paging.Tag>.Review.self, #"{"subject": {"name": "swift"}, "rating": 5}"#)
        #expect(review == Feedback.Review(subject: Paging.Tag(name: "swift"), stars: 5))
        for verdict in [Feedback<Paging.Tag>.Verdict.keep(Paging.Tag(name: "a")), .drop(reason: "stale")] {
            #expect(try Feedback<Paging.Tag>.Verdict(jsonData: try verdict.jsonData()) == verdict)
        }
        let (tally, _) = try roundTrip(Feedback<Int>.Tally.self, #"{"total": 3, "since": "2026-01-02T03:04:05Z"}"#)
        #expect(tally.total == 3)
        #expect(try tally.jsonString().contains(#""since":"2026-01-02T03:04:05Z""#))
    }

    @Test func publicModelsFromAnotherModule() throws {
        let json = #"{"sku": "A-1", "price": {"amount": 999, "currency": "USD"}, "variants": [{"color": "red"}]}"#
        let (product, _) = try roundTrip(Catalog.Product.self, json)
        #expect(product.variants.first?.color == "red")
        #expect(product.price.currency == "USD")
    }

    @Test func fileprivateAndPrivateModels() throws {
        let (entry, _) = try Vault.entry(#"{"name": "wifi", "secret": {"value": "hunter2"}}"#)
        #expect(entry.secret.value == "hunter2")
        #expect(try Vault.tokenRoundTrips(#"{"value": "abc", "scope": {"name": "read"}}"#))
        try roundTrip(PrivateTopLevel.self, #"{"id": 4}"#)
    }

    @Test func finalClass() throws {
        let (account, _) = try roundTrip(Accounts.Account.self, #"{"id": 1, "owner": {"login": "mona"}, "plan": "pro"}"#)
        #expect(account.plan == .pro)
    }

    @Test func classHierarchy() throws {
        let (car, _) = try roundTrip(Vehicles.Car.self, #"{"maker": {"name": "Volvo"}, "doors": 5}"#)
        #expect(car.maker.name == "Volvo")
        #expect(car.doors == 5)
    }

    @Test func classCluster() throws {
        let text = try Chat.Message(jsonData: Data(#"{"id": 1, "body": "hi"}"#.utf8))
        #expect((text as? Chat.Text)?.body == "hi")
        let picture = try Chat.Message(jsonData: Data(#"{"id": 2, "url": "https://x.org/p.png", "size": {"width": 4, "height": 3}}"#.utf8))
        #expect((picture as? Chat.Picture)?.size == Chat.Size(width: 4, height: 3))
        let again = try Chat.Message(jsonData: try picture.jsonData())
        #expect(again == picture)
    }

    @Test func polymorphicEnums() throws {
        let json = #"""
            {"shapes": [{"type": "circle", "radius": 1.5}, {"type": "square", "side": 2}, {"type": "star", "points": 5}],
             "stroke": {"kind": "dashed", "data": {"pattern": [1, 2]}}}
            """#
        let (canvas, _) = try roundTrip(Sketchbook.Canvas.self, json)
        #expect(canvas.shapes.first == .circle(Sketchbook.Circle(radius: 1.5)))
        #expect(canvas.stroke == .dashed(Sketchbook.Dashed(pattern: [1, 2])))
        guard case .unknown(let raw)? = canvas.shapes.last else {
            Issue.record("expected the fallback case, got \(String(describing: canvas.shapes.last))")
            return
        }
        #expect(raw["points"] == 5)
    }

    @Test func transformersDefaultsAndHooks() throws {
        let (profile, _) = try roundTrip(Preferences.Profile.self, #"{"name": "Ana", "greeting": "hello", "role": "admin"}"#)
        #expect(profile.theme == .standard)
        #expect(profile.greeting == "HELLO")
        #expect(profile.normalized == "ana")
        #expect(try profile.jsonString() == #"{"name":"Ana","theme":"standard","greeting":"hello","role":"admin"}"#)
        var merged = profile
        try merged.update(fromJSON: Data(#"{"theme": "dark"}"#.utf8))
        #expect(merged.theme == .dark)
        #expect(decodingError(Preferences.Profile.self, #"{"name": "", "greeting": "x"}"#)?.hasPrefix("name: ") == true)
    }

    @Test func codableThroughFoundation() throws {
        let issue = try GitHubAPI.Issue(jsonData: Data(issueJSON.utf8))
        let data = try JSONEncoder().encode(issue)
        #expect(try JSONDecoder().decode(GitHubAPI.Issue.self, from: data) == issue)
    }

    /// Wrong input gives the same errors, paths and positions wherever the model is declared.
    @Test func errorsDoNotDependOnThePlace() {
        let cases = [
            (#"{"number": 7, "user": {"login": 5}, "labels": []}"#,
             "user.login: expected String, found number 5; @JSONLenient converts it (line 1, column 33)"),
            (#"{"number": 7, "user": {"login": "a"}, "labels": [{"name": "x"}, {}]}"#,
             #"labels[1].name: missing required key "name" (line 1, column 65)"#),
            (#"{"number": "seven", "user": {"login": "a"}, "labels": []}"#,
             #"number: expected Int, found string "seven" (line 1, column 12)"#),
            (#"{"number": 7, "user": {"login": "a"}, "labels": [}"#, "expected a value, found '}' (line 1, column 50)"),
        ]
        for (json, message) in cases {
            #expect(decodingError(TopLevelIssue.self, json) == message)
            #expect(decodingError(GitHubAPI.Issue.self, json) == message)
        }
    }
}
