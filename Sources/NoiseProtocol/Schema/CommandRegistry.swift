import NoiseCore

/// Every command of the protocol, by name: what the daemon dispatches from, what noiseweb's allowlist and the pages'
/// module of names (web/js/protocol.js) are made of, and what docs/protocol.md's table is checked against.
public enum CommandRegistry {
    public static let all: [any DaemonCommand.Type] = [
        Commands.Ping.self, Commands.Status.self, Commands.Subscribe.self, Commands.Sounds.self,
        Commands.Play.self, Commands.Stop.self, Commands.SleepExtend.self, Commands.Volume.self, Commands.Pause.self,
        Commands.Resume.self,
        Commands.Toggle.self, Commands.MixSave.self, Commands.MixList.self, Commands.MixRemove.self,
        Commands.Import.self, Commands.SoundRemove.self, Commands.SoundRename.self, Commands.Preview.self,
        Commands.AlarmAdd.self, Commands.AlarmEdit.self, Commands.AlarmEnable.self, Commands.AlarmDisable.self,
        Commands.AlarmRemove.self, Commands.AlarmDuplicate.self, Commands.AlarmSkip.self, Commands.AlarmTest.self,
        Commands.AlarmPause.self, Commands.AlarmShow.self, Commands.AlarmList.self,
        Commands.AlarmNext.self, Commands.AlarmMissed.self, Commands.AlarmMissedClear.self,
        Commands.TimerAdd.self, Commands.TimerList.self, Commands.TimerCancel.self, Commands.Snooze.self,
        Commands.Dismiss.self, Commands.StoreCheck.self, Commands.StoreRecover.self,
        Commands.LifeShow.self, Commands.LifeSet.self, Commands.HabitAdd.self, Commands.HabitRemove.self,
        Commands.HabitList.self, Commands.HabitTap.self, Commands.HabitUndo.self, Commands.HabitToday.self,
        Commands.HabitStats.self, Commands.GratitudeWrite.self, Commands.GratitudeShow.self,
        Commands.GratitudeList.self, Commands.GratitudeSearch.self, Commands.GratitudeExport.self,
        Commands.GratitudeImport.self, Commands.GratitudeRemind.self,
    ]

    /// The names, in the registry's order (the unknown-command message lists them).
    public static let names: [String] = all.map { $0.name }

    private static let byName: [String: any DaemonCommand.Type] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The command so named, or nil.
    public static func command(named name: String) -> (any DaemonCommand.Type)? { byName[name] }

    /// A request's command, read and checked by its type.
    public static func decode(name: String, arguments: [String: JSONValue]) throws(ProtocolError) -> any DaemonCommand {
        guard let type = byName[name] else {
            throw ProtocolError(
                .unknownCommand,
                "unknown command '\(name.prefix(40))'; commands: \(names.joined(separator: ", "))")
        }
        return try type.init(arguments: arguments)
    }

    /// The names `principal` may send.
    public static func names(for principal: Principal) -> [String] {
        all.filter { principal.may(send: $0.senders) }.map { $0.name }
    }
}
