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
        abstract: "NoiseClock in the home: [hooks] and [mqtt] (Home Assistant) for noised, as a client of its socket.",
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

    @Flag(
        help: """
            Say whether the running noisehome is connected to noised and to the MQTT broker, and how its hooks went; \
            exit 0 when everything configured is connected, 1 when something is not, 3 when noisehome is not running.
            """)
    var status = false

    func run() async throws {
        if status { throw ExitCode(HomeStatusReport.print()) }
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "noisehome")
        // A hook that closes its input early must not end noisehome.
        signal(SIGPIPE, SIG_IGN)
        let settings: DaemonSettings
        do { settings = try ConfigStore().settings() } catch { throw ValidationError(error.description) }
        guard !settings.hooks.isEmpty || !settings.mqtt.isEmpty else {
            logger.notice("no [hooks] or [mqtt] in config.toml: nothing to do")
            return
        }
        let statusFile = HomeStatusFile(
            folder: HomeStatusReport.folder, broker: settings.mqtt.broker.map(\.address),
            hooks: !settings.hooks.isEmpty, logger: logger)
        await statusFile.write()
        let runner =
            settings.hooks.isEmpty ? nil : HookRunner(settings: settings.hooks, status: statusFile, logger: logger)
        let bridge = try settings.mqtt.broker.map { broker throws(ValidationError) in
            try Self.bridge(settings.mqtt, broker: broker, status: statusFile, logger: logger)
        }
        let path = DaemonSocket.path(option: socket)
        await withTaskGroup(of: Void.self) { group in
            if let bridge { group.addTask { await bridge.run() } }
            group.addTask {
                await Self.follow(
                    path: path, hooks: settings.hooks, runner: runner, bridge: bridge, status: statusFile,
                    logger: logger)
            }
        }
    }

    /// noised's events, to the hooks and the broker, connecting again with backoff whenever noised goes away.
    private static func follow(
        path: String, hooks: HookSettings, runner: HookRunner?, bridge: HomeBridge?, status: HomeStatusFile,
        logger: Logger
    ) async {
        var backoff = Reconnect()
        while !Task.isCancelled {
            do {
                let client = try await DaemonClient.connect(path: path)
                let subscribed = try await client.subscribe()
                let hooked = hooks.programs.keys.sorted().joined(separator: ", ")
                logger.info("connected to noised at \(path)\(hooked.isEmpty ? "" : "; hooks for \(hooked)")")
                backoff.connected()
                await status.noised(connected: true)
                await bridge?.daemonConnected(client, status: subscribed)
                for try await event in client.events {
                    let decoded = event.decoded()
                    if let runner, let call = HookCall.of(decoded, line: event.line, settings: hooks) {
                        await runner.offer(call)
                    }
                    await bridge?.event(decoded)
                }
                logger.notice("noised closed the connection; connecting again")
                await status.noised(connected: false, problem: "noised closed the connection")
            } catch {
                logger.log(level: backoff.saidOnce ? .debug : .warning, "noised: \(error); trying again")
                await status.noised(connected: false, problem: "\(error)")
            }
            await bridge?.daemonLost()
            try? await EventLoopClock().sleep(for: .seconds(backoff.next()))
        }
    }

    /// The broker's connection (started) and the bridge over it, or a clear refusal: no libmosquitto, a password
    /// file others may read.
    private static func bridge(
        _ settings: MQTTSettings, broker: MQTTBroker, status: HomeStatusFile, logger: Logger
    ) throws(ValidationError) -> HomeBridge {
        let clientID = settings.clientID ?? MQTTIdentity.defaultClientID()
        let topics = HomeTopics(settings: settings, clientID: clientID)
        do {
            let password = try settings.passwordFile.map { path throws(MQTTFailure) in
                try MQTTIdentity.password(in: path)
            }
            let connection = try MQTTConnection(
                settings: settings, broker: broker, clientID: clientID, password: password,
                availability: topics.availability)
            connection.start()
            logger.info("MQTT: \(broker.address) as \(clientID), topics \(topics.prefix)/…")
            return HomeBridge(connection: connection, topics: topics, status: status, logger: logger)
        } catch {
            throw ValidationError("[mqtt]: \(error.description)")
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
