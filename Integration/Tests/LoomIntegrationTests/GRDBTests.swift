import Foundation
import GRDB
import Loom
import Testing

/// A model stored as a GRDB record through its `Codable` conformance: columns are the
/// model's JSON keys; nested values (a key path, an array) are JSON text columns.
@JSONModel
struct Player: Equatable, Sendable {
    var id: Int64
    @JSONKey("player_name") var name: String
    var score: Int
    @JSONKey("joined_at") @JSONTransform(.iso8601) var joinedAt: Date
    @JSONDefault(1) var level: Int
    var nickname: String?
    var active: Bool
    var tags: [String]
    @JSONKey("stats.wins") var wins: Int
    @JSONKey("stats.losses") var losses: Int = 0
    @JSONIgnore var isSelected = false
}

extension Player: FetchableRecord, PersistableRecord {
    static let databaseTableName = "player"
}

@Suite("GRDB records through Codable")
struct GRDBTests {
    /// A database file in a fresh temporary directory, removed afterwards.
    private func withDatabase(_ body: (DatabaseQueue, URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loom-grdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("players.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE player (
                        id INTEGER PRIMARY KEY, player_name TEXT NOT NULL, score INTEGER NOT NULL,
                        joined_at TEXT NOT NULL, level INTEGER, nickname TEXT, active INTEGER NOT NULL,
                        tags TEXT NOT NULL, stats TEXT NOT NULL)
                    """)
        }
        try body(queue, file)
    }

    private let players = [
        Player(
            id: 1, name: "Ada", score: 1200, joinedAt: Date(timeIntervalSince1970: 1_700_000_000), level: 3, nickname: nil,
            active: true, tags: ["admin", "123"], wins: 10, losses: 2, isSelected: false),
        Player(
            id: 2, name: "123", score: -5, joinedAt: Date(timeIntervalSince1970: 0), level: 1, nickname: "true",
            active: false, tags: [], wins: 0, losses: 0, isSelected: false),
    ]

    @Test func storesAndFetchesModels() throws {
        try withDatabase { queue, file in
            try queue.write { db in
                for player in players { try player.insert(db) }
            }
            let fetched = try queue.read { db in try Player.order(Column("id")).fetchAll(db) }
            #expect(fetched == players)
            let ada = try queue.read { db in try Player.filter(Column("player_name") == "Ada").fetchOne(db) }
            #expect(ada == players[0])
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func columnsHoldWhatLoomWrites() throws {
        try withDatabase { queue, _ in
            try queue.write { db in try players[0].insert(db) }
            let row = try #require(try queue.read { db in try Row.fetchOne(db, sql: "SELECT * FROM player WHERE id = 1") })
            #expect(row["joined_at"] as String? == "2023-11-14T22:13:20Z")
            #expect(row["nickname"] as String? == nil)
            let stats = try JSONValue(parsing: #require(row["stats"] as String?))
            #expect(stats == ["wins": 10, "losses": 2])
            #expect(try JSONValue(parsing: #require(row["tags"] as String?)) == ["admin", "123"])
        }
    }

    @Test func readsRowsWrittenBySQL() throws {
        try withDatabase { queue, _ in
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO player (id, player_name, score, joined_at, level, nickname, active, tags, stats)
                        VALUES (7, 'Grace', 99, '2024-01-02T03:04:05Z', NULL, 'g', 1, '["x"]', '{"wins": 4}')
                        """)
            }
            let grace = try #require(try queue.read { db in try Player.fetchOne(db, key: 7) })
            #expect(grace.name == "Grace")
            #expect(grace.level == 1)  // NULL: the model's default
            #expect(grace.losses == 0)
            #expect(grace.wins == 4)
            #expect(grace.active)
            #expect(grace.tags == ["x"])
            #expect(grace.joinedAt == Date(timeIntervalSince1970: 1_704_164_645))
        }
    }
}
