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
    /// Where the value's bytes are in the file (after the `=` and its blanks, before any comment), and the line it
    /// ends on, later than `line` for a multi-line array: what `ConfigEditor` replaces or inserts after.
    let valueBytes: Range<Int>
    let lastLine: Int
}
