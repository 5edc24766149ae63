import NoiseCore

/// Turns a plain folder of audio files (a `sounds.folders` entry of the config) into catalog entries: each file
/// with an audio extension (`AudioFileKind.fileExtensions`: .wav, .flac, .ogg, .oga, .opus, .mp3) becomes a loop
/// whose id and name are made from its file name (`Ocean Waves 2.mp3` → `ocean-waves-2`, `SoundNaming`), so a user
/// can drop files in a folder without writing a catalog.
public enum FolderSounds {
    public static let category = "custom"

    /// `files`: the names in the folder (not paths). Hidden files and other extensions are ignored.
    public static func entries(files: [String], folder: String) -> CatalogParser.Result {
        var entries: [SoundEntry] = []
        var problems: [CatalogProblem] = []
        var fileOfID: [String: String] = [:]
        for file in files.sorted() where !file.hasPrefix(".") && hasAudioExtension(file) {
            let id = SoundNaming.id(forPath: file)
            if let taken = fileOfID[id] {
                problems.append(
                    CatalogProblem(
                        source: folder + "/" + file, index: nil,
                        reason: "its id '\(id)' is already '\(taken)' in the same folder; skipped"))
                continue
            }
            fileOfID[id] = file
            entries.append(
                SoundEntry(
                    id: id, name: SoundNaming.name(forPath: file), category: category, file: file,
                    kind: .loop))
        }
        return CatalogParser.Result(entries: entries, problems: problems)
    }

    private static func hasAudioExtension(_ file: String) -> Bool {
        guard let dot = file.lastIndex(of: ".") else { return false }
        return AudioFileKind.fileExtensions.contains(file[file.index(after: dot)...].lowercased())
    }
}
