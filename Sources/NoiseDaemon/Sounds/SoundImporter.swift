import Foundation
import NoiseAudio
import NoiseCore
import NoiseCatalog
import NoiseProtocol

/// Adds a user's sound: checks the fields, copies the file into the overlay folder under a private name, checks
/// that every frame of the copy decodes, then — under the keeper's lock, so parallel imports cannot lose each
/// other's entries — claims the id, moves the copy into place and records it in the overlay catalog.
/// Blocks (copying, decoding); run it on a file-work thread.
struct SoundImporter: Sendable {
    let loader: CatalogLoader
    let keeper: CatalogKeeper

    /// Imported sounds without a category go here.
    static let defaultCategory = "custom"
    /// Longest sound accepted, so that a mistaken multi-hour file does not fill the disk.
    static let maxImportFrames = AudioFormat.frames(seconds: Limits.maxImportSeconds)

    /// Returns the library with the new sound in it.
    func importSound(_ request: ImportArguments) throws(ProtocolError) -> CatalogKeeper.Versioned {
        let entry = try Self.entry(for: request)
        let fileSystem = loader.fileSystem
        if let problem = fileSystem.regularFileProblem(request.path) {
            throw ProtocolError(.importFailed, "\(request.path) \(problem); import an MP3 file")
        }
        // Copied first, under a name no other import uses: the source is read once, and what is checked below
        // is what will play, even if the source changes meanwhile.
        let partial = loader.userSoundsFolder + "/.import-\(UUID().uuidString).part"
        defer { try? fileSystem.removeFile(partial) }
        do {
            try fileSystem.createDirectory(loader.userSoundsFolder)
            try fileSystem.copyFile(from: request.path, to: partial, maxBytes: Limits.maxImportBytes)
        } catch {
            throw ProtocolError(.importFailed, "cannot copy \(request.path) into \(loader.userSoundsFolder): \(CatalogLoader.describe(error))")
        }
        let frames: Int
        do {
            frames = try MP3Decoder.countFrames(path: partial, maxFrames: Self.maxImportFrames)
        } catch {
            throw ProtocolError(.importFailed, "cannot decode \(request.path): \(error.reason); only MPEG audio (MP3, MP2) can be imported, "
                                + "at most \(Int(Limits.maxImportSeconds / 3600)) hours")
        }
        let seconds = Double(frames) / Double(AudioFormat.sampleRate)
        guard seconds >= Limits.minImportSeconds else {
            throw ProtocolError(.importFailed, "\(request.path) decodes to only \(seconds) s of audio")
        }
        return try keeper.change(loader) { (library) throws(ProtocolError) in
            try commit(entry, from: partial, into: library)
        }
    }

    /// Claims the id and records the sound; runs under the keeper's lock.
    private func commit(_ entry: SoundEntry, from partial: String, into library: SoundLibrary) throws(ProtocolError) {
        if let existing = library.sound(id: entry.id) {
            throw ProtocolError(.importFailed,
                                "id '\(entry.id)' is taken by \(existing.source.rawValue) sound \"\(existing.entry.name)\"; choose another id")
        }
        let fileSystem = loader.fileSystem
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
            throw ProtocolError(.importFailed, "cannot store the sound in \(loader.userDataDirectory): \(CatalogLoader.describe(error))")
        }
    }

    /// The catalog entry a request describes, or why it cannot be one.
    static func entry(for request: ImportArguments) throws(ProtocolError) -> SoundEntry {
        if let reason = SoundRules.idProblem(request.id) {
            throw ProtocolError(.invalidArgument, "id \"\(request.id.prefix(40))\" \(reason)")
        }
        if let reason = SoundRules.nameProblem(request.name) {
            throw ProtocolError(.invalidArgument, "name \(reason)")
        }
        let category = request.category ?? defaultCategory
        if let reason = SoundRules.idProblem(category) {
            throw ProtocolError(.invalidArgument, "category \"\(category.prefix(40))\" \(reason)")
        }
        return SoundEntry(id: request.id, name: request.name, category: category,
                          file: request.id + "." + fileExtension(of: request.path), kind: request.kind ?? .loop)
    }

    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "mp3" }
        let ext = name[name.index(after: dot)...].lowercased()
        return ext.isEmpty || ext.count > 5 || !ext.allSatisfy({ $0.isLetter || $0.isNumber }) ? "mp3" : ext
    }
}
