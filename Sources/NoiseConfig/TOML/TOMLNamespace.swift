/// Which dotted paths of a document are taken, and how, so that TOML's rule "define everything once" holds:
/// a key set twice, a table opened twice, or a name that is both a value and a table is refused with the line
/// where it was first defined.
struct TOMLNamespace {
    /// How a path came to exist. TOML treats the table kinds differently: a table that only exists because a
    /// longer header named it (`a` in `[a.b]`) may still get its own header later; one made by a header or by
    /// dotted keys may not.
    enum Kind {
        case value
        case header
        case dotted
        case implicit
    }

    struct Definition {
        var kind: Kind
        var line: Int
    }

    private var definitions: [[String]: Definition] = [:]

    /// Records the header `[path]` seen on `line`; returns why it is not allowed, or nil.
    mutating func openTable(_ path: [String], line: Int) -> String? {
        for length in 1..<path.count {
            let prefix = Array(path.prefix(length))
            guard let existing = definitions[prefix] else {
                definitions[prefix] = Definition(kind: .implicit, line: line)
                continue
            }
            if existing.kind == .value { return Self.valueNotTable(prefix, existing.line) }
        }
        guard let existing = definitions[path], existing.kind != .implicit else {
            definitions[path] = Definition(kind: .header, line: line)
            return nil
        }
        let name = Self.dotted(path)
        switch existing.kind {
        case .value:
            return Self.valueNotTable(path, existing.line)
        case .header, .implicit:
            return "table [\(name)] is defined twice; it was first defined on line \(existing.line)"
        case .dotted:
            return "table [\(name)] already exists: dotted keys created it on line \(existing.line); "
                + "use either the header or dotted keys for one table, not both"
        }
    }

    /// Records the key `path` (its table prefix included) set on `line`; returns why it is not allowed, or nil.
    /// `tableDepth` is how many leading segments come from the current `[table]` header; the segments after
    /// it up to the last are the key's own dotted tables.
    mutating func defineValue(_ path: [String], tableDepth: Int, line: Int) -> String? {
        for length in (tableDepth + 1)..<path.count {
            let prefix = Array(path.prefix(length))
            guard let existing = definitions[prefix], existing.kind != .implicit else {
                // A table only named by a longer header becomes defined by these dotted keys, so a later
                // header for it would define it a second time.
                definitions[prefix] = Definition(kind: .dotted, line: line)
                continue
            }
            switch existing.kind {
            case .value:
                return Self.valueNotTable(prefix, existing.line)
            case .header:
                let name = Self.dotted(prefix)
                return "'\(name)' has its own header [\(name)] on line \(existing.line); set its keys under that header"
            case .dotted, .implicit:
                continue
            }
        }
        guard let existing = definitions[path] else {
            definitions[path] = Definition(kind: .value, line: line)
            return nil
        }
        let name = Self.dotted(path)
        if existing.kind == .value {
            return "key '\(name)' is defined twice; it was first defined on line \(existing.line)"
        }
        return "'\(name)' is already a table (line \(existing.line)), so it cannot also be a value"
    }

    private static func valueNotTable(_ path: [String], _ line: Int) -> String {
        "'\(dotted(path))' is already a value (line \(line)), so it cannot also be a table"
    }

    /// The path as one dotted key: bare segments as they are, any other segment quoted (see `TOMLEntry.key`).
    static func dotted(_ path: [String]) -> String {
        path.map { segment in
            let bare = !segment.isEmpty && segment.unicodeScalars.allSatisfy(TOMLParser.isBareKeyScalar)
            return bare ? segment : TOMLValue.quoted(segment)
        }.joined(separator: ".")
    }
}
