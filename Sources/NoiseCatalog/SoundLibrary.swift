import NoiseCore

/// The sounds a daemon knows: the installed catalog with the user's overlay on top. Pure: the files were read elsewhere.
public struct SoundLibrary: Sendable, Equatable {
    public private(set) var sounds: [Sound]
    public private(set) var problems: [CatalogProblem]
    /// Where each id stands in `sounds`: loading and looking up stay linear with tens of thousands of sounds.
    private var positions: [String: Int]

    public init(sounds: [Sound] = [], problems: [CatalogProblem] = []) {
        self.sounds = sounds
        self.problems = problems
        self.positions = Dictionary(sounds.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Adds a parsed catalog whose files live in `folder`. A user sound cannot replace an installed one:
    /// ids must stay unique so that `noisectl play ID` always means one thing. `fileProblem` says why an entry's
    /// file cannot be played (missing, a FIFO, a folder), or nil; such an entry is reported and left out now
    /// rather than failing when it is played.
    public mutating func add(
        _ parsed: CatalogParser.Result, folder: String, source: SoundSource, catalogPath: String,
        fileProblem: (String) -> String? = { _ in nil }
    ) {
        problems += parsed.problems
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for (entry, position) in zip(parsed.entries, parsed.positions) {
            if positions[entry.id] != nil {
                problems.append(
                    CatalogProblem(
                        source: catalogPath, index: position,
                        reason: "id '\(entry.id)' is already an installed sound; skipped"))
                continue
            }
            let path = base + entry.file
            let eventPaths = (entry.events?.files ?? []).map { base + $0 }
            if let (file, problem) = Self.firstProblem(of: [path] + eventPaths, fileProblem) {
                problems.append(
                    CatalogProblem(
                        source: catalogPath, index: position,
                        reason: "'\(entry.id)': \(file == path ? "file" : "event file") \(file) \(problem)"))
                continue
            }
            positions[entry.id] = sounds.count
            sounds.append(Sound(entry: entry, source: source, path: path, eventPaths: eventPaths))
        }
    }

    /// The first of `files` that cannot be played, with why.
    private static func firstProblem(of files: [String], _ fileProblem: (String) -> String?) -> (String, String)? {
        for file in files {
            if let problem = fileProblem(file) { return (file, problem) }
        }
        return nil
    }

    /// Records a problem that concerns no one sound (a catalog that cannot be read, a missing folder).
    public mutating func report(_ problem: CatalogProblem) {
        problems.append(problem)
    }

    public func sound(id: String) -> Sound? {
        positions[id].map { sounds[$0] }
    }

    /// The error for an unknown id: names it and lists the closest ids.
    public func unknownSoundError(_ id: String) -> ProtocolError {
        let near = Suggestions.closest(to: id, among: sounds.map(\.id))
        let hint = near.isEmpty ? "see 'noisectl sounds' for the list" : "did you mean \(near.joined(separator: ", "))?"
        return ProtocolError(.unknownSound, "unknown sound '\(id.prefix(40))'; \(hint)")
    }
}
