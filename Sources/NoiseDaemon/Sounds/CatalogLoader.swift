import NoiseCore

/// Reads the installed catalog and the user's overlay into a `SoundLibrary`, reporting every bad entry
/// (and every entry whose file is missing) without letting it take the others down.
public struct CatalogLoader: Sendable {
    public let fileSystem: any FileSystem
    public let dataDirectory: String
    public let userDataDirectory: String

    public init(fileSystem: any FileSystem, dataDirectory: String, userDataDirectory: String) {
        self.fileSystem = fileSystem
        self.dataDirectory = dataDirectory
        self.userDataDirectory = userDataDirectory
    }

    public var userCatalogPath: String { userDataDirectory + "/sounds.json" }
    public var userSoundsFolder: String { userDataDirectory + "/sounds" }

    /// Blocks on file reads.
    public func load() -> SoundLibrary {
        var library = SoundLibrary()
        add(catalog: dataDirectory + "/sounds.json", folder: dataDirectory + "/sounds", source: .builtin,
            required: true, to: &library)
        add(catalog: userCatalogPath, folder: userSoundsFolder, source: .user, required: false, to: &library)
        return library
    }

    private func add(catalog path: String, folder: String, source: SoundSource, required: Bool,
                     to library: inout SoundLibrary) {
        guard fileSystem.fileExists(path) else {
            if required {
                library.remove(id: "", because: CatalogProblem(source: path, index: nil, reason: "catalog file not found"))
            }
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: path)
        } catch {
            library.remove(id: "", because: CatalogProblem(source: path, index: nil, reason: "cannot read: \(error)"))
            return
        }
        let parsed = CatalogParser.parse(bytes, source: path)
        library.add(parsed, folder: folder, source: source, catalogPath: path)
        for (entry, index) in zip(parsed.entries, parsed.positions) {
            guard let sound = library.sound(id: entry.id), sound.source == source,
                  !fileSystem.fileExists(sound.path) else { continue }
            library.remove(id: entry.id, because: CatalogProblem(
                source: path, index: index, reason: "'\(entry.id)': file \(sound.path) not found"))
        }
    }

    /// The user's overlay catalog as it is on disk (empty when absent). Blocks.
    public func userCatalog() throws -> CatalogFile {
        guard fileSystem.fileExists(userCatalogPath) else { return CatalogFile(sounds: []) }
        let parsed = CatalogParser.parse(try fileSystem.contents(of: userCatalogPath), source: userCatalogPath)
        return CatalogFile(sounds: parsed.entries)
    }
}
