import Logging
import NoiseControl
import NoiseAudio
import NoiseCore
import NoiseAlarms
import NoiseProtocol

/// Answers one request line: decodes it, carries it out on the player, encodes the reply.
/// Errors become error replies; nothing a client sends can throw past here.
public struct RequestHandler<C: Clock>: ControlRequests where C.Duration == Duration {
    let player: Player<C>
    let scheduler: AlarmScheduler
    let loader: CatalogLoader
    let keeper: CatalogKeeper
    let live: LiveConfiguration
    let life: LifeDesk
    let faults: TestFaults
    let logger: Logger

    public init(player: Player<C>, scheduler: AlarmScheduler, loader: CatalogLoader, keeper: CatalogKeeper,
                live: LiveConfiguration, life: LifeDesk, faults: TestFaults = TestFaults(), logger: Logger) {
        self.player = player
        self.scheduler = scheduler
        self.loader = loader
        self.keeper = keeper
        self.live = live
        self.life = life
        self.faults = faults
        self.logger = logger
    }

    public func reply(to line: some Collection<UInt8>) async -> ControlReply {
        let request: Request
        switch RequestDecoder.decode(line) {
        case .success(let decoded): request = decoded
        case .failure(let failure): return ControlReply(line: Replies.failure(id: failure.id, error: failure.error))
        }
        if faults.slowReplies {
            logger.warning("NOISED_TEST_FAULTS=slow-replies: holding request \(request.id) for 1 s")
            try? await player.clock.sleep(for: .seconds(1), tolerance: nil)
        }
        do {
            let (data, subscribes) = try await run(request.command)
            return ControlReply(line: try Replies.success(id: request.id, data: data), subscribes: subscribes)
        } catch let error as ProtocolError {
            return ControlReply(line: Replies.failure(id: request.id, error: error))
        } catch {
            return ControlReply(line: Replies.failure(id: request.id, error: ProtocolError(.internal, "\(error)")))
        }
    }

    private func run(_ command: Command) async throws -> (any Encodable & Sendable, Bool) {
        switch command {
        case .ping: return (Replies.Empty(), false)
        case .status: return (try status(), false)
        case .sounds(let category): return (SoundList(sounds: await player.sounds(category: category)), false)
        case .play(let arguments): return (try await player.play(arguments), false)
        case .stop(let arguments): return (try await player.stop(arguments), false)
        case .volume(let arguments): return (try await player.setVolume(arguments), false)
        case .pause(let fade): return (await player.pause(fade: fade), false)
        case .resume(let fadeIn): return (try await player.resume(fadeIn: fadeIn), false)
        case .toggle: return (try await player.toggle(), false)
        case .mixSave(let name): return (try await player.saveMix(named: name), false)
        case .mixList: return (try await player.mixes(), false)
        case .mixRemove(let name): return (try await player.removeMix(named: name), false)
        case .subscribe: return (try status(), true)
        case .importSound(let arguments): return (try await importSound(arguments), false)
        case .soundRemove(let id, let force): return (try await removeSound(id, force: force), false)
        case .soundRename(let id, let name): return (try await renameSound(id, to: name), false)
        case .alarmAdd(let changes): return (try await scheduler.add(changes), false)
        case .alarmEdit(let id, let changes): return (try await scheduler.edit(id, changes), false)
        case .alarmEnable(let id, let enabled): return (try await scheduler.edit(id, AlarmChanges(enabled: enabled)), false)
        case .alarmRemove(let ids, let single):
            let removed = try await scheduler.remove(ids)
            return single ? (Removed(removed: removed[0]), false) : (RemovedList(removed: removed), false)
        case .alarmDuplicate(let id): return (try await scheduler.duplicate(id), false)
        case .alarmShow(let id): return (try await scheduler.show(id), false)
        case .alarmList(let offset, let limit):
            return (AlarmList(alarms: await scheduler.list(offset: offset, limit: limit)), false)
        case .alarmNext: return (NextAlarm(alarm: await scheduler.next()), false)
        case .alarmMissed: return (MissedList(missed: try await scheduler.missed()), false)
        case .alarmMissedClear: return (try await scheduler.clearMissed(), false)
        case .timerAdd(let seconds, let label, let sound):
            return (try await scheduler.addTimer(seconds: seconds, label: label, sound: sound), false)
        case .timerList: return (TimerList(timers: await scheduler.timers()), false)
        case .timerCancel(let ids): return (try await scheduler.cancelTimers(ids), false)
        case .snooze(let minutes, let id):
            return (AlarmList(alarms: try await scheduler.snooze(minutes: minutes, only: id)), false)
        case .dismiss(let id): return (AlarmList(alarms: try await scheduler.dismiss(only: id)), false)
        case .preview(let sound, let seconds, let volume):
            try await player.preview(soundID: sound, seconds: seconds ?? 5, volume: volume ?? AlarmDefaults.volume)
            return (Replies.Empty(), false)
        case .storeCheck: return (await scheduler.checkStore(), false)
        case .storeRecover: return (try await scheduler.recoverStore(), false)
        case .life(let command): return (try await life.run(command), false)
        }
    }

    /// Read from the board the actors publish to, so it needs no turn on any of them; encoded once for every reader
    /// while it stays the same.
    func status() throws -> Replies.Encoded {
        Replies.Encoded(try player.board.encodedStatus(config: live.status))
    }

    struct Removed: Encodable, Sendable {
        var removed: Int64
    }

    struct RemovedList: Encodable, Sendable {
        var removed: [Int64]
    }

    private func importSound(_ arguments: ImportArguments) async throws(ProtocolError) -> SoundInfo {
        var loader = self.loader
        let settings = await live.settings
        loader.soundFolders = settings.soundFolders
        let importer = SoundImporter(loader: loader, keeper: keeper,
                                     quota: ImportQuota(limitMiB: settings.importQuotaMiB))
        let imported = try await FileWork.run { () throws(ProtocolError) -> SoundImporter.Imported in
            try importer.importSound(arguments)
        }
        await player.replaceLibrary(imported.loaded)
        guard let sound = imported.loaded.library.sound(id: imported.id) else {
            throw ProtocolError(.importFailed, "the sound was stored but did not load; see 'noisectl status'")
        }
        return SoundInfo(sound)
    }
}
