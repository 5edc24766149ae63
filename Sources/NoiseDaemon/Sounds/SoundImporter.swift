import NoiseAudio
import NoiseCatalog
import NoiseCore
import NoiseProtocol

/// Adds a user's sound: checks the fields (an id and a name left out are made from the file's name), copies the
/// file into the overlay folder under a private name, checks what the copy is by its content and that every frame
/// decodes, then — under the keeper's lock, so parallel imports cannot lose each other's entries — claims the id,
/// moves the copy into place and records it in the overlay catalog.
/// Blocks (copying, decoding); run it on a file-work thread.
struct SoundImporter: Sendable {
    let loader: CatalogLoader
    let keeper: CatalogKeeper
    /// What the imported sounds may take together (`sounds.import_quota`).
    var quota = ImportQuota(limitMiB: Limits.defaultImportQuotaMiB)

    /// Imported sounds without a category go here.
    static let defaultCategory = "custom"
    /// Longest sound accepted, so that a mistaken multi-hour file does not fill the disk.
    static let maxImportFrames = AudioFormat.frames(seconds: Limits.maxImportSeconds)
    /// What every refusal of a file ends with.
    static let accepted = "accepted: \(AudioFileKind.acceptedList), up to \(Int(Limits.maxImportSeconds / 3600)) hours"

    /// The library with the new sound in it, and the sound's id.
    struct Imported {
        var loaded: CatalogKeeper.Versioned
        var id: String
    }

    func importSound(_ request: Commands.Import) throws(ProtocolError) -> Imported {
        var entry = try Self.entry(for: request)
        let fileSystem = loader.fileSystem
        if let problem = fileSystem.regularFileProblem(request.path) {
            throw ProtocolError(.importFailed, "\(request.path) \(problem); import an audio file (\(Self.accepted))")
        }
        // Refused before a byte is copied when the source alone would pass the quota; checked again, with the
        // copy's own size, under the keeper's lock (parallel imports).
        try quota.check(
            adding: fileSystem.fileSize(request.path) ?? 0, for: request.path,
            used: (try? ImportQuota.used(by: loader)) ?? 0)
        // Copied first, under a name no other import uses: the source is read once, and what is checked below
        // is what will play, even if the source changes meanwhile.
        let partial = loader.userSoundsFolder + "/.import-\(String(UInt64.random(in: .min ... .max), radix: 16)).part"
        defer { try? fileSystem.removeFile(partial) }
        do {
            try fileSystem.createDirectory(loader.userSoundsFolder)
            try fileSystem.copyFile(from: request.path, to: partial, maxBytes: DaemonLimits.maxImportBytes)
        } catch {
            throw ProtocolError(
                .importFailed,
                "cannot copy \(request.path) into \(loader.userSoundsFolder): \(CatalogLoader.describe(error))")
        }
        let frames: Int
        do {
            // Stored under the extension of what it is, whatever it was called.
            entry.file = entry.id + "." + (try AudioDecoding.kind(of: partial)).fileExtension
            frames = try AudioDecoding.countFrames(path: partial, maxFrames: Self.maxImportFrames)
        } catch {
            throw ProtocolError(.importFailed, "cannot import \(request.path): \(error.reason); \(Self.accepted)")
        }
        let seconds = Double(frames) / Double(AudioFormat.sampleRate)
        guard seconds >= Limits.minImportSeconds else {
            throw ProtocolError(.importFailed, "\(request.path) decodes to only \(seconds) s of audio")
        }
        let loaded = try keeper.change(loader) { (library) throws(ProtocolError) in
            try commit(entry, idFromFileName: request.id == nil, from: partial, named: request.path, into: library)
        }
        return Imported(loaded: loaded, id: entry.id)
    }

    /// Claims the id and records the sound; runs under the keeper's lock.
    private func commit(
        _ entry: SoundEntry, idFromFileName: Bool, from partial: String, named path: String,
        into library: SoundLibrary
    ) throws(ProtocolError) {
        if let existing = library.sound(id: entry.id) {
            let taken = "id '\(entry.id)' is taken by \(existing.source.rawValue) sound \"\(existing.entry.name)\""
            guard idFromFileName else { throw ProtocolError(.importFailed, "\(taken); choose another id") }
            let free = SoundNaming.freeID(near: entry.id) { library.sound(id: $0) != nil }
            throw ProtocolError(
                .importFailed,
                "\(taken) (the id was made from the file's name); give it another with --id, "
                    + "for example --id \(free)")
        }
        let fileSystem = loader.fileSystem
        let used: Int
        do { used = try ImportQuota.used(by: loader) } catch {
            throw ProtocolError(
                .importFailed, "cannot read \(loader.userCatalogPath): \(CatalogLoader.describe(error))")
        }
        try quota.check(adding: fileSystem.fileSize(partial) ?? 0, for: path, used: used)
        let destination = loader.userSoundsFolder + "/" + entry.file
        do {
            var catalog = try loader.userCatalog()
            catalog.sounds.removeAll { $0.id == entry.id }
            catalog.sounds.append(entry)
            let bytes = try JSONCoding.pretty(catalog) + [UInt8(ascii: "\n")]
            try fileSystem.moveFile(from: partial, to: destination)
            do {
                try fileSystem.writeAtomically(bytes, to: loader.userCatalogPath)
            } catch {
                // Nothing half-done: without its catalog entry the file would be an orphan.
                try? fileSystem.removeFile(destination)
                throw error
            }
        } catch {
            throw ProtocolError(
                .importFailed, "cannot store the sound in \(loader.userDataDirectory): \(CatalogLoader.describe(error))"
            )
        }
    }

    /// The catalog entry a request describes (its file named once the content is known), or why it cannot be one.
    static func entry(for request: Commands.Import) throws(ProtocolError) -> SoundEntry {
        let id = request.id ?? SoundNaming.id(forPath: request.path)
        let name = request.name ?? SoundNaming.name(forPath: request.path)
        if let reason = SoundRules.idProblem(id) {
            throw ProtocolError(.invalidArgument, "id \"\(id.prefix(40))\" \(reason)")
        }
        if let reason = SoundRules.nameProblem(name) {
            throw ProtocolError(.invalidArgument, "name \(reason)")
        }
        let category = request.category ?? defaultCategory
        if let reason = SoundRules.idProblem(category) {
            throw ProtocolError(.invalidArgument, "category \"\(category.prefix(40))\" \(reason)")
        }
        return SoundEntry(id: id, name: name, category: category, file: id, kind: request.kind ?? .loop)
    }
}
