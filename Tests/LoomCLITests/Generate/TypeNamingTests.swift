import Foundation
import Loom
import Testing

@testable import LoomCLIKit

/// The model names `loom generate` gives `samples`, in output order.
private func modelNames(_ samples: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    try ModelGenerator().schema(for: samples.map { try JSONDocument(parsing: $0) }).models.map(\.name)
}

/// A graph of `count` types where each of `edges` is (from, key, to).
private func graph(_ count: Int, _ edges: [(Int, String, Int)], fixed: [Int: String] = [0: "Root"]) -> NamingGraph {
    var graph = NamingGraph(edges: Array(repeating: [], count: count))
    for (from, key, to) in edges { graph.edges[from].append(.init(key: key, target: to, element: false)) }
    graph.fixed = fixed
    graph.roots = [0]
    return graph
}

@Suite("loom generate: one type per shape, and its name")
struct TypeNamingTests {
    @Test("a name two types want goes to neither: each takes its context in front")
    func contestedNames() {
        let names = TypeNamer().names(
            for: graph(5, [(0, "image", 1), (0, "instance", 2), (1, "actions", 3), (2, "actions", 4)])
        ).names
        #expect(names == [0: "Root", 1: "Image", 2: "Instance", 3: "ImageActions", 4: "InstanceActions"])
    }

    @Test("context goes up two levels, then numbers decide, in breadth-first order")
    func deepContest() {
        let names = TypeNamer().names(
            for: graph(7, [(0, "a", 1), (0, "b", 2), (1, "x", 3), (2, "x", 4), (3, "item", 5), (4, "item", 6)])
        ).names
        #expect(names[5] == "AXItem")
        #expect(names[6] == "BXItem")
        let same = TypeNamer().names(for: graph(5, [(0, "a", 1), (0, "b", 2), (1, "x", 3), (2, "x", 4)], fixed: [0: "Root", 1: "Same", 2: "Same2"]))
        #expect(same.names[3] == "SameX")
        #expect(same.names[4] == "Same2X")
    }

    @Test("names that differ only in case count as the same name: no context tells them apart, numbers do")
    func caseInsensitive() {
        let names = TypeNamer().names(for: graph(3, [(0, "ab", 1), (0, "a_b", 2)])).names
        #expect(names == [0: "Root", 1: "Ab2", 2: "AB3"])
    }

    @Test("reserved names, the root's and the namespace's take context; a prefix frees reserved names")
    func reserved() {
        var namer = TypeNamer()
        namer.forbidden = ["api"]
        let names = namer.names(for: graph(4, [(0, "url", 1), (0, "root", 2), (0, "api", 3)])).names
        #expect(names == [0: "Root", 1: "RootURL", 2: "RootRoot", 3: "RootAPI"])
        let prefixed = TypeNamer(prefix: "Web").names(for: graph(2, [(0, "url", 1)])).names
        #expect(prefixed[1] == "URL")
    }

    @Test(
        "a type reached through several keys takes their common last words, or the first key's name",
        arguments: [
            (["BillingAddress", "ShippingAddress"], "Address"), (["HomeAddress", "Address"], "Address"),
            (["CreatedBy", "UpdatedBy"], "CreatedBy"), (["Author", "Reviewer"], "Author"),
            (["OwnerUserID", "AdminUserID"], "UserID"), (["ItemCount", "PageCount"], "ItemCount"), (["User"], "User"),
        ])
    func fittingName(candidates: [String], name: String) {
        #expect(TypeNamer.fitting(candidates) == name)
    }

    @Test("records that differ only by optional fields merge anywhere in the document, and fit all their names")
    func optionalFieldsMerge() throws {
        let names = try modelNames(
            #"{"billing_address": {"street": "a", "city": "b"}, "shipping_address": {"street": "c", "city": "d", "zip": "1"}, "owner": {"name": "x", "login": "y"}, "team": {"name": "z", "slug": "w"}}"#
        )
        #expect(names == ["Root", "Address", "Owner", "Team"])
        let apart = try modelNames(#"{"a": {"x": 1, "y": 2, "z": 3}, "b": {"x": 1}}"#)
        #expect(apart == ["Root", "A", "B"], "one shared key is not enough")
    }

    @Test("records reached through different keys with few keys in common stay apart")
    func differentRecords() throws {
        let names = try modelNames(
            #"{"image": {"id": "a", "actions": {"deregister": true}}, "instance": {"id": "b", "actions": {"start": "s", "stop": "t"}}}"#
        )
        #expect(names == ["Root", "Image", "Instance", "ImageActions", "InstanceActions"])
    }

    @Test("names stay the same when a sample adds fields or places")
    func stableNames() throws {
        let first = #"{"user": {"login": "a"}, "repo": {"owner": {"login": "b", "id": 1}}}"#
        let second = #"{"user": {"login": "c", "email": "d"}, "repo": {"owner": {"login": "e", "id": 2}, "topics": [{"name": "t"}]}}"#
        let one = try modelNames(first)
        let two = try modelNames(first, second)
        #expect(one == ["Root", "User", "Repo", "Owner"])
        #expect(two == ["Root", "User", "Repo", "Owner", "Topic"])
    }
}
