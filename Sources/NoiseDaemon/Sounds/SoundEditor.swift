import NoiseCatalog
import NoiseCore
import NoiseProtocol

/// Removes and renames the sounds the user imported (`sounds remove`, `sounds rename`), each a change of the
/// user's catalog under the keeper's lock, as an import is, so it cannot lose a parallel import's entry. Installed
/// sounds and a folder's are refused, saying which can be changed. Blocks; run it on a file-work thread.
struct SoundEditor: Sendable {
    let loader: CatalogLoader
    let keeper: CatalogKeeper

    /// The library without the sound, and the sound as it was.
    struct Removed {
        var loaded: CatalogKeeper.Versioned
        var sound: Sound
    }

    /// Takes the sound out of the user's catalog, then deletes its file (after: a file left by a failure is only an
    /// orphan, never an entry without its file).
    func remove(_ id: String) throws(ProtocolError) -> Removed {
        var removed: Sound?
        let loaded = try keeper.change(loader) { (library) throws(ProtocolError) in
            let sound = try Self.userSound(id, in: library, toBe: "removed")
            try rewrite { $0.removeAll { $0.id == id } }
            try? loader.fileSystem.removeFile(sound.path)
            removed = sound
        }
        return Removed(loaded: loaded, sound: removed!)
    }

    /// Gives the sound a new display name; its id, and so every alarm and mix that names it, stays.
    func rename(_ id: String, to name: String) throws(ProtocolError) -> CatalogKeeper.Versioned {
        try keeper.change(loader) { (library) throws(ProtocolError) in
            _ = try Self.userSound(id, in: library, toBe: "renamed")
            try rewrite { entries in
                for index in entries.indices where entries[index].id == id { entries[index].name = name }
            }
        }
    }

    private func rewrite(_ change: (inout [SoundEntry]) -> Void) throws(ProtocolError) {
        do {
            var catalog = try loader.userCatalog()
            change(&catalog.sounds)
            try loader.fileSystem.writeAtomically(
                try JSONCoding.pretty(catalog) + [UInt8(ascii: "\n")],
                to: loader.userCatalogPath)
        } catch {
            throw ProtocolError(
                .storageFailed,
                "cannot change \(loader.userCatalogPath), so nothing changed: "
                    + CatalogLoader.describe(error))
        }
    }

    /// The user's imported sound `id`, or why it cannot be `toBe` (removed, renamed): unknown, installed, or a
    /// folder's, saying which can be.
    static func userSound(_ id: String, in library: SoundLibrary, toBe done: String) throws(ProtocolError) -> Sound {
        guard let sound = library.sound(id: id) else { throw library.unknownSoundError(id) }
        switch sound.source {
        case .user:
            return sound
        case .builtin:
            let yours = library.sounds.filter { $0.source == .user }.map(\.id)
            let which =
                yours.isEmpty
                ? "none yet (noisectl sounds import FILE)"
                : yours.prefix(10).joined(separator: ", ") + (yours.count > 10 ? ", …" : "")
            throw ProtocolError(
                .invalidArgument,
                "'\(id)' (\(sound.entry.name)) is an installed sound; only the sounds "
                    + "you imported can be \(done): \(which)")
        case .folder:
            let folder = sound.path.split(separator: "/").dropLast().joined(separator: "/")
            throw ProtocolError(
                .invalidArgument,
                "'\(id)' comes from the sound folder /\(folder) (sounds.folders); only "
                    + "the sounds you imported can be \(done): rename or remove its file there")
        }
    }
}
