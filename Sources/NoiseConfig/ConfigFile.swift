import NoiseCore

/// Reads `config.toml` into `DaemonSettings`. A file with any problem is not used at all (the caller keeps
/// what it had), so a half-applied config can never surprise anyone; every problem is reported, not just the
/// first, each with its line, its key and what the key accepts.
public enum ConfigFile {
    public struct Result: Sendable, Equatable {
        /// The settings the file describes over `base`; meaningful only when `problems` is empty.
        public var settings: DaemonSettings
        public var problems: [ConfigProblem]
        /// The keys the file set, in file order.
        public var keys: [String]
    }

    /// The tables the keys live in; a header naming any other table is an error.
    public static let tables: [String] = ConfigKey.all.reduce(into: []) { tables, key in
        let table = String(key.name.prefix { $0 != "." })
        if !tables.contains(table) { tables.append(table) }
    }

    public static func read(_ bytes: [UInt8], over base: DaemonSettings = DaemonSettings(), home: String) -> Result {
        let document: TOMLDocument
        do {
            document = try TOMLDocument.parse(bytes: bytes)
        } catch {
            return Result(
                settings: base, problems: [ConfigProblem(line: error.line, key: nil, message: error.message)],
                keys: [])
        }
        var settings = base
        var problems: [ConfigProblem] = []
        for table in document.tables where !tables.contains(table.name) {
            problems.append(
                ConfigProblem(
                    line: table.line, key: nil,
                    message: "unknown table [\(table.name)]; "
                        + "the tables are " + tables.map { "[\($0)]" }.joined(separator: ", ")))
        }
        for entry in document.entries {
            guard let key = ConfigKey.named(entry.key) else {
                // Keys under an unknown table were already reported with the table.
                let table = entry.key.split(separator: ".").first.map(String.init) ?? entry.key
                if document.tables.contains(where: { $0.name == table }) && !tables.contains(table) { continue }
                problems.append(ConfigProblem(line: entry.line, key: entry.key, message: unknownKeyMessage(entry.key)))
                continue
            }
            switch key.apply(entry.value, home, &settings) {
            case nil:
                break
            case .wrongType:
                problems.append(
                    ConfigProblem(
                        line: entry.line, key: entry.key,
                        message: "must be \(key.accepted); got \(entry.value.description)"))
            case .invalid(let reason):
                problems.append(
                    ConfigProblem(
                        line: entry.line, key: entry.key,
                        message: "\(reason); must be \(key.accepted)"))
            }
        }
        return Result(
            settings: problems.isEmpty ? settings : base, problems: problems, keys: document.entries.map(\.key))
    }

    static func unknownKeyMessage(_ key: String) -> String {
        let near = Suggestions.closest(to: key, among: ConfigKey.all.map(\.name), limit: 1)
        let hint = near.first.map { "did you mean \($0)? " } ?? ""
        let parts = key.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else {
            return
                "unknown key '\(key)' outside any table; \(hint)keys live in tables such as [audio]; see docs/configuration.md"
        }
        let table = String(parts[0])
        let siblings = ConfigKey.all.map(\.name).filter { $0.hasPrefix(table + ".") }.map {
            String($0.dropFirst(table.count + 1))
        }
        return "unknown key; \(hint)the keys of [\(table)] are " + siblings.joined(separator: ", ")
    }
}
