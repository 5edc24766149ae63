/// The life calendar's limits and defaults, with the feature they limit: the daemon, the store's schema, the
/// protocol's checks and noisectl read them here, so they agree.
public enum LifeLimits {
    /// Life expectancies the life calendar accepts, in years, and the one it uses when none is given.
    public static let lifeYears = 1...150
    public static let defaultLifeYears = 80
    /// A habit's name, in characters, and what one tap may be worth, in minutes (a day has 1,440).
    public static let maxHabitNameLength = 40
    public static let habitMinutes = 1...1_440
    /// Habits kept at once.
    public static let maxHabits = 100
    /// The most diary entries one `gratitude_list` or `gratitude_export` reply holds (entries are up to 16 KiB): a
    /// longer diary is read in pages (`after`).
    public static let maxEntriesPage = 200
    /// The latest taps `habit_today` lists; the rest are counted per habit.
    public static let habitDayLatestTaps = 20
    /// One day's gratitude entry, in UTF-8 bytes: a long page, and well inside a request line.
    public static let maxGratitudeBytes = 16 * 1024
    /// `habit stats`: how many weeks back it may look, and how many when not told.
    public static let habitStatsWeeks = 1...104
    public static let defaultHabitStatsWeeks = 12
    /// Gratitude entries a search gives back, best first.
    public static let maxSearchResults = 50
}
