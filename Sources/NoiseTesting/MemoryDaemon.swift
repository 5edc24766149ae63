import Logging
import NoiseAudio
import NoiseCatalog
import NoiseControl
import NoiseCore
import NoiseDaemon
import NoiseStore

/// The daemon as `Daemon.run` wires it, less the socket and the services: a player over a started engine, an alarm
/// scheduler on a hand-moved wall clock over a given database, the life desk over its `LifeStore`, and the request
/// handler over them, all publishing to one hub. The fuzz harness answers lines with it; `TestDaemon` puts the control server in front.
public struct MemoryDaemon<C: Clock>: Sendable where C.Duration == Duration {
    public let hub: EventHub
    public let engine: AudioEngine
    public let player: Player<C>
    public let scheduler: AlarmScheduler
    public let handler: RequestHandler<C>

    /// Engine events (voices ended, device state) are dropped: what the player reports then depends on the requests
    /// alone, not on the output thread's timing. The scheduler is made but not run: the caller runs its loop
    /// (`scheduler.run()`) in a task it owns.
    /// `memory`: where the player keeps its state and mixes (the daemon's is `PlaybackStore(database)`); nil keeps
    /// nothing.
    public init(
        library: SoundLibrary, loader: CatalogLoader, live: LiveConfiguration, database: NoiseDatabase, clock: C,
        wall: ManualWallClock, decodedStore: (any DecodedSoundStore)? = nil, memory: (any PlaybackMemory)? = nil,
        output: @escaping @Sendable () -> any AudioOutput, logger: Logger
    ) async throws {
        hub = EventHub()
        engine = AudioEngine(deviceName: "memory", makeOutput: output, onEvent: { _ in })
        engine.start()
        player = Player(
            engine: engine, library: library, clock: clock, hub: hub, cacheBytes: Limits.defaultCacheMiB << 20,
            decodedStore: decodedStore, memory: memory, logger: logger)
        scheduler = try await AlarmScheduler(
            database: database, clock: wall, zones: FixedZone(), ringer: player, hub: hub,
            logger: logger, board: player.board)
        let life = LifeDesk(
            store: LifeStore(database), scheduler: scheduler, clock: wall, zones: FixedZone(), hub: hub, logger: logger)
        handler = RequestHandler(
            player: player, scheduler: scheduler, loader: loader, keeper: CatalogKeeper(), live: live,
            life: life, logger: logger)
    }
}
