import NoiseCore

/// The reply to `store_recover`: what the rebuilt store kept.
public struct StoreRecovery: Codable, Sendable, Equatable {
    public var path: String
    /// False when the store was sound and nothing was done.
    public var recovered: Bool
    /// The alarms in the store now.
    public var kept: Int
    /// The ids of the alarms that could not be read, left out of the rebuilt store.
    public var dropped: [Int64]
    /// The damaged file's copy, which stays.
    @ExplicitNull public var corruptCopy: String?

    public init(path: String, recovered: Bool, kept: Int, dropped: [Int64], corruptCopy: String?) {
        self.path = path
        self.recovered = recovered
        self.kept = kept
        self.dropped = dropped
        self.corruptCopy = corruptCopy
    }
}
