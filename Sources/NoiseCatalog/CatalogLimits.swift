/// The catalog's and the saved mixes' limits, with the catalog.
public enum CatalogLimits {
    /// Longest display name of a sound.
    public static let maxNameLength = 80
    /// Saved mixes: names as long as sound ids, and at most this many (a mix is a handful of rows).
    public static let maxMixes = 200
    /// A loop's `events`: at most this many files (each is decoded and kept in memory while the loop plays).
    public static let maxEventFiles = 32
    /// A loop's `events.every`, seconds between two events' starts: from a tenth of a second (a short test loop's
    /// events) to an hour.
    public static let eventIntervalSeconds = 0.1...3600.0
    /// A loop's `events.gain_db`: events are made loud enough in their files and turned down from there, never up
    /// (a gain above 0 dB would clip what was made to fit).
    public static let eventGainDB = -60.0...0.0
    /// Events sounding at once over one loop; one due while this many sound is left out. Mixing them costs the
    /// output thread a pass over each, so the number is bounded where the events' slots are made.
    public static let maxOverlappingEvents = 8
}
