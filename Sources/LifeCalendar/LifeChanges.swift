// What a change of the habits or the diary did: the store's answers, which the protocol sends as they are.

/// What `gratitude_write` does when the day has an entry already.
public enum GratitudeWriteMode: String, Sendable, Equatable, CaseIterable, Codable {
    /// Refuse (`entry_exists`): the client asks before replacing.
    case new
    case replace
    /// Add the text to the entry, on a line of its own.
    case append
}

/// `habit_remove`: the habit and how many of its taps went with it.
public struct HabitRemoved: Sendable, Equatable, Codable {
    public var removed: Habit
    public var tapsRemoved: Int
    public init(removed: Habit, tapsRemoved: Int) {
        self.removed = removed
        self.tapsRemoved = tapsRemoved
    }
}

/// `gratitude_write` and the `gratitude_saved` event: the entry as saved, and whether it was new, replaced an
/// entry or was appended to one.
public struct GratitudeSaved: Sendable, Equatable, Codable {
    public var entry: GratitudeEntry
    /// `new`, `replace` or `append`: what was done.
    public var action: String
    public init(entry: GratitudeEntry, action: String) {
        self.entry = entry
        self.action = action
    }
}

/// `gratitude_search`: the matching entries, best first, each with the words found marked in a snippet.
public struct GratitudeMatches: Sendable, Equatable, Codable {
    public struct Match: Sendable, Equatable, Codable {
        public var entry: GratitudeEntry
        /// The part of the text around the words, the words in [brackets].
        public var snippet: String
        public init(entry: GratitudeEntry, snippet: String) {
            self.entry = entry
            self.snippet = snippet
        }
    }

    public var matches: [Match]
    public init(matches: [Match]) { self.matches = matches }
}

/// `gratitude_import`: what each entry did. An entry equal to the stored one changes nothing; one saved later
/// than the stored one replaces it; an older one is kept out (`kept`), so importing twice changes nothing.
public struct GratitudeImported: Sendable, Equatable, Codable {
    public var added: Int
    public var replaced: Int
    public var unchanged: Int
    public var kept: Int
    /// A staged import's batch before its last: the entries held so far (nothing is stored yet); absent otherwise.
    public var staged: Int?
    public init(added: Int = 0, replaced: Int = 0, unchanged: Int = 0, kept: Int = 0, staged: Int? = nil) {
        self.added = added
        self.replaced = replaced
        self.unchanged = unchanged
        self.kept = kept
        self.staged = staged
    }
}
