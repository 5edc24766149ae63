import CLinux
import Glibc
import Logging
import NIOCore
import NIOPosix
import NoiseAudio
import NoiseConfig
import NoiseControl
import NoiseCore
import NoiseDBus
import NoiseEventLoops
import NoiseStore
import NoiseSystem
import NoiseSystemd
import ServiceLifecycle
import Synchronization

/// Wires the real parts together and runs them as one service group: audio first, the control socket last,
/// so on SIGTERM/SIGINT the socket stops taking requests before the audio fades out and closes.
public enum Daemon {
    public static func run(_ configuration: DaemonConfiguration, logger: Logger) async throws {
        // A daemon that could not serve stops before it opens the store or rings anything: a second daemon on the
        // same state folder, a socket folder another user could take over (a socket systemd passed is its own).
        let lock = try StateFolderLock.take(
            folder: configuration.stateDirectory, socketPath: configuration.socket.path,
            logger: logger)
        let environment = ProcessEnvironment.current
        let activated = SocketActivation.adopt(name: "noised")
        if activated == nil { try SocketSetup.prepare(configuration.socket) }
        if ConcurrencyOnEventLoops.installed {
            logger.debug("Swift concurrency runs on SwiftNIO's event loops")
        } else {
            logger.notice(
                "Swift concurrency runs on libdispatch (the runtime's executor hook was already taken): noised wakes once a second while idle"
            )
        }
        let hub = EventHub()
        let (events, eventSink) = AsyncStream<AudioEvent>.makeStream()
        let settings = await configuration.live.settings
        let device = settings.device
        let engine = AudioEngine(
            deviceName: device,
            makeOutput: { AudioEngine.output(forDevice: device) },
            onEvent: { eventSink.yield($0) })
        let loader = CatalogLoader(
            fileSystem: LocalFileSystem(), dataDirectory: configuration.dataDirectory,
            userDataDirectory: configuration.userDataDirectory,
            soundFolders: settings.soundFolders)
        let keeper = CatalogKeeper()
        let library = keeper.load(loader).library
        logger.info(
            "catalog: \(library.sounds.count) sounds from \(configuration.dataDirectory) and \(configuration.userDataDirectory)"
        )
        for problem in library.problems { logger.warning("catalog: \(problem)") }

        // A read-only, full or damaged store must not keep the alarms from ringing (nor stop the daemon): it runs on
        // with what can be read, refuses changes, and says why, here and in `status`. One database; each actor is
        // given the store of its own tables only (the scheduler also the database, which it checks and rebuilds).
        let database = NoiseDatabase.openChecked(path: configuration.stateDirectory + "/noised.sqlite")
        if let reason = database.readOnlyReason { logger.error("\(reason)") }
        let player = Player(
            engine: engine, library: library, clock: EventLoopClock(), hub: hub,
            cacheBytes: settings.cacheMiB << 20,
            decodedStore: DiskDecodedSoundStore(folder: configuration.decodedSoundsDirectory),
            memory: PlaybackStore(database), defaults: settings.playback, logger: logger)
        // After a crash, the noise that played comes back whatever resume_on_start says: nobody chose silence.
        let restored = await player.restore(
            resumeOnStart: settings.playback.resumeOnStart,
            afterUncleanExit: lock?.lastRunEndedUncleanly ?? false)
        logger.info("player: \(restored)")
        let zones = SystemTimeZoneSource(environment: environment)
        // A pass alarm added for a satellite not kept yet gets its elements at once, not at the next hourly check;
        // an import, or a reload of [satellites], is seen at once too.
        let wakeup = DownloadWakeup()
        let sky = FileSkySource(
            cache: ElementCache(environment: environment), config: configuration.live.reader, zones: zones)
        let holidays = FileHolidaySource(config: configuration.live.reader)
        let clock = try TimerFDWallClock(watching: { zones.filesDefiningSystemZone + sky.files + holidays.files })
        let scheduler = try await AlarmScheduler(
            database: database, clock: clock,
            zones: zones, ringer: player, hub: hub, logger: logger,
            template: settings.alarm, missedGraceSeconds: settings.missedGraceSeconds, board: player.board,
            leapSeconds: SystemLeapSeconds.load(), sky: sky, holidays: holidays,
            wakeElementDownloads: { wakeup.wake() })
        let desktop = makeDesktop(
            settings.desktop, environment: environment, player: player, scheduler: scheduler, hub: hub,
            logger: logger)
        let life = LifeDesk(
            store: LifeStore(database), scheduler: scheduler, clock: clock, zones: zones, hub: hub, logger: logger)
        await scheduler.onReminder { [link = desktop.link] day in
            if await life.remind(day) { await link.remindGratitude(day) }
        }
        let notifier = ServiceNotifier(environment: environment)
        let server = ControlServer(
            path: configuration.socket.path,
            listenDescriptor: activated,
            handler: RequestHandler(
                player: player, scheduler: scheduler, loader: loader, keeper: keeper,
                live: configuration.live,
                life: life,
                faults: configuration.faults,
                logger: logger),
            hub: hub, logger: logger,
            onListening: { notifier.ready() },
            onStopping: { notifier.stopping() })
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: AudioService(engine: engine, player: player, events: events, logger: logger)),
            .init(service: AlarmService(scheduler: scheduler)),
            .init(service: StatusReporter(notifier: notifier, hub: hub, player: player, scheduler: scheduler)),
            .init(service: desktop.service),
        ]
        if let interval = ServiceNotifier.watchdogInterval() {
            logger.info("watchdog: pinging every \(interval) s")
            services.append(
                .init(
                    service: WatchdogService(
                        notifier: notifier, interval: interval, player: player,
                        scheduler: scheduler)))
        }
        let reloader = ConfigReloader(
            live: configuration.live, loader: loader, keeper: keeper, player: player, scheduler: scheduler,
            desktop: desktop.link, logLevel: configuration.logLevel, logger: logger,
            elementDownloads: wakeup)
        services.append(
            .init(
                service: SignalService(
                    reload: { await reloader.reload() }, player: player,
                    wedgeOnSIGUSR2: configuration.faults.wedgeOnSIGUSR2, logger: logger)))
        // Satellites' elements kept fresh from CelesTrak (docs/satellites.md); off with satellites.download = false.
        var downloader = ElementDownloader(
            cache: ElementCache(environment: environment), live: configuration.live,
            clock: EventLoopClock(), logger: logger, board: player.board,
            makeSource: configuration.elementSource)
        downloader.alarmSatellites = { await scheduler.passSatellites() }
        downloader.wakeup = wakeup
        services.append(.init(service: downloader))
        services.append(.init(service: server))
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
        // Every service has stopped: nothing writes any more.
        do {
            try await scheduler.closeStore()
            logger.info("alarm store closed")
        } catch {
            logger.warning("closing the alarm store: \(error)")
        }
        lock?.release()
    }

    /// The D-Bus side (docs/desktop.md): the bus thread, the link that keeps the desktop in line with the daemon,
    /// and the service that runs them. Its status goes on the board; its changes are logged.
    private static func makeDesktop<C: Clock>(
        _ settings: DesktopSettings, environment: [String: String], player: Player<C>,
        scheduler: AlarmScheduler, hub: EventHub, logger: Logger
    )
        -> (link: DesktopLink<C>, service: DesktopService<C>)
    {
        let (events, sink) = AsyncStream<DesktopBusEvent>.makeStream()
        let options = DesktopBus.Options(
            mpris: settings.mpris, notifications: settings.notifications,
            desktopEntry: DesktopEntry.installed(environment: environment))
        let bus = DesktopBus(
            options: options, environment: environment, onEvent: { sink.yield($0) },
            onStatus: { old, new in DesktopLog.changes(from: old, to: new, logger: logger) })
        player.board.attach(desktop: { bus.status })
        let link = DesktopLink(
            bus: bus, player: player, scheduler: scheduler, board: player.board, settings: settings,
            logger: logger)
        return (link, DesktopService(link: link, hub: hub, busEvents: events))
    }
}
