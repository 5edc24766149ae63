import ArgumentParser
import CLinux
import Glibc
import Logging
import NoiseConfig
import NoiseCore
import NoiseDaemon
import NoiseDownload
import NoiseEventLoops
import NoiseSystem

/// `noised`: the alarm-and-noise daemon. Parses options, resolves paths, and runs the daemon.
struct Noised: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noised",
        abstract: "The NoiseClock daemon: plays noise loops and rings alarms; controlled with noisectl.",
        discussion: """
            Settings come from $XDG_CONFIG_HOME/noised/config.toml (~/.config/noised/config.toml; every key is \
            described in share/doc/noiseclock/configuration.md under the install prefix, e.g. \
            /usr/share/doc/noiseclock/configuration.md.gz from the package); the options below override the file. SIGHUP reloads the config and the \
            sound catalog without interrupting playback; SIGTERM and SIGINT fade out and stop. Alarms are kept \
            in $XDG_STATE_HOME/noised/noised.sqlite (one daemon per state folder: a second one refuses to start), your own \
            sounds in $XDG_DATA_HOME/noised/. The socket folder must be yours alone (mode 0700, not a link). Under systemd \
            it reports readiness and status, pings the watchdog, adopts a socket-activated listener, and logs \
            to the journal with priorities.
            """,
        version: Limits.version)

    @Option(
        help: ArgumentHelp(
            "Control socket path (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).", valueName: "path"))
    var socket: String?

    @Option(help: ArgumentHelp("Config file (default: $XDG_CONFIG_HOME/noised/config.toml).", valueName: "path"))
    var config: String?

    @Flag(
        name: .customLong("check-config"), help: "Check the config file (or CONFIG-PATH) and exit: 0 when it is valid.")
    var checkConfig = false

    @Argument(help: "With --check-config: the file to check.")
    var configPath: String?

    @Option(
        help: ArgumentHelp(
            "ALSA device (PCM) to play to, e.g. default, pulse, hw:0; 'null' plays to nowhere, paced in real time (config: audio.device; default: default).",
            valueName: "name"))
    var device: String?

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "Folder with the installed sounds.json and sounds/ (default: found next to the binary).",
            valueName: "folder"))
    var dataDirectory: String?

    @Option(
        name: .customLong("cache-size"),
        help: ArgumentHelp(
            "Memory for decoded sounds, in MiB; larger sounds stream from disk (config: audio.cache_size; default: \(Limits.defaultCacheMiB)).",
            valueName: "MiB"))
    var cacheMiB: Int?

    @Option(
        help: ArgumentHelp(
            "Default fade for play and stop, e.g. 0.5s, 2s, 500ms (config: playback.fade_in and fade_out; default: \(Limits.defaultFadeSeconds)s).",
            valueName: "duration"))
    var fade: String?

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "trace, debug, info, notice, warning, error or critical (config: log.level; default: info).",
            valueName: "level"))
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError(
                "--log-level '\(logLevel)' is not one of trace, debug, info, notice, warning, error, critical")
        }
        if let cacheMiB, !(1...4096).contains(cacheMiB) {
            throw ValidationError("--cache-size must be 1 to 4096 (MiB), got \(cacheMiB)")
        }
        if let fade {
            do {
                _ = try DurationParser.seconds(fade)
            } catch {
                throw ValidationError("--fade: \(error)")
            }
        }
        if device?.isEmpty == true { throw ValidationError("--device must not be empty") }
        if configPath != nil && !checkConfig {
            throw ValidationError(
                "a config path is taken only with --check-config; to run with a config file, use --config PATH")
        }
        if configPath != nil && config != nil {
            throw ValidationError("give the file to check once: --check-config PATH")
        }
    }

    var overrides: SettingsOverrides {
        SettingsOverrides(
            device: device, cacheMiB: cacheMiB, fadeSeconds: fade.flatMap { try? DurationParser.seconds($0) },
            logLevel: logLevel)
    }

    func run() async throws {
        mallopt(M_MMAP_THRESHOLD, Limits.mappedAllocationBytes)
        let environment = ProcessEnvironment.current
        let paths = XDGPaths(environment: environment)
        let reader = ConfigReader(
            path: configPath ?? config ?? paths.configFile,
            home: environment["HOME"] ?? "/")
        if checkConfig { try Self.check(reader, explicit: configPath != nil || config != nil) }
        let loaded = reader.read()
        let live = LiveConfiguration(reader: reader, overrides: overrides, initial: loaded)
        let settings = await live.settings
        let levelControl = LogLevelControl(Logger.Level(rawValue: settings.logLevel) ?? .info)
        // Under systemd, priority-prefixed lines the journal files by level; otherwise lines with time and level.
        let toJournal = JournalLogHandler.stderrIsJournal(environment: environment)
        LoggingSystem.bootstrap { label in
            let inner: any LogHandler =
                toJournal
                ? JournalLogHandler(label: label, level: .trace)
                : StreamLogHandler.standardError(label: label)
            return AdjustableLogHandler(wrapping: inner, control: levelControl)
        }
        let logger = Logger(label: "noised")
        for problem in loaded.problems { logger.error("config \(reader.path): \(problem)") }
        if !loaded.problems.isEmpty {
            logger.error(
                "config: \(reader.path) is not used until fixed (check it with noised --check-config); the defaults apply"
            )
        } else if loaded.exists {
            logger.info("config: \(reader.path) (\(loaded.keys.count) keys set)")
        }
        // Everything the daemon creates (socket, catalogs, copied sounds) is private to the user.
        umask(0o077)
        guard let dataDirectory = dataDirectory ?? DataDirectoryLocator.find(environment: environment) else {
            throw ValidationError("cannot find the sound catalog (sounds.json); give --data-dir")
        }
        let configuration = DaemonConfiguration(
            socket: paths.socketLocation(option: socket, uid: getuid()),
            dataDirectory: dataDirectory,
            userDataDirectory: paths.userDataDirectory,
            stateDirectory: paths.stateHome + "/noised",
            decodedSoundsDirectory: paths.decodedSoundsDirectory,
            live: live,
            logLevel: levelControl,
            faults: TestFaults(environment: environment),
            elementSource: { ElementFetcher(timeoutSeconds: $0.timeoutSeconds, deadlineSeconds: $0.deadlineSeconds) })
        do {
            try await Daemon.run(configuration, logger: logger)
        } catch let error as StartupError {
            logger.critical("\(error.description)")
            throw ExitCode.failure
        }
    }

    /// `--check-config`: prints every problem (`PATH:LINE: key: message`) or a one-line summary, and exits.
    static func check(_ reader: ConfigReader, explicit: Bool) throws -> Never {
        let loaded = reader.read()
        if !loaded.exists {
            if explicit {
                printError("noised: \(reader.path): no such file")
                throw ExitCode.failure
            }
            print("\(reader.path): no config file; the defaults apply")
            throw ExitCode.success
        }
        if loaded.problems.isEmpty {
            print("\(reader.path): OK (\(loaded.keys.count) keys set)")
            throw ExitCode.success
        }
        for problem in loaded.problems {
            printError(
                problem.line > 0
                    ? "\(reader.path):\(problem.line): \(problem.key.map { "\($0): " } ?? "")\(problem.message)"
                    : "\(reader.path): \(problem.message)")
        }
        throw ExitCode.failure
    }

    static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// noised's entry point (run by `noiseclock` under that name): argument-parser's own, except that usage errors exit
/// with 2, as noisectl's do (not 64).
public enum NoisedMain {
    /// On the main actor, as `noiseclock`'s top-level code is: the hook is installed before the first hop to the
    /// global executor, which would otherwise go to libdispatch and start its once-a-second monitor for good.
    @MainActor
    public static func main() async {
        ConcurrencyOnEventLoops.install()
        do {
            try await Noised.parse().run()
        } catch {
            if Noised.exitCode(for: error) == .validationFailure {
                Noised.printError(Noised.fullMessage(for: error))
                exit(2)
            }
            Noised.exit(withError: error)
        }
    }
}
