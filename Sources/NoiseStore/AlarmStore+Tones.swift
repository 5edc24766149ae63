import NoiseSQLite

/// An alarm's tone changed by itself (`sounds remove --force`): nothing else of the alarm is written, so its
/// look-after instant, its snooze and a ring in progress stay as they are.
extension AlarmStore {
    /// Gives the alarms `ids` the tone `sound`, all in one transaction (all of them, or none if the write fails).
    public func setSound(_ sound: String, ofAlarms ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await database.write { db in
            for id in ids { try db.execute(sql: "UPDATE alarm SET sound = ? WHERE id = ?", arguments: [sound, id]) }
        }
    }
}
