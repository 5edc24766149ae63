/// One `[table]` header of the file, so the config layer can refuse an unknown section even when it is empty.
public struct TOMLTable: Sendable, Equatable {
    /// The dotted table name, written like `TOMLEntry.key`: `[ audio ]` gives `audio`, `[a.b]` gives `a.b`.
    public let name: String
    /// 1-based line of the header.
    public let line: Int
}
