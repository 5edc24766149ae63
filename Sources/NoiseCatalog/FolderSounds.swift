import NoiseCore
/// Turns a plain folder of MP3 files (a `sounds.folders` entry of the config) into catalog entries: each
/// `.mp3` becomes a loop whose id is made from its file name (`Ocean Waves 2.mp3` → `ocean-waves-2`), so a
/// user can drop files in a folder without writing a catalog.
public enum FolderSounds {
    public static let category = "custom"

    /// `files`: the names in the folder (not paths). Hidden files and other extensions are ignored.
    public static func entries(files: [String], folder: String) -> CatalogParser.Result {
        var entries: [SoundEntry] = []
        var problems: [CatalogProblem] = []
        var fileOfID: [String: String] = [:]
        for file in files.sorted() where !file.hasPrefix(".") && file.lowercased().hasSuffix(".mp3") {
            let stem = String(file.dropLast(4))
            let id = identifier(for: stem)
            if let taken = fileOfID[id] {
                problems.append(CatalogProblem(source: folder + "/" + file, index: nil,
                                               reason: "its id '\(id)' is already '\(taken)' in the same folder; skipped"))
                continue
            }
            fileOfID[id] = file
            let name = String(stem.map { $0 == "_" ? " " : $0 }.prefix(Limits.maxNameLength))
            entries.append(SoundEntry(id: id, name: SoundRules.nameProblem(name) == nil ? name : id,
                                      category: category, file: file, kind: .loop))
        }
        return CatalogParser.Result(entries: entries, problems: problems)
    }

    /// Lowercase letters and digits, other runs become one '-'; starts with a letter, at most `maxIdLength`.
    static func identifier(for stem: String) -> String {
        var id = ""
        for scalar in stem.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
            } else if !id.isEmpty, id.last != "-" {
                id.append("-")
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.first.map({ !("a"..."z").contains($0) }) ?? true { id = "sound-" + id }
        id = String(id.prefix(Limits.maxIdLength))
        while id.hasSuffix("-") { id.removeLast() }
        return id
    }
}
