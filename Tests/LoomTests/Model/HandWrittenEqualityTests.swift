import Foundation
import Loom
import Testing

// Hand-written operators, with the conformance they implement declared in an extension (in the
// inheritance clause, the macro reports it: Swift would not take them).

/// Equal by name, whatever the use count.
@JSONModel
struct NamedTag {
    var name: String
    var uses: Int

    static func == (lhs: NamedTag, rhs: NamedTag) -> Bool { lhs.name == rhs.name }
}

extension NamedTag: Equatable {}

/// Ordered and equal by amount.
@JSONModel
final class PriceTag {
    var amount: Int
    var label: String

    init(amount: Int, label: String) {
        self.amount = amount
        self.label = label
    }

    static func == (lhs: PriceTag, rhs: PriceTag) -> Bool { lhs.amount == rhs.amount }
    static func < (lhs: PriceTag, rhs: PriceTag) -> Bool { lhs.amount < rhs.amount }
}

extension PriceTag: Comparable {}

@Suite("Hand-written equality and order")
struct HandWrittenEqualityTests {
    /// Generic code (`Array.==`, `Set`) uses the hand-written `==`, not a derived one.
    @Test func structs() throws {
        let tags = try [NamedTag](jsonData: Data(#"[{"name": "swift", "uses": 3}, {"name": "swift", "uses": 9}]"#.utf8))
        #expect(tags[0] == tags[1])
        #expect([tags[0]] == [tags[1]])
        #expect(tags.firstIndex(of: NamedTag(name: "swift", uses: 0)) == 0)
    }

    @Test func classes() throws {
        let prices = try [PriceTag](jsonData: Data(#"[{"amount": 5, "label": "b"}, {"amount": 2, "label": "a"}]"#.utf8))
        #expect(prices.sorted().map(\.label) == ["a", "b"])
        #expect([PriceTag(amount: 2, label: "x")] == [prices[1]])
        #expect(prices.max()?.label == "b")
    }
}
