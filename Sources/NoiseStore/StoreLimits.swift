/// How far the store's check and salvage go (docs/reliability.md), with the store.
enum StoreLimits {
    /// Alarm ids a damaged store is probed for one by one when its table cannot be read through (docs/reliability.md).
    static let maxStoreProbeIDs: Int64 = 100_000
    /// Findings of SQLite's `quick_check`/`integrity_check` kept in a report; the first says what kind of damage.
    static let maxStoreCheckLines = 20
}
