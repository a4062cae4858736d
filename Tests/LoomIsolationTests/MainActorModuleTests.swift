import Foundation
import Loom
import Testing

// This target's types are isolated to the main actor unless marked otherwise, and so are their
// conformances. A `nonisolated` model, like a `nonisolated` `Codable` type, decodes and encodes
// anywhere; a plain one, on the main actor.

@JSONModel
nonisolated struct Repo: Equatable {
    var name: String
    var owner: Owner
    @JSONKey("stats.stars") var stars: Int = 0
    @JSONTransform(.iso8601) var created: Date?
}

@JSONModel
nonisolated struct Owner: Equatable {
    var login: String
}

@JSONModel(representation: .internal(tag: "type"))
nonisolated enum Event: Equatable {
    case push(Repo)
    case star(Owner)
}

@JSONModel
nonisolated final class Account {
    var id: Int
    var owner: Owner?
}

/// Isolated to the main actor, like every type of this target not marked otherwise.
@JSONModel
struct Note: Equatable {
    var text: String
}

let repoJSON = #"{"name": "loom", "owner": {"login": "ana"}, "stats": {"stars": 5}, "created": "2026-01-02T03:04:05Z"}"#

@Suite("Models in a module isolated to the main actor")
struct MainActorModuleTests {
    @Test func nonisolatedModelsDecodeOffTheMainActor() async throws {
        let data = Data(repoJSON.utf8)
        let repo = try await Task.detached { try Repo(jsonData: data) }.value
        #expect(repo.owner.login == "ana" && repo.stars == 5)
        let encoded = try await Task.detached { try repo.jsonData() }.value
        #expect(try Repo(jsonData: encoded) == repo)
        let event = try await Task.detached {
            try Event(jsonData: Data(#"{"type": "star", "login": "bo"}"#.utf8))
        }.value
        #expect(event == .star(Owner(login: "bo")))
        let id = try await Task.detached { try Account(jsonData: Data(#"{"id": 7}"#.utf8)).id }.value
        #expect(id == 7)
    }

    @Test func isolatedModelsDecodeOnTheMainActor() throws {
        let note = try Note(jsonData: Data(#"{"text": "hi"}"#.utf8))
        #expect(try Note(jsonData: note.jsonData()) == note)
    }
}
