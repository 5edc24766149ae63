import Foundation
import NoiseAudio
import NoiseCore

/// Adds a user's sound: checks the fields and that the file decodes, copies it into the overlay folder and
/// records it in the overlay catalog. Blocks (decoding, copying); run it on a blocking-work thread.
struct SoundImporter: Sendable {
    let loader: CatalogLoader

    /// Imported sounds without a category go here.
    static let defaultCategory = "custom"
    /// Longest sound accepted, so that a mistaken multi-hour file does not fill the disk and memory.
    static let maxImportFrames = AudioFormat.frames(seconds: 3 * 3600)

    func importSound(_ request: ImportArguments, into library: SoundLibrary) throws(ProtocolError) -> SoundEntry {
        if let reason = SoundRules.idProblem(request.id) {
            throw ProtocolError(.invalidArgument, "id \"\(request.id.prefix(40))\" \(reason)")
        }
        if let reason = SoundRules.nameProblem(request.name) {
            throw ProtocolError(.invalidArgument, "name \(reason)")
        }
        let category = request.category ?? Self.defaultCategory
        if let reason = SoundRules.idProblem(category) {
            throw ProtocolError(.invalidArgument, "category \"\(category.prefix(40))\" \(reason)")
        }
        if let existing = library.sound(id: request.id) {
            throw ProtocolError(.importFailed,
                                "id '\(request.id)' is taken by \(existing.source.rawValue) sound \"\(existing.entry.name)\"; choose another id")
        }
        guard loader.fileSystem.fileExists(request.path) else {
            throw ProtocolError(.importFailed, "no file at \(request.path)")
        }
        let decoded: PCMBuffer
        do {
            decoded = try MP3Decoder.decodeAll(path: request.path, maxFrames: Self.maxImportFrames)
        } catch {
            throw ProtocolError(.importFailed, "\(error.description); only MPEG audio (MP3, MP2) can be imported")
        }
        let seconds = Double(decoded.frameCount) / Double(AudioFormat.sampleRate)
        guard seconds >= Limits.minImportSeconds else {
            throw ProtocolError(.importFailed, "\(request.path) decodes to only \(seconds) s of audio")
        }
        let fileName = request.id + "." + Self.fileExtension(of: request.path)
        let entry = SoundEntry(id: request.id, name: request.name, category: category, file: fileName,
                               kind: request.kind ?? .loop)
        do {
            try write(entry, copying: request.path)
        } catch {
            throw ProtocolError(.importFailed, "cannot store the sound in \(loader.userDataDirectory): \(error)")
        }
        return entry
    }

    private func write(_ entry: SoundEntry, copying source: String) throws {
        let fileSystem = loader.fileSystem
        try fileSystem.createDirectory(loader.userSoundsFolder)
        let destination = loader.userSoundsFolder + "/" + entry.file
        var catalog = try loader.userCatalog()
        catalog.sounds.append(entry)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let bytes = Array(try encoder.encode(catalog)) + [UInt8(ascii: "\n")]
        try fileSystem.copyFile(from: source, to: destination)
        do {
            try fileSystem.writeAtomically(bytes, to: loader.userCatalogPath)
        } catch {
            // Nothing half-done: without its catalog entry the copied file would be an orphan.
            try? fileSystem.removeFile(destination)
            throw error
        }
    }

    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "mp3" }
        let ext = name[name.index(after: dot)...].lowercased()
        return ext.isEmpty || ext.count > 5 || !ext.allSatisfy({ $0.isLetter || $0.isNumber }) ? "mp3" : ext
    }
}
