import Logging
import NoiseAudio
import NoiseCore
import ServiceLifecycle

/// Wires the real parts together and runs them as one service group: audio first, the control socket last,
/// so on SIGTERM/SIGINT the socket stops taking requests before the audio fades out and closes.
public enum Daemon {
    public static func run(_ configuration: DaemonConfiguration, logger: Logger) async throws {
        let hub = EventHub()
        let (events, eventSink) = AsyncStream<AudioEvent>.makeStream()
        let device = configuration.device
        let engine = AudioEngine(deviceName: device,
                                 makeOutput: { AudioEngine.output(forDevice: device) },
                                 onEvent: { eventSink.yield($0) })
        let loader = CatalogLoader(fileSystem: LocalFileSystem(), dataDirectory: configuration.dataDirectory,
                                   userDataDirectory: configuration.userDataDirectory)
        let library = loader.load()
        logger.info("catalog: \(library.sounds.count) sounds from \(configuration.dataDirectory) and \(configuration.userDataDirectory)")
        for problem in library.problems { logger.warning("catalog: \(problem)") }

        let player = Player(engine: engine, library: library, clock: ContinuousClock(), hub: hub,
                            cacheBytes: configuration.cacheBytes, defaultFade: configuration.defaultFadeSeconds)
        let server = ControlServer(path: configuration.socketPath,
                                   handler: RequestHandler(player: player, loader: loader), hub: hub, logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [
                .init(service: AudioService(engine: engine, player: player, events: events, logger: logger)),
                .init(service: server),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
        try await group.run()
    }
}
