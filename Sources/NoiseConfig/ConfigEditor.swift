/// Sets keys of `config.toml` the way a careful person would by hand, for commands that save settings
/// (`noisectl world add`): the file is the user's, so every other byte (comments, blank lines, spacing, key order,
/// line ends) stays as it was. Pure: bytes in, bytes out; the caller reads and writes the file.
///
/// A key that is set gets its value replaced in place, so a `# comment` after it stays; a missing key goes
/// after the last key of its table; a missing table is appended. A file that already has problems is left for
/// its owner to fix, and a result the daemon would refuse is never returned.
public enum ConfigEditor {
    /// One key to set: its full dotted name (`clock.seconds`) and the value to write.
    public typealias Change = (key: String, value: TOMLValue)

    /// `bytes` (empty for a file that does not exist yet) with every change made, in order. `home` expands `~/`
    /// when the result is checked, as the daemon would.
    public static func applying(_ changes: [Change], to bytes: [UInt8], home: String) throws(ConfigEditError) -> [UInt8]
    {
        let before = ConfigFile.read(bytes, home: home)
        guard before.problems.isEmpty else {
            throw ConfigEditError(reason: .fileHasProblems, problems: before.problems)
        }
        var edited = bytes
        for change in changes {
            guard ConfigKey.named(change.key) != nil else {
                let problem = ConfigProblem(line: 0, key: change.key, message: ConfigFile.unknownKeyMessage(change.key))
                throw ConfigEditError(reason: .changeIsInvalid, problems: [problem])
            }
            edited = setting(change.key, to: change.value, in: edited)
        }
        let after = ConfigFile.read(edited, home: home)
        guard after.problems.isEmpty else { throw ConfigEditError(reason: .changeIsInvalid, problems: after.problems) }
        return edited
    }

    /// One change, in a file known to parse (each change re-parses, so a table the previous change appended
    /// is found by the next).
    static func setting(_ key: String, to value: TOMLValue, in bytes: [UInt8]) -> [UInt8] {
        guard let document = try? TOMLDocument.parse(bytes: bytes) else { return bytes }
        let scanner = ConfigLineScanner(bytes: bytes)
        let written = Array(value.description.utf8)
        if let entry = document.entries.first(where: { $0.key == key }) {
            // The same value spelled another way ('x' for "x") is left as the user wrote it.
            if entry.value == value { return bytes }
            var edited = bytes
            edited.replaceSubrange(entry.valueBytes, with: written)
            return edited
        }
        let dot = key.firstIndex(of: ".") ?? key.endIndex
        let (table, name) = (String(key[..<dot]), String(key[dot...].dropFirst()))
        let newline = scanner.lineEnding
        if let header = document.tables.first(where: { $0.name == table }) {
            let nextHeader = document.tables.first { $0.line > header.line }?.line ?? Int.max
            let last = document.entries.last { $0.line > header.line && $0.line < nextHeader }
            return scanner.inserting(
                line: Array((name + " = ").utf8) + written, after: last?.lastLine ?? header.line,
                indentedLike: last?.line)
        }
        // Dotted keys before any header (`clock.seconds = true`) made the table: a header for it now would
        // define it twice, so the new key is dotted too.
        let firstHeader = document.tables.first?.line ?? Int.max
        if let last = document.entries.last(where: { $0.line < firstHeader && $0.key.hasPrefix(table + ".") }) {
            return scanner.inserting(
                line: Array((key + " = ").utf8) + written, after: last.lastLine, indentedLike: last.line)
        }
        var appended = bytes
        if !appended.isEmpty {
            if appended.last != UInt8(ascii: "\n") { appended += newline }
            if !appended.suffix(2 * newline.count).elementsEqual(newline + newline) { appended += newline }
        }
        return appended + Array("[\(table)]".utf8) + newline + Array((name + " = ").utf8) + written + newline
    }
}
