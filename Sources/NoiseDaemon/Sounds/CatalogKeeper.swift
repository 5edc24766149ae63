import NoiseCatalog
import NoiseCore
import Synchronization

/// The one writer of the user's catalog, and where every library the player is given comes from.
///
/// Imports and reloads run on file-work threads, several at once; each reads the user's catalog, may change it
/// and loads the library again. Unserialised, two imports read the same catalog and the second write drops the
/// first's entry (reported by 8 parallel imports: 5 acknowledged sounds lost). Here the read–change–write and
/// the load that follows it happen under one lock, and each library carries a version, so the player never
/// takes an older one after a newer one.
public final class CatalogKeeper: Sendable {
    /// A library and when it was loaded, relative to the others (higher is newer).
    public struct Versioned: Sendable {
        public var library: SoundLibrary
        public var version: UInt64
    }

    private let versions = Mutex<UInt64>(0)

    public init() {}

    /// Loads the library. Blocks on file reads.
    public func load(_ loader: CatalogLoader) -> Versioned {
        versions.withLock { version in
            version += 1
            return Versioned(library: loader.load(), version: version)
        }
    }

    /// Runs `change` (which may rewrite the user's catalog, given the library as it is now) and loads the library
    /// after it, with no other change or load in between. Blocks.
    public func change<E: Error>(
        _ loader: CatalogLoader,
        _ change: (SoundLibrary) throws(E) -> Void
    ) throws(E) -> Versioned {
        try versions.withLock { (version) throws(E) -> Versioned in
            try change(loader.load())
            version += 1
            return Versioned(library: loader.load(), version: version)
        }
    }
}
