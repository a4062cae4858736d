import Foundation
import Loom
import Testing

@JSONModel
struct StockItem: Equatable {
    var name: String
    var count: Int = 0
    @JSONDefault("piece") var unit: String
    var note: String?
    var cleared: String? = nil
    var color: String? = "black"
    @JSONKey("stock.shelf") var shelf: Int = 1
    @JSONKey("sku", "id") var sku: String = "none"
    @JSONKey(collecting: ["w", "h"]) var size: [String: Double] = [:]
    @JSONKey(collecting: ["lat", "lng"]) var position: [String: Double]?
}

@JSONModel
struct Stock: Equatable {
    var items: [StockItem]
}

@JSONModel
struct SnakeCounter: Equatable {
    var itemCount: Int = 0
    @JSONKey("Explicit") var explicitName: Int = 5
}

@Suite("The report notes defaults used for missing keys")
struct MissingKeyReportTests {
    static let json = #"""
        {"items": [
          {"name": "a", "count": 1, "unit": "box", "color": "red", "stock": {"shelf": 2}, "sku": "x", "w": 1},
          {"name": "b", "count": 2, "unit": "box", "color": null, "stock": {"shelf": 2}, "id": "y", "h": 2},
          {"name": "c"}
        ]}
        """#

    static let expected = Stock(items: [
        StockItem(name: "a", count: 1, unit: "box", color: "red", shelf: 2, sku: "x", size: ["w": 1]),
        StockItem(name: "b", count: 2, unit: "box", color: nil, shelf: 2, sku: "y", size: ["h": 2]),
        StockItem(name: "c", unit: "piece"),
    ])

    @Test func everyDefaultForAMissingKeyIsNotedWithItsFullPath() throws {
        let (value, report) = try JSONModelDecoder().decodeWithReport(Stock.self, from: Self.json)
        #expect(value == Self.expected)
        // Optionals that are nil for a missing key (`note`, `cleared`, `position`) are not
        // defaults and are not noted; `color` has a default of its own and is.
        #expect(
            report.notes.map(\.description) == [
                "items[2].count: key missing, used the default 0 (line 4, column 3)",
                #"items[2].unit: key missing, used the default "piece" (line 4, column 3)"#,
                #"items[2].color: key missing, used the default "black" (line 4, column 3)"#,
                "items[2].stock.shelf: key missing, used the default 1 (line 4, column 3)",
                // Fallback keys: the note names the first.
                #"items[2].sku: key missing, used the default "none" (line 4, column 3)"#,
                #"items[2]: keys "w", "h" missing, used the default [:] (line 4, column 3)"#,
            ])
        #expect(report.notes.allSatisfy { $0.kind == .defaulted })
        #expect(report.notes.first?.path == [.key("items"), .index(2), .key("count")])
        #expect(report.notes[3].path == [.key("items"), .index(2), .key("stock"), .key("shelf")])
    }

    @Test func theSameDecodeWithoutAReportGivesTheSameValue() throws {
        #expect(try JSONModelDecoder().decode(Stock.self, from: Self.json) == Self.expected)
        #expect(try Stock(jsonString: Self.json) == Self.expected)
    }

    @Test func theCallbackHearsOfMissingKeysToo() throws {
        let box = ReportBox()
        var decoder = JSONModelDecoder()
        decoder.report = { box.add($0) }
        _ = try decoder.decode(StockItem.self, from: #"{"name": "n", "unit": "kg", "stock": {}, "id": "z", "h": 1}"#)
        #expect(
            box.reports.map(\.description) == [
                """
                count: key missing, used the default 0 (line 1, column 1)
                color: key missing, used the default "black" (line 1, column 1)
                stock.shelf: key missing, used the default 1 (line 1, column 1)
                """
            ])
    }

    @Test func theKeyIsNamedAsInTheJSON() throws {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        let (value, report) = try decoder.decodeWithReport(SnakeCounter.self, from: "{}")
        #expect(value == SnakeCounter())
        #expect(report.notes.map(\.pathDescription) == ["item_count", "Explicit"])
        #expect(report.notes.last?.reason == "key missing, used the default 5")
    }

    @Test func presentValuesAndNullDefaultsAreNotMissingKeys() throws {
        var decoder = JSONModelDecoder()
        decoder.nullAsMissing = true
        let (value, report) = try decoder.decodeWithReport(
            SnakeCounter.self, from: #"{"itemCount": null, "Explicit": 2}"#)
        #expect(value == SnakeCounter(itemCount: 0, explicitName: 2))
        #expect(report.description == "itemCount: used the default for null (line 1, column 15)")
    }
}
