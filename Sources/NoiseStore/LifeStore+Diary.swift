import LifeCalendar
import NoiseCore
import NoiseSQLite
import NoiseTime

/// The gratitude diary in the store (docs/life.md): one entry a local day, its full-text index kept by the
/// schema's triggers (v5, `NoiseDatabase+Schema`), the search, and the import that an export round-trips through.
extension LifeStore {
    // MARK: The gratitude diary

    public func entry(for day: LocalDate) async throws -> GratitudeEntry? {
        try await database.read { db in try Self.readEntries(db, sql: "WHERE day = ?", [day.description]).first }
    }

    public func lastEntry() async throws -> GratitudeEntry? {
        try await database.read { db in try Self.readEntries(db, sql: "ORDER BY day DESC LIMIT 1").first }
    }

    /// Entries from `since` and after `after` (every one when both are nil), oldest first, at most `limit`.
    public func entries(since: LocalDate?, after: LocalDate? = nil, limit: Int = .max) async throws -> [GratitudeEntry]
    {
        try await database.read { db in
            try Self.readEntries(
                db, sql: "WHERE day >= ? AND day > ? ORDER BY day LIMIT ?",
                [since?.description ?? "", after?.description ?? "", Int64(clamping: limit)])
        }
    }

    public enum EntryWritten: Sendable, Equatable {
        case saved(GratitudeSaved)
        /// `mode` new, and the day has this entry: nothing changed.
        case exists(GratitudeEntry)
        /// `mode` append, and the entry with the text added would break the entry's rules (the problem): nothing changed.
        case tooLong(String)
    }

    /// Writes `day`'s entry: a new one; with an entry there, refused (`new`), replaced, or added to on a new line.
    public func writeEntry(
        _ text: String, day: LocalDate, at: Double, mode: GratitudeWriteMode
    ) async throws -> EntryWritten {
        try await database.write { db in
            let existing = try Self.readEntries(db, sql: "WHERE day = ?", [day.description]).first
            var action = GratitudeWriteMode.new
            var text = text
            if let existing {
                switch mode {
                case .new: return .exists(existing)
                case .replace: action = .replace
                case .append:
                    action = .append
                    text = existing.text + "\n" + text
                    if let problem = GratitudeEntry.problem(text: text) { return .tooLong(problem) }
                }
            }
            let entry = GratitudeEntry(date: day, text: text, savedAt: at)
            try Self.write(entry, db)
            return .saved(GratitudeSaved(entry: entry, action: action.rawValue))
        }
    }

    /// Entries whose text has every word (each a prefix: "grate" finds "grateful"), best match first, each with a
    /// snippet marking the words. Case and accents are ignored (FTS5's unicode61 tokenizer).
    public func search(words: String, limit: Int = LifeLimits.maxSearchResults) async throws -> GratitudeMatches {
        let query = Self.ftsQuery(words)
        guard !query.isEmpty else { return GratitudeMatches(matches: []) }
        return try await database.read { db in
            let rows = try db.fetchAll(
                sql: """
                    SELECT gratitude.day AS day, gratitude.text AS text, gratitude.savedAt AS savedAt,
                           snippet(gratitude_fts, 0, '[', ']', '…', 16) AS snippet
                    FROM gratitude_fts JOIN gratitude ON gratitude.rowid = gratitude_fts.rowid
                    WHERE gratitude_fts MATCH ? ORDER BY rank, gratitude.day DESC LIMIT ?
                    """, arguments: [query, limit])
            return GratitudeMatches(
                matches: try rows.map { row in
                    GratitudeMatches.Match(entry: try Self.entry(row), snippet: try row["snippet"])
                })
        }
    }

    /// Imports entries in one transaction: a day without an entry gets it; the same text changes nothing; a
    /// different text replaces the stored one only when saved later (an old backup never overwrites newer writing).
    public func importEntries(_ entries: [GratitudeEntry]) async throws -> GratitudeImported {
        try await database.write { db in
            var result = GratitudeImported()
            for entry in entries {
                let stored = try Self.readEntries(db, sql: "WHERE day = ?", [entry.date.description]).first
                if let stored {
                    if stored.text == entry.text {
                        result.unchanged += 1
                        continue
                    }
                    guard entry.savedAt > stored.savedAt else {
                        result.kept += 1
                        continue
                    }
                    result.replaced += 1
                } else {
                    result.added += 1
                }
                try Self.write(entry, db)
            }
            return result
        }
    }

    /// Each word quoted (FTS5's own syntax is not the user's) and matched as a prefix; all must appear.
    static func ftsQuery(_ words: String) -> String {
        words.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "-") })
            .map { "\"" + $0.replacing("\"", with: "\"\"") + "\"*" }
            .joined(separator: " ")
    }

    // MARK: Rows (read and written here and by recovery alike)

    static func readEntries(
        _ db: SQLiteConnection, sql: String, _ arguments: [any SQLiteValueConvertible] = []
    ) throws -> [GratitudeEntry] {
        try db.fetchAll(sql: "SELECT day, text, savedAt FROM gratitude " + sql, arguments: arguments).map(entry)
    }

    static func entry(_ row: SQLiteRow) throws -> GratitudeEntry {
        try GratitudeEntry(date: LocalDate.parse(row["day"]), text: row["text"], savedAt: row["savedAt"])
    }

    /// An upsert, not INSERT OR REPLACE: the row keeps its rowid, which the search index refers to.
    static func write(_ entry: GratitudeEntry, _ db: SQLiteConnection) throws {
        try db.execute(
            sql: """
                INSERT INTO gratitude (day, text, savedAt) VALUES (?, ?, ?)
                ON CONFLICT (day) DO UPDATE SET text = excluded.text, savedAt = excluded.savedAt
                """, arguments: [entry.date.description, entry.text, entry.savedAt])
    }
}
