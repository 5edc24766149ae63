import Glibc
import Logging
import NoiseAudio
import NoiseCatalog
import NoiseConfig
import NoiseControl
import NoiseCore
import NoiseDaemon
import NoiseStore
import ServiceLifecycle

/// A daemon in the test's own process that clients reach through a real socket: the real `ControlServer` on a
/// temporary path, over the real `RequestHandler` wired in memory (`MemoryDaemon`: an in-memory store, sounds held
/// as samples, the clocks moved by hand, a clock-paced null output). Clients connect to `socketPath` as they connect
/// to noised.
public final class TestDaemon: Sendable {
    /// The sounds it plays: loops `rain` and `fan`, and the alarm tone `classic` (the alarms' default).
    public static let sounds: [(id: String, kind: SoundKind)] = [("rain", .loop), ("fan", .loop), ("classic", .alarm)]
    /// 2024-06-10 06:00:00 UTC, a Monday: where the scheduler's wall clock starts.
    public static let start = Double(19_884 * 86_400 + 6 * 3600)

    public let socketPath: String
    public let daemon: MemoryDaemon<ManualClock>
    public let clock: ManualClock
    public let wall: ManualWallClock
    private let services: ServiceGroup

    private init(
        socketPath: String, daemon: MemoryDaemon<ManualClock>, clock: ManualClock, wall: ManualWallClock,
        services: ServiceGroup
    ) {
        self.socketPath = socketPath
        self.daemon = daemon
        self.clock = clock
        self.wall = wall
        self.services = services
    }

    /// Stops the control server as SIGTERM does: the socket closes, every connection is closed once its request in
    /// progress is answered.
    public func stop() async {
        await services.triggerGracefulShutdown()
    }

    /// Starts a daemon, runs `body` with it once it listens, then stops it and removes its folder.
    public static func run<R>(_ body: (TestDaemon) async throws -> R) async throws -> R {
        var template = Array("/tmp/noise-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw StartupError("cannot make a folder for the test daemon") }
        let folder = String(cString: made)
        defer { rmdir(folder) }
        let logger = Logger(label: "test-daemon") { _ in SwiftLogNoOpLogHandler() }
        let seconds = 2.0
        let library = SoundLibrary(
            sounds: sounds.map { sound in
                Sound(
                    entry: SoundEntry(
                        id: sound.id, name: sound.id.capitalized, category: "test", file: sound.id + ".mp3",
                        kind: sound.kind),
                    source: .builtin, path: "/nonexistent/" + sound.id + ".mp3")
            })
        let samples = MemorySoundStore(
            Dictionary(
                uniqueKeysWithValues: sounds.map { sound in
                    (
                        "/nonexistent/" + sound.id + ".mp3",
                        PCMBuffer(samples: [Int16](repeating: 1_000, count: AudioFormat.frames(seconds: seconds) * 2))
                    )
                }))
        let reader = ConfigReader(path: folder + "/no-config.toml", home: folder)
        let live = LiveConfiguration(reader: reader, overrides: SettingsOverrides(), initial: reader.read())
        let loader = CatalogLoader(
            fileSystem: LocalFileSystem(), dataDirectory: folder + "/data",
            userDataDirectory: folder + "/user")
        let (clock, wall) = (ManualClock(), ManualWallClock(now: start))
        let database = try NoiseDatabase.inMemory()
        let daemon = try await MemoryDaemon(
            library: library, loader: loader, live: live, database: database, clock: clock,
            wall: wall, decodedStore: samples, memory: PlaybackStore(database),
            output: { NullOutput() }, logger: logger)
        let (listening, events) = AsyncStream<Bool>.makeStream()
        let path = folder + "/socket"
        let server = ControlServer(
            path: path, listenDescriptor: nil, handler: daemon.handler, hub: daemon.hub, logger: logger,
            onListening: { events.yield(true) }, onStopping: { events.finish() })
        let test = TestDaemon(
            socketPath: path, daemon: daemon, clock: clock, wall: wall,
            services: ServiceGroup(services: [server], logger: logger))
        let result = await withTaskGroup(of: Void.self) { tasks -> Result<R, any Error> in
            tasks.addTask { try? await test.services.run() }
            tasks.addTask { await daemon.scheduler.run() }
            defer { tasks.cancelAll() }
            // The server says when it listens; it ends the stream without saying so when it cannot.
            var iterator = listening.makeAsyncIterator()
            guard await iterator.next() != nil else {
                return .failure(StartupError("the test daemon's control server did not start on \(path)"))
            }
            await wall.settle()
            let outcome: Result<R, any Error>
            do { outcome = .success(try await body(test)) } catch { outcome = .failure(error) }
            await test.stop()
            return outcome
        }
        await daemon.engine.shutdown(fadeFrames: 0)
        return try result.get()
    }
}
