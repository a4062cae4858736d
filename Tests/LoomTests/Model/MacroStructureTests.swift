import Foundation
import Loom
import Testing

@JSONModel
struct Owner: Equatable, Hashable {
    var login: String
    var id: Int
}

@JSONModel
struct Repository: Equatable {
    var name: String
    var owner: Owner
    var contributors: [Owner] = []
    var grid: [[[Double]]]
    var teams: [String: [Owner]]
    var topics: Set<String>
    var stars: [Int: String]
    var byState: [Ticket.Status: Int]
    var sparse: [Int?]
    var nestedOptional: [String: [Owner?]]?
}

@JSONModel
struct Node: Equatable {
    var name: String
    var children: [Node]
    var parent: [Node]?
}

@JSONModel
struct Page<Item: JSONModel & Equatable>: Equatable {
    var items: [Item]
    @JSONKey("meta.next") var next: URL?
    var total: Int = 0
}

@JSONModel
public struct PublicPoint: Equatable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

@JSONModel
struct Secretive: Equatable {
    private(set) var visible: Int
    private var hidden: String = ""
    fileprivate var internalish: Bool = false

    var secret: String { hidden }
}

enum Namespace {
    @JSONModel
    struct Inner: Equatable {
        var value: Int
    }
}

@Suite("@JSONModel: nesting and collections")
struct MacroStructureTests {
    let json = #"""
        {
          "name": "loom",
          "owner": {"login": "octocat", "id": 1},
          "contributors": [{"login": "a", "id": 2}, {"login": "b", "id": 3}],
          "grid": [[[1.5, 2], [3]], [], [[-0.25]]],
          "teams": {"core": [{"login": "a", "id": 2}], "docs": []},
          "topics": ["json", "swift", "json"],
          "stars": {"1": "one", "-2": "minus two"},
          "byState": {"open": 3, "in_progress": 1},
          "sparse": [1, null, 3],
          "nestedOptional": {"x": [null, {"login": "c", "id": 4}]}
        }
        """#

    @Test func decodesNestedModelsAndCollections() throws {
        let repository = try Repository(jsonString: json)
        #expect(repository.owner == Owner(login: "octocat", id: 1))
        #expect(repository.contributors.map(\.id) == [2, 3])
        #expect(repository.grid == [[[1.5, 2], [3]], [], [[-0.25]]])
        #expect(repository.teams == ["core": [Owner(login: "a", id: 2)], "docs": []])
        #expect(repository.topics == ["json", "swift"])
        #expect(repository.stars == [1: "one", -2: "minus two"])
        #expect(repository.byState == [.open: 3, .inProgress: 1])
        #expect(repository.sparse == [1, nil, 3])
        #expect(repository.nestedOptional == ["x": [nil, Owner(login: "c", id: 4)]])
    }

    @Test func roundTripsNestedModelsAndCollections() throws {
        let repository = try Repository(jsonString: json)
        let again = try Repository(jsonData: repository.jsonData())
        #expect(again == repository)
        let sorted = try repository.jsonString(options: { var options = JSONWritingOptions(); options.sortedKeys = true; return options }())
        #expect(sorted.contains(#""stars":{"-2":"minus two","1":"one"}"#))
        #expect(sorted.contains(#""sparse":[1,null,3]"#))
    }

    @Test func reportsBadDictionaryKeys() throws {
        let bad = json.replacingOccurrences(of: #""-2": "minus two""#, with: #""two": "2""#)
        let error = try #require(throws: JSONDecodingError.self) { try Repository(jsonString: bad) }
        #expect(error.description == #"stars.two: invalid Int key "two""#)
        let state = json.replacingOccurrences(of: #""in_progress": 1"#, with: #""later": 1"#)
        let stateError = try #require(throws: JSONDecodingError.self) { try Repository(jsonString: state) }
        #expect(stateError.description == #"byState.later: unknown Status key "later", expected one of "open", "in_progress", "done""#)
    }

    @Test func reportsPathsThroughNestedCollections() throws {
        let bad = json.replacingOccurrences(of: "[-0.25]", with: #"[-0.25, "x"]"#)
        let error = try #require(throws: JSONDecodingError.self) { try Repository(jsonString: bad) }
        #expect(error.description == #"grid[2][0][1]: expected Double, found string "x" (line 5, column 42)"#)
        let team = json.replacingOccurrences(of: #""core": [{"login": "a", "id": 2}]"#, with: #""core": [{"login": "a"}]"#)
        let teamError = try #require(throws: JSONDecodingError.self) { try Repository(jsonString: team) }
        #expect(teamError.description == #"teams.core[0].id: missing required key "id" (line 6, column 22)"#)
    }

    @Test func decodesARecursiveModel() throws {
        let tree = try Node(
            jsonString: #"{"name": "root", "children": [{"name": "a", "children": [{"name": "a1", "children": []}]}, {"name": "b", "children": []}]}"#
        )
        #expect(tree.children.map(\.name) == ["a", "b"])
        #expect(tree.children[0].children[0].name == "a1")
        #expect(try Node(jsonString: tree.jsonString()) == tree)
        #expect(try tree.children[1].jsonString() == #"{"name":"b","children":[]}"#)
    }

    @Test func decodesAGenericModel() throws {
        let page = try Page<Owner>(jsonString: #"{"items": [{"login": "a", "id": 1}], "meta": {"next": "https://x.test/2"}}"#)
        #expect(page == Page(items: [Owner(login: "a", id: 1)], next: URL(string: "https://x.test/2"), total: 0))
        #expect(try page.jsonString() == #"{"items":[{"login":"a","id":1}],"meta":{"next":"https://x.test/2"},"total":0}"#)
        let nested = try Page<Page<Owner>>(jsonString: #"{"items": [{"items": []}], "total": 1}"#)
        #expect(nested.items == [Page(items: [], next: nil, total: 0)])
    }

    @Test func worksForPublicTypesPrivatePropertiesAndNestedTypes() throws {
        #expect(try PublicPoint(jsonString: #"{"x": 1, "y": 2}"#) == PublicPoint(x: 1, y: 2))
        let secretive = try Secretive(jsonString: #"{"visible": 1, "hidden": "h", "internalish": true}"#)
        #expect(secretive.secret == "h")
        #expect(try secretive.jsonString() == #"{"visible":1,"hidden":"h","internalish":true}"#)
        #expect(try Namespace.Inner(jsonString: #"{"value": 5}"#) == Namespace.Inner(value: 5))
    }

    @Test func keepsTheMemberwiseInitializer() {
        // The conformance lives in an extension, so Swift still synthesizes this initializer.
        let owner = Owner(login: "a", id: 1)
        #expect(owner.login == "a")
        #expect(Node(name: "n", children: [], parent: nil).children.isEmpty)
    }
}
