import NoiseCore

/// Reads a catalog file entry by entry: a broken entry is reported and skipped, the others are kept.
public enum CatalogParser {
    public struct Result: Sendable, Equatable {
        public var entries: [SoundEntry]
        public var problems: [CatalogProblem]
        /// Where each entry stood in the file's `sounds` array, for problems found later (a missing file).
        public var positions: [Int]

        public init(entries: [SoundEntry], problems: [CatalogProblem], positions: [Int]? = nil) {
            self.entries = entries
            self.problems = problems
            self.positions = positions ?? Array(entries.indices)
        }
    }

    static let fields = ["id", "name", "category", "file", "kind", "events"]

    public static func parse(_ bytes: some Collection<UInt8>, source: String) -> Result {
        let top: JSONValue
        do {
            top = try JSONCoding.decode(JSONValue.self, from: bytes)
        } catch {
            // Foundation's reader does not say where; Python's does, and every desktop has it.
            return Result(
                entries: [],
                problems: [
                    CatalogProblem(
                        source: source, index: nil, reason: "not valid JSON (`python3 -m json.tool FILE` shows where)")
                ])
        }
        guard case .object(let root) = top, case .array(let items)? = root["sounds"] else {
            return Result(
                entries: [],
                problems: [
                    CatalogProblem(
                        source: source, index: nil, reason: "expected an object {\"version\": 1, \"sounds\": [...]}")
                ])
        }
        var problems: [CatalogProblem] = []
        if root["version"] != .number(Double(CatalogFile.currentVersion)) {
            problems.append(
                CatalogProblem(
                    source: source, index: nil,
                    reason: "'version' must be \(CatalogFile.currentVersion); reading it anyway"))
        }
        var entries: [SoundEntry] = []
        var positions: [Int] = []
        var ids: Set<String> = []
        for (index, item) in items.enumerated() {
            do throws(CatalogError) {
                let entry = try validate(item)
                guard ids.insert(entry.id).inserted else {
                    throw CatalogError("duplicate id '\(entry.id)'; the first one is kept")
                }
                entries.append(entry)
                positions.append(index)
            } catch {
                problems.append(CatalogProblem(source: source, index: index, reason: error.reason))
            }
        }
        return Result(entries: entries, problems: problems, positions: positions)
    }

    struct CatalogError: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func validate(_ item: JSONValue) throws(CatalogError) -> SoundEntry {
        guard case .object(let object) = item else {
            throw CatalogError("an entry must be an object, got \(item.typeName)")
        }
        if let key = object.keys.filter({ !fields.contains($0) }).sorted().first {
            throw CatalogError("unknown field '\(key)'; fields are \(fields.joined(separator: ", "))")
        }
        func text(_ key: String) throws(CatalogError) -> String {
            guard case .string(let value)? = object[key] else {
                throw CatalogError("'\(key)' is missing or not a string")
            }
            return value
        }
        let id = try text("id")
        if let reason = SoundRules.idProblem(id) { throw CatalogError("id \"\(id.prefix(40))\": \(reason)") }
        let name = try text("name")
        if let reason = SoundRules.nameProblem(name) { throw CatalogError("'\(id)': name \(reason)") }
        let category = try text("category")
        if let reason = SoundRules.idProblem(category) {
            throw CatalogError("'\(id)': category \"\(category.prefix(40))\": \(reason)")
        }
        let file = try text("file")
        if let reason = SoundRules.fileProblem(file) {
            throw CatalogError("'\(id)': file \"\(file.prefix(80))\": \(reason)")
        }
        let kindText = try text("kind")
        guard let kind = SoundKind(rawValue: kindText) else {
            throw CatalogError("'\(id)': kind \"\(kindText.prefix(40))\" is not loop or alarm")
        }
        var events: SoundEvents?
        if let value = object["events"] {
            guard kind == .loop else {
                throw CatalogError("'\(id)': events are for loops; this is an \(kind.rawValue)")
            }
            do throws(EventsParser.Problem) {
                events = try EventsParser.parse(value)
            } catch {
                throw CatalogError("'\(id)': events: \(error.reason)")
            }
        }
        return SoundEntry(id: id, name: name, category: category, file: file, kind: kind, events: events)
    }
}
