import Foundation
import Logging
import NIOCore
import NoiseCatalog
import NoiseConfig
import NoiseCore
import NoiseDaemon
import NoiseProtocol
import NoiseSQLite
import NoiseStore
import NoiseWire
import Synchronization

/// The main target: each input is a short session on one connection. It is split into lines as the control server
/// splits its stream (a one-line input is a single request), and each line is answered by a real `RequestHandler`
/// over a real player, engine, scheduler and in-memory alarm store, built afresh for the input (`RequestSession`).
/// The wall clock moves a minute between lines, so alarms an input adds can ring, be snoozed or run out.
struct RequestTarget: FuzzTarget {
    let name = "request"
    /// Lines after these are ignored, to keep each input quick.
    static let maxLines = 16
    static let secondsPerLine = 60.0
    /// 2024-06-10 06:00:00 UTC, a Monday, as in AlarmSchedulerTests.
    static let start = Double(19_884 * 86_400 + 6 * 3600)

    let world: RequestWorld

    init() throws {
        let environment = ProcessInfo.processInfo.environment
        let repository = environment["NOISE_FUZZ_REPO"] ?? FileManager.default.currentDirectoryPath
        let sandbox = try FuzzSandbox.prepare(
            path: environment["NOISE_FUZZ_SANDBOX"] ?? "/tmp/noise-fuzz",
            repository: repository)
        world = try RequestWorld(sandbox: sandbox)
    }

    func run(_ bytes: [UInt8]) {
        let lines = Self.lines(of: bytes)
        // Most mutated inputs are not requests at all. The handler answers a line that does not decode without
        // touching anything (`RequestHandler.reply`'s first step), so an input with no request in it is checked
        // here, thousands of times a second, and only inputs with a request get a daemon of their own.
        let decoded = lines.map { RequestDecoder.decode($0) }
        guard decoded.contains(where: { if case .success = $0 { true } else { false } }) else {
            for (index, (line, result)) in zip(lines, decoded).enumerated() {
                guard case .failure(let failure) = result else { continue }
                let reply = Replies.failure(id: failure.id, error: failure.error)
                world.trace(line, reply)
                _ = ReplyCheck.check(reply, request: line) {
                    FuzzFailure.report(name, "line \(index + 1): \($0)", input: bytes)
                }
            }
            return
        }
        let world = self.world
        BlockingWait.run { await RequestSession.run(lines, input: bytes, world: world) }
        world.sandbox.cleanUp()
    }

    /// The lines the control server's `LineFramer` hands on (a `\r` before the newline dropped, a last line without a
    /// newline kept as it is), framed by it, at most `maxLines`; no length limit, so a long line reaches the handler.
    static func lines(of bytes: [UInt8]) -> [[UInt8]] {
        var framer = LineFramer(maxLength: .max)
        framer.append(ByteBuffer(bytes: bytes))
        var lines: [[UInt8]] = []
        while lines.count < maxLines, case .line(let line) = framer.next() {
            lines.append(Array(line.readableBytesView))
        }
        if lines.count < maxLines, let last = framer.finish() { lines.append(Array(last.readableBytesView)) }
        return lines
    }
}

/// What every input shares: the catalog as loaded from the sandbox, the configuration (no file: the defaults),
/// the alarm store and a logger that prints nothing.
final class RequestWorld: Sendable {
    let sandbox: FuzzSandbox
    /// One in-memory database, emptied before each input (`emptyDatabase()`): migrating a new one would take most
    /// of each input's time.
    let writer: SQLiteWriter
    let database: NoiseDatabase
    /// Its alarms, which the scheduler's must match after each input.
    let store: AlarmStore
    /// SQLite's count of rows changed on the connection when it was last emptied.
    private let changesWhenEmpty = Mutex(-1)
    let loader: CatalogLoader
    let library: SoundLibrary
    let live: LiveConfiguration
    let logger = Logger(label: "noise-fuzz") { _ in DiscardingLogHandler() }
    /// `NOISE_FUZZ_VERBOSE=1`: print each request line and its reply (to replay an input and see what happened).
    let verbose = ProcessInfo.processInfo.environment["NOISE_FUZZ_VERBOSE"] == "1"

    init(sandbox: FuzzSandbox) throws {
        self.sandbox = sandbox
        loader = CatalogLoader(
            fileSystem: SandboxFileSystem(root: sandbox.root), dataDirectory: sandbox.dataDirectory,
            userDataDirectory: sandbox.userDirectory)
        library = loader.load()
        guard library.problems.isEmpty, !library.sounds.isEmpty else {
            throw FuzzSandbox.SetupError(description: "the sandbox catalog has problems: \(library.problems)")
        }
        writer = SQLiteWriter(try .inMemory())
        database = try NoiseDatabase(writer: writer)
        store = AlarmStore(database)
        let reader = ConfigReader(path: sandbox.root + "/no-config.toml", home: sandbox.root)
        live = LiveConfiguration(reader: reader, overrides: SettingsOverrides(), initial: reader.read())
    }
}

extension RequestWorld {
    /// With `NOISE_FUZZ_VERBOSE=1`, prints a request line and its reply.
    func trace(_ line: [UInt8], _ reply: [UInt8]) {
        guard verbose else { return }
        printError("> " + String(decoding: line, as: UTF8.self) + "\n< " + String(decoding: reply, as: UTF8.self))
    }

    /// The database as `NoiseDatabase.inMemory()` makes it: every table empty, ids starting at 1 again.
    func emptyDatabase() throws -> NoiseDatabase {
        try writer.write { db in
            // SQLite counts the rows changed on this connection: no change since the last emptying, nothing to do.
            guard db.totalChanges != changesWhenEmpty.withLock({ $0 }) else { return }
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            let tables = try db.fetchValues(
                String.self,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb%'
                    ORDER BY name = 'sqlite_sequence'
                    """)
            // Names from sqlite_master: the schema's own, plain words.
            for table in tables { try db.execute(sql: "DELETE FROM \"\(table)\"") }
            let changes = db.totalChanges
            changesWhenEmpty.withLock { $0 = changes }
        }
        return database
    }
}
