import Foundation
import Glibc
import NoiseCore
import Testing

@testable import NoiseDaemon
@testable import NoiseProtocol

/// Imports against a real temporary folder, many at once on the real file-work pool: every acknowledged sound is
/// in the catalog, one import wins an id, nothing is left behind (8 parallel imports used to lose 5 sounds).
@Suite("Sound imports, in parallel")
final class SoundImporterTests {
    let root: String
    let loader: CatalogLoader
    let keeper = CatalogKeeper()

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
        for folder in ["/installed/sounds", "/user", "/sources"] {
            try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
        try Data(#"{"version": 1, "sounds": []}"#.utf8).write(to: URL(fileURLWithPath: root + "/installed/sounds.json"))
        loader = CatalogLoader(
            fileSystem: LocalFileSystem(), dataDirectory: root + "/installed", userDataDirectory: root + "/user")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A copy of the test tone made different from the others by an ID3v2 tag of `padding` bytes (which the
    /// decoder skips), so the file that was stored tells which request it came from.
    func source(_ name: String, padding: Int) throws -> String {
        let tone = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/tone-48k.mp3"))
        let size = [padding >> 21, padding >> 14, padding >> 7, padding].map { UInt8($0 & 0x7f) }
        let tag = Data([0x49, 0x44, 0x33, 3, 0, 0] + size + [UInt8](repeating: 0, count: padding))
        let path = root + "/sources/" + name
        try (tag + tone).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let fixtures: String = {
        "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/fixtures"
    }()

    func importing(_ request: Commands.Import) async -> Result<CatalogKeeper.Versioned, ProtocolError> {
        await Self.importing(request, with: SoundImporter(loader: loader, keeper: keeper))
    }

    static func importing(
        _ request: Commands.Import, with importer: SoundImporter
    ) async -> Result<CatalogKeeper.Versioned, ProtocolError> {
        await FileWork.run { Result { () throws(ProtocolError) in try importer.importSound(request).loaded } }
    }

    func storedFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/user/sounds").sorted()
    }

    @Test func eightDistinctImportsAtOnceAreAllKept() async throws {
        let requests = try (0..<8).map {
            Commands.Import(path: try source("s\($0).mp3", padding: $0 + 1), id: "s\($0)", name: "S \($0)")
        }
        let importer = SoundImporter(loader: loader, keeper: keeper)
        let results = await withTaskGroup(of: Result<CatalogKeeper.Versioned, ProtocolError>.self) { group in
            for request in requests { group.addTask { await Self.importing(request, with: importer) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let ids = (0..<8).map { "s\($0)" }
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        // The newest library holds every sound; the catalog on disk too, each once; no partial or orphan file.
        let newest = try #require(results.compactMap { try? $0.get() }.max { $0.version < $1.version })
        #expect(newest.library.sounds.map(\.id).sorted() == ids)
        #expect(try loader.userCatalog().sounds.map(\.id).sorted() == ids)
        #expect(try storedFiles() == ids.map { $0 + ".mp3" })
    }

    @Test func tenImportsOfOneIdHaveOneWinnerAndItsFileIsTheOneStored() async throws {
        let requests = try (0..<10).map {
            Commands.Import(path: try source("same\($0).mp3", padding: 100 + $0), id: "same", name: "Same")
        }
        let importer = SoundImporter(loader: loader, keeper: keeper)
        let results = await withTaskGroup(of: (Int, Result<CatalogKeeper.Versioned, ProtocolError>).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, await Self.importing(request, with: importer)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let winners = results.filter { (try? $0.1.get()) != nil }.map(\.0)
        #expect(winners.count == 1)
        for (_, result) in results {
            if case .failure(let error) = result {
                #expect(error.code == .importFailed && error.message.contains("id 'same' is taken"))
            }
        }
        #expect(try loader.userCatalog().sounds.map(\.id) == ["same"])
        #expect(try storedFiles() == ["same.mp3"])
        let stored = try Data(contentsOf: URL(fileURLWithPath: root + "/user/sounds/same.mp3"))
        let winner = try #require(winners.first)
        #expect(stored == (try Data(contentsOf: URL(fileURLWithPath: requests[winner].path))))
    }

    @Test func aFIFOIsRefusedAtOnceAndLeavesNothing() async throws {
        let path = root + "/sources/pipe.mp3"
        #expect(mkfifo(path, 0o600) == 0)
        let result = await importing(Commands.Import(path: path, id: "pipe", name: "Pipe"))
        #expect(
            throws: ProtocolError(
                .importFailed,
                "\(path) is a FIFO (named pipe), not a regular file; import an audio file (\(SoundImporter.accepted))")
        ) {
            try result.get()
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/user/sounds.json"))
        #expect(((try? storedFiles()) ?? []).isEmpty)
    }

    /// Without an id and a name both come from the file's name; the copy is named after what the file holds; a
    /// second import of the same name says which id is taken and which one to give instead.
    @Test func anIdAndANameLeftOutAreMadeFromTheFileName() async throws {
        let path = root + "/sources/Ocean Waves.flac"
        try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/tone-44k-mono.flac")).write(
            to: URL(fileURLWithPath: path))
        let imported = try await importing(Commands.Import(path: path)).get()
        let sound = try #require(imported.library.sound(id: "ocean-waves"))
        #expect(sound.entry.name == "Ocean Waves")
        #expect(try storedFiles() == ["ocean-waves.flac"])
        let again = await importing(Commands.Import(path: path, name: "Other"))
        #expect(
            throws: ProtocolError(
                .importFailed,
                #"id 'ocean-waves' is taken by user sound "Ocean Waves" (the id was made "#
                    + "from the file's name); give it another with --id, for example --id ocean-waves-2")
        ) {
            try again.get()
        }
    }

    @Test func aTextFileIsRefusedNamingWhatIsAcceptedAndLeavesNothing() async throws {
        let path = root + "/sources/notes.wav"
        try Data("this is not audio\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = await importing(Commands.Import(path: path))
        #expect(
            throws: ProtocolError(
                .importFailed,
                "cannot import \(path): it is text, not audio; "
                    + "accepted: WAV, FLAC, Ogg Vorbis, Opus, MP3, up to 3 hours")
        ) {
            try result.get()
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/user/sounds.json"))
        #expect(((try? storedFiles()) ?? []).isEmpty)
    }

    /// Issue 51: imports had no total limit. Parallel imports that would pass it together: one is kept, the rest
    /// are refused under the keeper's lock, saying what is used and the limit, and leave nothing behind.
    @Test func importsPastTheQuotaAreRefusedEvenInParallelAndLeaveNothing() async throws {
        let requests = try (0..<4).map {
            Commands.Import(path: try source("q\($0).mp3", padding: 10 + $0), id: "q\($0)")
        }
        let size = try #require(LocalFileSystem().fileSize(requests[0].path))
        let importer = SoundImporter(loader: loader, keeper: keeper, quota: ImportQuota(limitBytes: size + size / 2))
        let results = await withTaskGroup(of: Result<CatalogKeeper.Versioned, ProtocolError>.self) { group in
            for request in requests { group.addTask { await Self.importing(request, with: importer) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let kept = try loader.userCatalog().sounds.map(\.id)
        #expect(kept.count == 1 && results.filter { (try? $0.get()) != nil }.count == 1)
        for case .failure(let error) in results {
            #expect(error.code == .importFailed)
            #expect(
                error.message.contains(
                    "would take the imported sounds past their limit: they use "
                        + "\(ImportQuota.size(size)) of \(ImportQuota.size(size + size / 2))"), "\(error)")
            #expect(error.message.hasSuffix("free space with noisectl sounds remove ID, or raise the limit"))
        }
        #expect(try storedFiles() == kept.map { $0 + ".mp3" })
    }

    @Test func aLibraryOlderThanTheOneInUseIsNotTaken() {
        let older = keeper.load(loader)
        let newer = keeper.load(loader)
        #expect(newer.version > older.version)
    }
}
