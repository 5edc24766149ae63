/// One `key = value` line of the file, with its full dotted key, so the config layer can look settings up by
/// path and name the line in its own errors ("line 7: volume must be from 0 to 100").
public struct TOMLEntry: Sendable, Equatable {
    /// The full dotted path, table prefix included: `device` under `[audio]` is `audio.device`. A segment that
    /// is not a bare key (empty, or with characters other than `A-Za-z0-9_-`) is written as a quoted basic
    /// string, so `"a.b" = 1` gives `"a.b"` and can never be mistaken for `a.b = 1`.
    public let key: String
    public let value: TOMLValue
    /// 1-based line of the key (a multi-line array is reported at the line where it starts).
    public let line: Int

    public init(key: String, value: TOMLValue, line: Int) {
        self.key = key
        self.value = value
        self.line = line
    }
}

/// One `[table]` header of the file, so the config layer can refuse an unknown section even when it is empty.
public struct TOMLTable: Sendable, Equatable {
    /// The dotted table name, written like `TOMLEntry.key`: `[ audio ]` gives `audio`, `[a.b]` gives `a.b`.
    public let name: String
    /// 1-based line of the header.
    public let line: Int

    public init(name: String, line: Int) {
        self.name = name
        self.line = line
    }
}

/// A parsed `config.toml`: every value with its line, in file order. Flat rather than a tree because the config
/// layer only ever asks "is this key known, and is its value right", and wants the line when it is not.
public struct TOMLDocument: Sendable, Equatable {
    /// Every `key = value`, in file order; each key appears once (a duplicate is a syntax error).
    public let entries: [TOMLEntry]
    /// Every `[table]` header, in file order; each name appears once.
    public let tables: [TOMLTable]

    public init(entries: [TOMLEntry], tables: [TOMLTable]) {
        self.entries = entries
        self.tables = tables
    }

    /// Parses the text of a config file.
    public static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLDocument {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses the raw bytes of a config file, so invalid UTF-8 is reported at its place instead of being
    /// replaced with U+FFFD by a `String` conversion.
    public static func parse(bytes: some Collection<UInt8>) throws(TOMLSyntaxError) -> TOMLDocument {
        var parser = TOMLParser(scalars: try TOMLParser.scalars(of: bytes))
        return try parser.parse()
    }
}
