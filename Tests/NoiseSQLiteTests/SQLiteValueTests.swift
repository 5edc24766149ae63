import Testing

@testable import NoiseSQLite

/// Each type bound as an argument is stored as GRDB stored it, and reads back as itself.
@Suite("SQLite values")
struct SQLiteValueTests {
    let db = try! SQLiteConnection.inMemory()

    init() throws {
        try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, value)")
    }

    /// The value stored for `argument`, with SQLite's name of its storage class.
    func stored(_ argument: any SQLiteValueConvertible) throws -> (SQLiteValue, String) {
        try db.execute(sql: "DELETE FROM item")
        try db.execute(sql: "INSERT INTO item (id, value) VALUES (1, ?)", arguments: [argument])
        let row = try #require(try db.fetchOne(sql: "SELECT value, typeof(value) AS class FROM item"))
        return (row.value("value"), try row["class"])
    }

    @Test func eachTypeIsStoredInItsClass() throws {
        #expect(try stored(Int64(-7)) == (.integer(-7), "integer"))
        #expect(try stored(42) == (.integer(42), "integer"))
        #expect(try stored(2.5) == (.real(2.5), "real"))
        #expect(try stored(true) == (.integer(1), "integer"))
        #expect(try stored(false) == (.integer(0), "integer"))
        #expect(try stored("café ☀") == (.text("café ☀"), "text"))
        #expect(try stored("") == (.text(""), "text"), "empty text stays text, not NULL")
        #expect(try stored([UInt8]([0, 1, 255])) == (.blob([0, 1, 255]), "blob"))
        #expect(try stored([UInt8]()) == (.blob([]), "blob"))
        #expect(try stored(Int64?.none) == (.null, "null"))
        #expect(try stored(Optional(3.0)) == (.real(3.0), "real"))
        #expect(try stored("a\u{0}b") == (.text("a\u{0}b"), "text"), "every byte of the text")
    }

    @Test func columnsReadAsTheTypeAskedOrThrowMismatch() throws {
        let row = try #require(
            try db.fetchOne(sql: "SELECT 7 AS i, 2.75 AS r, 'x' AS t, NULL AS n, x'00ff' AS b, 3.0 AS whole"))
        #expect(try row["i"] as Int64 == 7)
        #expect(try row["i"] as Double == 7)
        #expect(try row["i"] as Bool)
        #expect(try row["r"] as Double == 2.75)
        #expect(try row["r"] as Int == 2, "a real is cut to its whole part, as GRDB did")
        #expect(try row["whole"] as Int64 == 3)
        #expect(try row["t"] as String == "x")
        #expect(try row["b"] as [UInt8] == [0, 255])
        #expect(try row["n"] as String? == nil)
        #expect(try row["t"] as String? == "x")
        for read in [{ _ = try row["t"] as Int }, { _ = try row["n"] as Double }, { _ = try row["missing"] as String }]
        {
            #expect(throws: SQLiteError.self) { try read() }
            do { try read() } catch let error as SQLiteError { #expect(error.code == .mismatch) }
        }
        #expect(row.value("missing") == .null && !row.hasColumn("missing") && row.hasColumn("t"))
    }

    @Test func fetchValueAndValuesTakeTheFirstColumn() throws {
        try db.execute(sql: "INSERT INTO item (id, value) VALUES (1, 'a'), (2, 'b'), (3, NULL)")
        #expect(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM item") == 3)
        #expect(try db.fetchValue(String.self, sql: "SELECT value FROM item WHERE id = 3") == nil)
        #expect(try db.fetchValue(String.self, sql: "SELECT value FROM item WHERE id = 9") == nil)
        #expect(
            try db.fetchValues(String.self, sql: "SELECT value FROM item WHERE value IS NOT NULL ORDER BY id") == [
                "a", "b",
            ])
        #expect(throws: SQLiteError.self) { try db.fetchValues(String.self, sql: "SELECT value FROM item") }
    }

    @Test func rowsAreReadByNameAndInOrder() throws {
        try db.execute(sql: "INSERT INTO item (id, value) VALUES (?, ?), (?, ?)", arguments: [1, "one", 2, 2.5])
        let rows = try db.fetchAll(sql: "SELECT id, value FROM item ORDER BY id")
        #expect(rows.map(\.columns) == [["id", "value"], ["id", "value"]])
        #expect(rows.map { $0.value("value") } == [.text("one"), .real(2.5)])
        #expect(SQLiteRow(["a": 1, "b": "x", "c": nil]).value("b") == .text("x"))
    }

    @Test func argumentsMustMatchTheParameters() throws {
        #expect(throws: SQLiteError.self) { try db.execute(sql: "INSERT INTO item (id) VALUES (?)", arguments: []) }
        #expect(throws: SQLiteError.self) {
            try db.execute(sql: "INSERT INTO item (id) VALUES (?)", arguments: [1, 2])
        }
        #expect(try db.fetchValue(Int.self, sql: "SELECT count(*) FROM item") == 0)
    }
}
