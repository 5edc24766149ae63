/// A parsed `config.toml`: every value with its line, in file order. Flat rather than a tree because the config
/// layer only ever asks "is this key known, and is its value right", and wants the line when it is not.
public struct TOMLDocument: Sendable, Equatable {
    /// Every `key = value`, in file order; each key appears once (a duplicate is a syntax error).
    public let entries: [TOMLEntry]
    /// Every `[table]` header, in file order; each name appears once.
    public let tables: [TOMLTable]

    /// Parses the raw bytes of a config file, so invalid UTF-8 is reported at its place instead of being
    /// replaced with U+FFFD by a `String` conversion.
    public static func parse(bytes: some Collection<UInt8>) throws(TOMLSyntaxError) -> TOMLDocument {
        var parser = TOMLParser(scalars: try TOMLParser.scalars(of: bytes))
        return try parser.parse()
    }
}
