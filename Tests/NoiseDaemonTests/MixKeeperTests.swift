import Logging
import NoiseCatalog
import NoiseCore
import NoiseProtocol
import NoiseStore
import Testing

@testable import NoiseDaemon

/// The player's mixes on their own: the last mix through stops, what `resume` and `mix save` take, and the saved
/// mixes in a real in-memory store, or none.
@Suite("Mix keeper")
struct MixKeeperTests {
    static let rain = MixSound(id: "rain", volume: 40)
    static let fan = MixSound(id: "fan", volume: 80)

    static func keeper(memory: (any PlaybackMemory)?) -> MixKeeper {
        MixKeeper(memory: memory, storeChanges: StoreChanges(board: StatusBoard(), logger: Logger(label: "test")))
    }

    /// A store that refuses every change and read, as a full or read-only disk does.
    struct RefusingMemory: PlaybackMemory {
        struct Refused: Error {}
        func playback() async throws -> StoredPlayback? { throw Refused() }
        func savePlayback(_ playback: StoredPlayback) async throws { throw Refused() }
        func mixes() async throws -> [MixInfo] { throw Refused() }
        func saveMix(_ mix: MixInfo) async throws -> Bool { throw Refused() }
        func removeMix(named name: String) async throws -> Bool { throw Refused() }
    }

    @Test func theLastMixIsKeptThroughAStop() throws {
        var mixes = Self.keeper(memory: nil)
        #expect(throws: ProtocolError.self) { try mixes.toResume() }
        mixes.heard([Self.rain, Self.fan])
        mixes.heard([])
        #expect(mixes.last == [Self.rain, Self.fan])
        #expect(try mixes.toResume() == [Self.rain, Self.fan])
        mixes.heard([Self.fan])
        #expect(mixes.last == [Self.fan])
        mixes.restore(last: [Self.rain])
        #expect(try mixes.toResume() == [Self.rain])
    }

    @Test func mixSaveTakesWhatSoundsElseThePausedMix() throws {
        var mixes = Self.keeper(memory: nil)
        mixes.heard([Self.rain])
        #expect(try mixes.toSave(sounding: [Self.fan], paused: false) == [Self.fan])
        #expect(try mixes.toSave(sounding: [], paused: true) == [Self.rain])
        let error = #expect(throws: ProtocolError.self) { try mixes.toSave(sounding: [], paused: false) }
        #expect(error?.code == .notPlaying)
    }

    @Test func savedMixesAreKeptReplacedListedAndRemoved() async throws {
        let store = PlaybackStore(try .inMemory())
        let mixes = Self.keeper(memory: store)
        try await mixes.save(MixInfo(name: "sleep", sounds: [Self.rain]))
        try await mixes.save(MixInfo(name: "sleep", sounds: [Self.rain, Self.fan]))
        #expect(try await mixes.list().mixes == [MixInfo(name: "sleep", sounds: [Self.rain, Self.fan])])
        #expect(try await mixes.named("sleep").sounds == [Self.rain, Self.fan])
        let unknown = await #expect(throws: ProtocolError.self) { try await mixes.named("nap") }
        #expect(unknown?.code == .unknownMix)
        #expect(try await mixes.remove(named: "sleep").name == "sleep")
        #expect(try await store.mixes().isEmpty)
    }

    @Test func aNewMixPastTheMostKeptIsRefused() async throws {
        let mixes = Self.keeper(memory: PlaybackStore(try .inMemory()))
        for index in 0..<CatalogLimits.maxMixes {
            try await mixes.save(MixInfo(name: "mix \(index)", sounds: [Self.rain]))
        }
        let refused = await #expect(throws: ProtocolError.self) {
            try await mixes.save(MixInfo(name: "one more", sounds: [Self.rain]))
        }
        #expect(refused?.code == .invalidArgument)
        try await mixes.save(MixInfo(name: "mix 0", sounds: [Self.fan]))
    }

    @Test func aRefusingOrMissingStoreIsStorageFailed() async throws {
        for mixes in [Self.keeper(memory: RefusingMemory()), Self.keeper(memory: nil)] {
            let saving = await #expect(throws: ProtocolError.self) {
                try await mixes.save(MixInfo(name: "sleep", sounds: [Self.rain]))
            }
            #expect(saving?.code == .storageFailed)
            #expect(saving?.message.hasPrefix("the mix could not be saved") == true)
            let listing = await #expect(throws: ProtocolError.self) { try await mixes.list() }
            #expect(listing?.code == .storageFailed)
        }
    }
}
