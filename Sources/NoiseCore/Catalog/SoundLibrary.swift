/// Where a sound comes from: the installed catalog, the user's overlay under `$XDG_DATA_HOME/noised/`, or a
/// folder the config names (`sounds.folders`).
public enum SoundSource: String, Sendable, Codable {
    case builtin
    case user
    case folder
}

/// A sound ready to play: its catalog entry, where it came from and its file's absolute path.
public struct Sound: Sendable, Equatable {
    public var entry: SoundEntry
    public var source: SoundSource
    public var path: String

    public var id: String { entry.id }
}

/// The sounds a daemon knows: the installed catalog with the user's overlay on top. Pure: the files were read elsewhere.
public struct SoundLibrary: Sendable, Equatable {
    public private(set) var sounds: [Sound]
    public private(set) var problems: [CatalogProblem]

    public init(sounds: [Sound] = [], problems: [CatalogProblem] = []) {
        self.sounds = sounds
        self.problems = problems
    }

    /// Adds a parsed catalog whose files live in `folder`. A user sound cannot replace an installed one:
    /// ids must stay unique so that `noisectl play ID` always means one thing.
    public mutating func add(_ parsed: CatalogParser.Result, folder: String, source: SoundSource, catalogPath: String) {
        problems += parsed.problems
        for (entry, position) in zip(parsed.entries, parsed.positions) {
            if sounds.contains(where: { $0.id == entry.id }) {
                problems.append(CatalogProblem(source: catalogPath, index: position,
                                               reason: "id '\(entry.id)' is already an installed sound; skipped"))
                continue
            }
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            sounds.append(Sound(entry: entry, source: source, path: base + entry.file))
        }
    }

    /// Records a problem found after parsing, such as a missing file.
    public mutating func remove(id: String, because problem: CatalogProblem) {
        sounds.removeAll { $0.id == id }
        problems.append(problem)
    }

    public func sound(id: String) -> Sound? {
        sounds.first { $0.id == id }
    }

    /// The known ids nearest to a mistyped one, best first.
    public func suggestions(for id: String, limit: Int = 3) -> [String] {
        Suggestions.closest(to: id, among: sounds.map(\.id), limit: limit)
    }

    /// The error for an unknown id: names it and lists the closest ids.
    public func unknownSoundError(_ id: String) -> ProtocolError {
        let near = suggestions(for: id)
        let hint = near.isEmpty ? "see 'noisectl sounds' for the list" : "did you mean \(near.joined(separator: ", "))?"
        return ProtocolError(.unknownSound, "unknown sound '\(id.prefix(40))'; \(hint)")
    }
}
