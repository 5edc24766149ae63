import Foundation
import NoiseCatalog
import NoiseCore
import Testing

@testable import NoiseDaemon
@testable import NoiseProtocol

/// `sounds remove` and `sounds rename` against a real temporary folder: only the user's own sounds change, and the
/// refusals say which can.
@Suite("Sound editor")
final class SoundEditorTests {
    let root: String
    let editor: SoundEditor

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("edit-\(UUID().uuidString)").path
        for folder in ["/installed/sounds", "/user/sounds"] {
            try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
        }
        try Self.write(
            #"{"version": 1, "sounds": [{"id": "rain", "name": "Heavy rain", "category": "nature", "file": "rain.mp3", "kind": "loop"}]}"#,
            to: root + "/installed/sounds.json")
        try Self.write(
            #"{"version": 1, "sounds": [{"id": "mine", "name": "Mine", "category": "custom", "file": "mine.wav", "kind": "loop"}, {"id": "bell", "name": "Bell", "category": "custom", "file": "bell.wav", "kind": "alarm"}]}"#,
            to: root + "/user/sounds.json")
        for file in ["/installed/sounds/rain.mp3", "/user/sounds/mine.wav", "/user/sounds/bell.wav"] {
            try Self.write("RIFF", to: root + file)
        }
        let loader = CatalogLoader(
            fileSystem: LocalFileSystem(), dataDirectory: root + "/installed",
            userDataDirectory: root + "/user")
        editor = SoundEditor(loader: loader, keeper: CatalogKeeper())
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func removingTakesTheEntryAndTheFileAndKeepsTheOthers() throws {
        let removed = try editor.remove("mine")
        #expect(removed.sound.path == root + "/user/sounds/mine.wav")
        #expect(removed.loaded.library.sounds.map(\.id) == ["rain", "bell"])
        #expect(!FileManager.default.fileExists(atPath: root + "/user/sounds/mine.wav"))
        #expect(FileManager.default.fileExists(atPath: root + "/user/sounds/bell.wav"))
        #expect(try editor.loader.userCatalog().sounds.map(\.id) == ["bell"])
    }

    @Test func renamingChangesTheNameOnly() throws {
        let loaded = try editor.rename("bell", to: "Brass bell")
        let entry = try #require(loaded.library.sound(id: "bell")?.entry)
        #expect(entry == SoundEntry(id: "bell", name: "Brass bell", category: "custom", file: "bell.wav", kind: .alarm))
    }

    @Test func anInstalledSoundIsRefusedNamingTheUsersOwn() throws {
        let before = try editor.loader.userCatalog()
        #expect(
            throws: ProtocolError(
                .invalidArgument,
                "'rain' (Heavy rain) is an installed sound; only the sounds you "
                    + "imported can be removed: mine, bell")
        ) { try self.editor.remove("rain") }
        #expect(throws: ProtocolError.self) { try self.editor.rename("rain", to: "Rain") }
        #expect(try editor.loader.userCatalog() == before)
        #expect(FileManager.default.fileExists(atPath: root + "/installed/sounds/rain.mp3"))
    }

    @Test func anUnknownIdIsRefusedWithTheClosest() {
        #expect(throws: ProtocolError(.unknownSound, "unknown sound 'mien'; did you mean mine?")) {
            try self.editor.remove("mien")
        }
    }
}
