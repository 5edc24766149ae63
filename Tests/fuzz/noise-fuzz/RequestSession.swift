import NoiseAudio
import NoiseCore
import NoiseDaemon
import NoiseProtocol
import NoiseStore
import NoiseTesting

/// One input's daemon, wired as `Daemon.run` wires it less the socket and the services (`MemoryDaemon`): a player
/// over a started engine (with `DiscardingOutput`), a scheduler running on a manual wall clock over a fresh in-memory
/// store, and the request handler over both. Built afresh for every input so a crash reproduces from its input alone.
enum RequestSession {
    /// What a failed request must leave as it was ("A failed request changes nothing", docs/protocol.md).
    private struct State: Equatable {
        var alarms: [AlarmInfo]
        var alarmStatus: AlarmsStatus
        var playback: PlaybackInfo
        var catalog: CatalogSummary

        init(_ player: Player<HeldClock>, _ scheduler: AlarmScheduler) async {
            alarms = await scheduler.list()
            alarmStatus = await scheduler.status()
            playback = await player.playback()
            catalog = await player.catalogSummary()
        }
    }

    static func run(_ lines: [[UInt8]], input: [UInt8], world: RequestWorld) async {
        func fail(_ message: String) -> Never { FuzzFailure.report("request", message, input: input) }

        let clock = HeldClock()
        let wall = ManualWallClock(now: RequestTarget.start)
        let daemon: MemoryDaemon<HeldClock>
        do {
            daemon = try await MemoryDaemon(
                library: world.library, loader: world.loader, live: world.live,
                database: try world.emptyDatabase(), clock: clock, wall: wall,
                output: { DiscardingOutput() }, logger: world.logger)
        } catch {
            fail("cannot set up the scheduler: \(error)")
        }
        let (player, scheduler, handler, engine) = (daemon.player, daemon.scheduler, daemon.handler, daemon.engine)
        let loop = Task { await scheduler.run() }
        await wall.settle()

        for (index, line) in lines.enumerated() {
            if index > 0 { await wall.advance(by: RequestTarget.secondsPerLine) }
            let before = await State(player, scheduler)
            let outcome = await handler.reply(to: line)
            world.trace(line, outcome.line)
            let reply = ReplyCheck.check(outcome.line, request: line) { fail("line \(index + 1): \($0)") }
            // An import that fails after storing its file says so (import_failed) and leaves it stored.
            if !reply.ok, !isImport(line), await State(player, scheduler) != before {
                fail("line \(index + 1): the request failed (\(reply.code ?? "?")) but changed the daemon's state")
            }
            await wall.settle()
        }

        // "Every change is stored on disk before its reply is sent" (docs/protocol.md): the store holds the alarms
        // and snoozes the scheduler shows, so a daemon restarted now would show the same.
        let alarms = await scheduler.list()
        guard let stored = try? await world.store.snapshot() else { fail("the alarm store cannot be read") }
        if stored.alarms.sorted(by: { $0.id < $1.id }) != alarms.map(\.alarm).sorted(by: { $0.id < $1.id }) {
            fail("the store holds other alarms than the scheduler shows: \(stored.alarms) \(alarms.map(\.alarm))")
        }
        let snoozed = Dictionary(
            uniqueKeysWithValues: alarms.compactMap { info in
                info.snoozedUntil.map { (info.alarm.id, $0.unix) }
            })
        // A snooze that has come due stays stored while its ring lasts (so a restart rings it again), when the
        // alarm shows as ringing rather than snoozed.
        let ringing = Set(alarms.filter(\.ringing).map(\.alarm.id))
        let storedSnoozes = stored.snoozes.mapValues(\.ringAt)
        let consistent =
            snoozed.allSatisfy { storedSnoozes[$0.key] == $0.value }
            && storedSnoozes.allSatisfy { snoozed[$0.key] == $0.value || ringing.contains($0.key) }
        if !consistent {
            fail("the store holds other snoozes than the scheduler shows: \(stored.snoozes) \(snoozed)")
        }

        loop.cancel()
        await loop.value
        clock.release()
        await engine.shutdown(fadeFrames: 0)
    }

    private static func isImport(_ line: [UInt8]) -> Bool {
        guard case .success(let request) = RequestDecoder.decode(line), request.command is Commands.Import else {
            return false
        }
        return true
    }
}
