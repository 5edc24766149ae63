import NoiseAudio
import NoiseCatalog
import NoiseCore

/// Reads the installed catalog, the user's overlay and the config's extra folders into a `SoundLibrary`,
/// reporting every bad entry (and every entry whose file is missing) without letting it take the others down.
public struct CatalogLoader: Sendable {
    public let fileSystem: any FileSystem
    public let dataDirectory: String
    public let userDataDirectory: String
    /// `sounds.folders` from the config: each holds a `sounds.json` and `sounds/`, or just MP3 files.
    public var soundFolders: [String]

    public init(
        fileSystem: any FileSystem, dataDirectory: String, userDataDirectory: String, soundFolders: [String] = []
    ) {
        self.fileSystem = fileSystem
        self.dataDirectory = dataDirectory
        self.userDataDirectory = userDataDirectory
        self.soundFolders = soundFolders
    }

    public var userCatalogPath: String { userDataDirectory + "/sounds.json" }
    public var userSoundsFolder: String { userDataDirectory + "/sounds" }

    /// Blocks on file reads.
    public func load() -> SoundLibrary {
        var library = SoundLibrary()
        add(
            catalog: dataDirectory + "/sounds.json", folder: dataDirectory + "/sounds", source: .builtin,
            required: true, to: &library)
        add(catalog: userCatalogPath, folder: userSoundsFolder, source: .user, required: false, to: &library)
        for folder in soundFolders { add(folder: folder, to: &library) }
        return library
    }

    private func add(folder: String, to library: inout SoundLibrary) {
        if fileSystem.fileExists(folder + "/sounds.json") {
            add(
                catalog: folder + "/sounds.json", folder: folder + "/sounds", source: .folder, required: true,
                to: &library)
            return
        }
        do {
            let files = try fileSystem.contentsOfDirectory(folder)
            library.add(
                FolderSounds.entries(files: files, folder: folder), folder: folder, source: .folder,
                catalogPath: folder, fileProblem: fileSystem.regularFileProblem)
        } catch {
            library.report(CatalogProblem(source: folder, index: nil, reason: "sound folder \(Self.describe(error))"))
        }
    }

    private func add(
        catalog path: String, folder: String, source: SoundSource, required: Bool,
        to library: inout SoundLibrary
    ) {
        guard fileSystem.fileExists(path) else {
            if required { library.report(CatalogProblem(source: path, index: nil, reason: "catalog file not found")) }
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: path)
        } catch {
            library.report(CatalogProblem(source: path, index: nil, reason: "cannot read: \(Self.describe(error))"))
            return
        }
        // Every entry's file is checked now (a stat, which never blocks on a FIFO), so a missing file, a folder or
        // a device is reported at load rather than when someone plays it.
        library.add(
            CatalogParser.parse(bytes, source: path), folder: folder, source: source, catalogPath: path,
            fileProblem: fileSystem.regularFileProblem)
    }

    /// A file error in one line: `FileProblem`'s words, else the error's own description.
    static func describe(_ error: any Error) -> String {
        (error as? FileProblem).map { $0.reason } ?? "\(error)"
    }

    /// The user's overlay catalog as it is on disk (empty when absent). Blocks.
    public func userCatalog() throws -> CatalogFile {
        guard fileSystem.fileExists(userCatalogPath) else { return CatalogFile(sounds: []) }
        let parsed = CatalogParser.parse(try fileSystem.contents(of: userCatalogPath), source: userCatalogPath)
        return CatalogFile(sounds: parsed.entries)
    }
}
