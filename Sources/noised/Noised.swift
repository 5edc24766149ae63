import ArgumentParser
import Glibc
import Logging
import NoiseCore
import NoiseDaemon

/// `noised`: the alarm-and-noise daemon. Parses options, resolves paths, and runs the daemon.
struct Noised: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noised",
        abstract: "The NoiseClock daemon: plays noise loops and rings alarms; controlled with noisectl.",
        version: Limits.version)

    @Option(help: "Control socket path (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).")
    var socket: String?

    @Option(help: "ALSA device (PCM) to play to, e.g. default, pulse, hw:0; 'null' plays to nowhere, paced in real time.")
    var device = "default"

    @Option(name: .customLong("data-dir"), help: "Folder with the installed sounds.json and sounds/ (default: found next to the binary).")
    var dataDirectory: String?

    @Option(name: .customLong("cache-size"), help: "Memory for decoded sounds, in MiB; larger sounds stream from disk.")
    var cacheMiB = Limits.defaultCacheMiB

    @Option(help: "Default fade for play and stop, e.g. 0.5s, 2s, 500ms.")
    var fade = "\(Limits.defaultFadeSeconds)s"

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level '\(logLevel)' is not one of trace, debug, info, notice, warning, error, critical")
        }
        guard (1...4096).contains(cacheMiB) else { throw ValidationError("--cache-size must be 1 to 4096 (MiB), got \(cacheMiB)") }
        do {
            _ = try DurationParser.seconds(fade)
        } catch {
            throw ValidationError("--fade: \(error)")
        }
        guard !device.isEmpty else { throw ValidationError("--device must not be empty") }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        // Under systemd, priority-prefixed lines the journal files by level; otherwise lines with time and level.
        let toJournal = JournalLogHandler.stderrIsJournal(environment: ProcessEnvironment.variables())
        LoggingSystem.bootstrap { label in
            if toJournal { return JournalLogHandler(label: label, level: level) }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "noised")
        // Everything the daemon creates (socket, catalogs, copied sounds) is private to the user.
        umask(0o077)
        let paths = XDGPaths(environment: ProcessEnvironment.variables())
        guard let dataDirectory = dataDirectory ?? DataDirectoryLocator.find(environment: paths.environment) else {
            throw ValidationError("cannot find the sound catalog (sounds.json); give --data-dir")
        }
        let configuration = DaemonConfiguration(
            socketPath: paths.socketPath(option: socket, uid: getuid()),
            device: device,
            dataDirectory: dataDirectory,
            userDataDirectory: paths.userDataDirectory,
            stateDirectory: paths.stateHome + "/noised",
            cacheBytes: cacheMiB << 20,
            defaultFadeSeconds: (try? DurationParser.seconds(fade)) ?? Limits.defaultFadeSeconds)
        do {
            try await Daemon.run(configuration, logger: logger)
        } catch let error as StartupError {
            logger.critical("\(error.description)")
            throw ExitCode.failure
        }
    }
}


/// The entry point: argument-parser's own, except that usage errors exit with 2, as noisectl's do (not 64).
@main
enum Main {
    static func main() async {
        do {
            let command = try Noised.parseAsRoot()
            if let daemon = command as? Noised {
                try await daemon.run()
            } else {
                var other = command
                try other.run()
            }
        } catch {
            if Noised.exitCode(for: error) == .validationFailure {
                var message = Noised.fullMessage(for: error) + "\n"
                message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
                exit(2)
            }
            Noised.exit(withError: error)
        }
    }
}
