import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// Which part of the daemon answers each command (the arguments come checked by the command's type).
extension RequestHandler {
    func commandTable() -> CommandTable {
        var table = CommandTable()
        let (player, scheduler, life) = (player, scheduler, life)
        table.on(Commands.Ping.self) { _ in Replies.Empty() }
        table.on(Commands.Status.self) { _ in try status() }
        table.on(Commands.Subscribe.self, subscribes: true) { _ in try status() }
        table.on(Commands.Sounds.self) { SoundList(sounds: await player.sounds(category: $0.category)) }
        table.on(Commands.Play.self) { try await player.play($0) }
        table.on(Commands.Stop.self) { try await player.stop($0) }
        table.on(Commands.SleepExtend.self) { try await player.extendSleepTimers(by: $0.seconds) }
        table.on(Commands.Volume.self) { try await player.setVolume($0) }
        table.on(Commands.Pause.self) { await player.pause(fade: $0.fade) }
        table.on(Commands.Resume.self) { try await player.resume(fadeIn: $0.fadeIn) }
        table.on(Commands.Toggle.self) { _ in try await player.toggle() }
        table.on(Commands.MixSave.self) { try await player.saveMix(named: $0.name) }
        table.on(Commands.MixList.self) { _ in try await player.mixes() }
        table.on(Commands.MixRemove.self) { try await player.removeMix(named: $0.name) }
        table.on(Commands.Import.self) { try await importSound($0) }
        table.on(Commands.SoundRemove.self) { try await removeSound($0.id, force: $0.force) }
        table.on(Commands.SoundRename.self) { try await renameSound($0.id, to: $0.name) }
        table.on(Commands.Preview.self) {
            try await player.preview(soundID: $0.sound, seconds: $0.for ?? 5, volume: $0.volume ?? AlarmDefaults.volume)
            return Replies.Empty()
        }
        table.on(Commands.AlarmAdd.self) { try await scheduler.add($0.changes) }
        table.on(Commands.AlarmEdit.self) { try await scheduler.edit($0.id, $0.changes) }
        table.on(Commands.AlarmEnable.self) { try await scheduler.edit($0.id, AlarmChanges(enabled: true)) }
        table.on(Commands.AlarmDisable.self) { try await scheduler.edit($0.id, AlarmChanges(enabled: false)) }
        table.on(Commands.AlarmRemove.self) {
            AlarmsRemoved(removed: try await scheduler.remove($0.ids), single: $0.single)
        }
        table.on(Commands.AlarmDuplicate.self) { try await scheduler.duplicate($0.id) }
        table.on(Commands.AlarmSkip.self) {
            switch $0.target {
            case .alarm(let id): try await scheduler.skip(id, undo: $0.undo)
            case .next: try await scheduler.skipNext()
            }
        }
        table.on(Commands.AlarmPause.self) { try await scheduler.pause($0.id, $0.change) }
        table.on(Commands.AlarmTest.self) { try await scheduler.test($0.id) }
        table.on(Commands.AlarmShow.self) { try await scheduler.show($0.id) }
        table.on(Commands.AlarmList.self) {
            AlarmList(alarms: await scheduler.list(offset: $0.offset, limit: $0.limit))
        }
        table.on(Commands.AlarmNext.self) { _ in NextAlarm(alarm: await scheduler.next()) }
        table.on(Commands.AlarmMissed.self) { _ in MissedList(missed: try await scheduler.missed()) }
        table.on(Commands.AlarmMissedClear.self) { _ in try await scheduler.clearMissed() }
        table.on(Commands.TimerAdd.self) {
            try await scheduler.addTimer(seconds: $0.seconds, label: $0.label, sound: $0.sound)
        }
        table.on(Commands.TimerList.self) { _ in TimerList(timers: await scheduler.timers()) }
        table.on(Commands.TimerCancel.self) { try await scheduler.cancelTimers($0.ids) }
        table.on(Commands.Snooze.self) {
            AlarmList(alarms: try await scheduler.snooze(minutes: $0.minutes, only: $0.id))
        }
        table.on(Commands.Dismiss.self) { AlarmList(alarms: try await scheduler.dismiss(only: $0.id)) }
        table.on(Commands.StoreCheck.self) { _ in await scheduler.checkStore() }
        table.on(Commands.StoreRecover.self) { _ in try await scheduler.recoverStore() }
        life.register(in: &table)
        return table
    }
}
