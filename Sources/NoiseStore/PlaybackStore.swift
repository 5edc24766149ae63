import NoiseCatalog
import NoiseCore
import NoiseSQLite

/// What the player keeps across restarts: the master volume, whether noise played, was paused or stopped, and
/// the last mix with its volumes (what `resume` plays again).
public struct StoredPlayback: Sendable, Equatable {
    public var masterVolume: Double
    public var state: PlaybackState
    public var lastMix: [MixSound]

    public init(masterVolume: Double, state: PlaybackState, lastMix: [MixSound]) {
        self.masterVolume = masterVolume
        self.state = state
        self.lastMix = lastMix
    }
}

/// The player's part of the database: its kept state and the saved mixes, in the same file as the alarms (one
/// migration history, the same durability: a change is on disk before the reply, the same recovery). The player is
/// the one that holds it, and through it reaches no other table.
public struct PlaybackStore: Sendable {
    let database: NoiseDatabase

    public init(_ database: NoiseDatabase) {
        self.database = database
    }

    public func playback() async throws -> StoredPlayback? {
        try await database.read { db in try Self.readPlayback(db) }
    }

    public func savePlayback(_ playback: StoredPlayback) async throws {
        try await database.write { db in try Self.write(playback, db) }
    }

    public func mixes() async throws -> [MixInfo] {
        try await database.read { db in try Self.readMixes(db) }
    }

    /// Saves `mix`, replacing one of the same name; false when it is new and `CatalogLimits.maxMixes` are saved already.
    public func saveMix(_ mix: MixInfo) async throws -> Bool {
        try await database.write { db in
            let exists =
                try db.fetchValue(Bool.self, sql: "SELECT count(*) FROM mix WHERE name = ?", arguments: [mix.name])
                ?? false
            let count = try db.fetchValue(Int.self, sql: "SELECT count(*) FROM mix") ?? 0
            guard exists || count < CatalogLimits.maxMixes else { return false }
            try Self.write(mix, db)
            return true
        }
    }

    /// Forgets the mix named `name`; false when there is none.
    public func removeMix(named name: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM mix WHERE name = ?", arguments: [name])
            return db.changes > 0
        }
    }

    // MARK: Rows (the one reading and writing of these tables, for the store and its recovery alike)

    static func readPlayback(_ db: SQLiteConnection) throws -> StoredPlayback? {
        guard let row = try db.fetchOne(sql: "SELECT masterVolume, state FROM player WHERE id = 1") else {
            return nil
        }
        let sounds = try db.fetchAll(sql: "SELECT sound, volume FROM player_sound ORDER BY position")
        return try StoredPlayback(
            masterVolume: row["masterVolume"], state: PlaybackState(rawValue: row["state"]) ?? .stopped,
            lastMix: sounds.map { sound throws(SQLiteError) in try MixSound(id: sound["sound"], volume: sound["volume"])
            })
    }

    static func write(_ playback: StoredPlayback, _ db: SQLiteConnection) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO player (id, masterVolume, state) VALUES (1, ?, ?)",
            arguments: [playback.masterVolume, playback.state.rawValue])
        try db.execute(sql: "DELETE FROM player_sound")
        for (position, sound) in playback.lastMix.enumerated() {
            try db.execute(
                sql: "INSERT INTO player_sound (position, sound, volume) VALUES (?, ?, ?)",
                arguments: [position, sound.id, sound.volume])
        }
    }

    static func readMixes(_ db: SQLiteConnection) throws -> [MixInfo] {
        let rows = try db.fetchAll(
            sql: """
                SELECT mix.name AS name, sound, volume FROM mix JOIN mix_sound ON mix_sound.mix = mix.name
                ORDER BY mix.name, position
                """)
        var mixes: [MixInfo] = []
        for row in rows {
            let name: String = try row["name"]
            let sound = try MixSound(id: row["sound"], volume: row["volume"])
            if mixes.last?.name == name {
                mixes[mixes.count - 1].sounds.append(sound)
            } else {
                mixes.append(MixInfo(name: name, sounds: [sound]))
            }
        }
        return mixes
    }

    static func write(_ mix: MixInfo, _ db: SQLiteConnection) throws {
        try db.execute(sql: "DELETE FROM mix WHERE name = ?", arguments: [mix.name])
        try db.execute(sql: "INSERT INTO mix (name) VALUES (?)", arguments: [mix.name])
        for (position, sound) in mix.sounds.enumerated() {
            try db.execute(
                sql: "INSERT INTO mix_sound (mix, position, sound, volume) VALUES (?, ?, ?, ?)",
                arguments: [mix.name, position, sound.id, sound.volume])
        }
    }

    /// Writes the player's state and the mixes of a salvage into an empty database, each that the schema takes.
    static func fill(_ db: SQLiteConnection, from salvage: SalvagedStore) {
        if let playback = salvage.playback { try? write(playback, db) }
        for mix in salvage.mixes { try? write(mix, db) }
    }
}
