import Logging
import NoiseAlarms
import NoiseAudio
import NoiseConfig
import NoiseCore

/// What SIGHUP does: reads the config again and applies what can change while running (defaults of play,
/// stop and new alarms, the missed-alarm grace, the log level, the sound folders), then reloads the sound
/// catalog. Playback and ringing alarms go on undisturbed. The device and the cache size are fixed for the
/// process's life: a change is logged as needing a restart.
struct ConfigReloader<C: Clock>: Sendable where C.Duration == Duration {
    let live: LiveConfiguration
    let loader: CatalogLoader
    let keeper: CatalogKeeper
    let player: Player<C>
    let scheduler: AlarmScheduler
    let desktop: DesktopLink<C>?
    let logLevel: LogLevelControl
    let logger: Logger
    /// Wakes the element downloader, which reads `[satellites]` at each check: a reload that turns downloads off
    /// (or on, or points them elsewhere) shows in `status` and takes effect at once, not at the next hourly check.
    var elementDownloads: DownloadWakeup?

    func reload() async {
        let (previous, loaded) = await live.reload()
        let path = live.reader.path
        if loaded.problems.isEmpty {
            let settings = await live.settings
            await apply(settings)
            if settings.satellites != previous.satellites { elementDownloads?.wake() }
            if settings.device != previous.device {
                logger.notice("config: audio.device is now '\(settings.device)'; it takes effect when noised restarts")
            }
            if settings.cacheMiB != previous.cacheMiB {
                logger.notice(
                    "config: audio.cache_size is now \(settings.cacheMiB) MiB; it takes effect when noised restarts")
            }
            if settings.satellites.timeoutSeconds != previous.satellites.timeoutSeconds {
                let timeout = DurationParser.describe(settings.satellites.timeoutSeconds)
                logger.notice("config: satellites.timeout is now \(timeout); it takes effect when noised restarts")
            }
            if settings.satellites.deadlineSeconds != previous.satellites.deadlineSeconds {
                let deadline = DurationParser.describe(settings.satellites.deadlineSeconds)
                logger.notice("config: satellites.deadline is now \(deadline); it takes effect when noised restarts")
            }
            logger.notice(
                loaded.exists
                    ? "config: reloaded \(path) (\(loaded.keys.count) keys set)"
                    : "config: no file at \(path); the defaults apply")
        } else {
            for problem in loaded.problems { logger.error("config \(path): \(problem)") }
            logger.error("config: \(path) has \(loaded.problems.count) problem(s); the settings in force are kept")
        }
        await reloadCatalog(folders: await live.settings.soundFolders)
    }

    /// Applies the parts the player, the scheduler and the log follow.
    func apply(_ settings: DaemonSettings) async {
        logLevel.current = Logger.Level(rawValue: settings.logLevel) ?? .info
        await player.apply(settings.playback)
        await scheduler.apply(template: settings.alarm, missedGraceSeconds: settings.missedGraceSeconds)
        await desktop?.apply(settings.desktop)
    }

    func reloadCatalog(folders: [String]) async {
        var loader = self.loader
        loader.soundFolders = folders
        let loaded = await FileWork.run { [loader, keeper] in keeper.load(loader) }
        await player.replaceLibrary(loaded)
        let library = loaded.library
        logger.notice("catalog: \(library.sounds.count) sounds")
        for problem in library.problems { logger.warning("catalog: \(problem)") }
        let alarmSound = await live.settings.alarm.sound
        if library.sound(id: alarmSound) == nil {
            logger.warning(
                "config: alarms.sound '\(alarmSound)' is not in the catalog; new alarms ring with \(AlarmDefaults.sound) until it is"
            )
        }
    }
}
