import ArgumentParser
import Glibc
import Logging
import NoiseClient
import NoiseClientAsync
import NoiseConfig
import NoiseCore
import NoiseEventLoops
import NoiseHome
import NoiseProtocol
import NoiseSystem

/// noisehome's entry point (run by `noiseclock` under that name): Swift concurrency on SwiftNIO's threads, as
/// noiseweb, then the command.
public enum NoisehomeMain {
    /// On the main actor, as noised's and noiseweb's: the hook is installed before the first hop to the global
    /// executor, which would otherwise start libdispatch's once-a-second monitor for good.
    @MainActor
    public static func main() async {
        ConcurrencyOnEventLoops.install()
        await Noisehome.main()
    }
}

/// `noisehome`: NoiseClock in the home (docs/home.md), a client of noised that noised does not link: it runs the
/// `[hooks]` of config.toml on the daemon's events, so a hook that hangs or fails can never delay an alarm.
struct Noisehome: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noisehome",
        abstract: "Run a program on noised's events ([hooks] in config.toml), as a client of its socket.",
        discussion: """
            Each hook is a program and its arguments (no shell), run with the event's JSON line on its standard \
            input and NOISECLOCK_EVENT, NOISECLOCK_ALARM_ID, NOISECLOCK_ALARM_LABEL, NOISECLOCK_RING_AT (or \
            NOISECLOCK_STATE) in its environment, at most [hooks] max_running at once, each killed at [hooks] \
            timeout. It connects to noised again by itself, with backoff, when noised restarts.
            """,
        version: Limits.version)

    @Option(
        help: ArgumentHelp(
            "noised's socket (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).", valueName: "path"))
    var socket: String?

    func run() async throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "noisehome")
        // A hook that closes its input early must not end noisehome.
        signal(SIGPIPE, SIG_IGN)
        let settings: HookSettings
        do { settings = try ConfigStore().hookSettings() } catch { throw ValidationError(error.description) }
        guard !settings.isEmpty else {
            logger.notice("no [hooks] in config.toml: nothing to run")
            return
        }
        let runner = HookRunner(settings: settings, logger: logger)
        let path = DaemonSocket.path(option: socket)
        var backoff = Reconnect()
        while !Task.isCancelled {
            do {
                let client = try await DaemonClient.connect(path: path)
                _ = try await client.subscribe()
                logger.info(
                    "connected to noised at \(path); hooks for \(settings.programs.keys.sorted().joined(separator: ", "))"
                )
                backoff.connected()
                for try await event in client.events {
                    if let call = HookCall.of(event.decoded(), line: event.line, settings: settings) {
                        await runner.offer(call)
                    }
                }
                logger.notice("noised closed the connection; connecting again")
            } catch {
                logger.log(level: backoff.saidOnce ? .debug : .warning, "noised: \(error); trying again")
            }
            try await Task.sleep(for: .seconds(backoff.next()))
        }
    }
}

/// How long to wait before connecting again: 0.5 s doubling to 30 s, back to the start once connected; the first
/// failure is logged as a warning, the rest only at debug level (no line a second in the journal while noised is
/// stopped).
struct Reconnect {
    private var delay = 0.5
    private(set) var saidOnce = false

    mutating func next() -> Double {
        defer {
            delay = min(delay * 2, 30)
            saidOnce = true
        }
        return delay
    }

    mutating func connected() {
        delay = 0.5
        saidOnce = false
    }
}
