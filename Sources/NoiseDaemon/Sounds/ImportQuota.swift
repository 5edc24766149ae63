import NoiseCore
import NoiseProtocol

/// The most the user's imported sounds may take together (`sounds.import_quota`, docs/sounds.md): each import was
/// capped, their sum was not, and three 250 MB imports filled a disk's worth of noise. An import that would pass it
/// is refused before anything is stored, saying what is used, the limit and how to free space.
struct ImportQuota: Sendable {
    let limitBytes: Int

    init(limitMiB: Int) {
        limitBytes = limitMiB << 20
    }

    init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    /// Bytes the imported sounds take now: the files the user's catalog names (a missing one takes none). Blocks.
    static func used(by loader: CatalogLoader) throws -> Int {
        try loader.userCatalog().sounds.reduce(0) { total, entry in
            total + (loader.fileSystem.fileSize(loader.userSoundsFolder + "/" + entry.file) ?? 0)
        }
    }

    /// Refuses `bytes` more for `path` when the sounds already taking `used` would then pass the limit.
    func check(adding bytes: Int, for path: String, used: Int) throws(ProtocolError) {
        guard used + bytes > limitBytes else { return }
        throw ProtocolError(
            .importFailed,
            "\(path) (\(Self.size(bytes))) would take the imported sounds past their "
                + "limit: they use \(Self.size(used)) of \(Self.size(limitBytes)) (sounds.import_quota in config.toml); "
                + "free space with noisectl sounds remove ID, or raise the limit")
    }

    /// Sizes as people read them, in the largest unit that is at least one: `603.0 KiB`, `250.0 MiB`, `1.0 GiB`.
    static func size(_ bytes: Int) -> String {
        let unit = [(1 << 30, "GiB"), (1 << 20, "MiB")].first { bytes >= $0.0 } ?? (1 << 10, "KiB")
        return (Double(bytes) / Double(unit.0)).fixed(1) + " " + unit.1
    }
}
