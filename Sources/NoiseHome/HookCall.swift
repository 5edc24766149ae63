import NoiseConfig
import NoiseProtocol

/// One run of a hook (docs/home.md, "Hooks"): the program and its arguments from `[hooks]`, the event's line on its
/// standard input, and a few `NOISECLOCK_*` variables so a script need not read JSON for the common case.
public struct HookCall: Sendable, Equatable {
    /// The hook's event, as config.toml names it (`timer_done` for a timer's ring).
    public var hook: String
    public var argv: [String]
    /// The event's line as the daemon sent it, with its newline.
    public var input: [UInt8]
    /// Added to noisehome's own environment.
    public var environment: [String: String]

    /// The call `settings` makes of `event` (its line as received), or nil when no hook is set for it.
    public static func of(
        _ event: DaemonEvent, line: [UInt8], settings: HookSettings
    ) -> HookCall? {
        guard let (hook, variables) = hook(for: event), let argv = settings.programs[hook] else { return nil }
        return HookCall(
            hook: hook, argv: argv, input: line + [0x0A],
            environment: variables.merging(["NOISECLOCK_EVENT": hook]) {
                $1
            })
    }

    /// The hook an event is for, and the variables it sets; nil for an event no hook is for.
    static func hook(for event: DaemonEvent) -> (String, [String: String])? {
        switch event {
        case .alarmRinging(let info): (info.alarm.isTimer ? "timer_done" : "alarm_ringing", variables(info))
        case .alarmSnoozed(let info): ("alarm_snoozed", variables(info))
        case .alarmDismissed(let info): ("alarm_dismissed", variables(info))
        case .alarmMissed(let missed):
            (
                "alarm_missed",
                [
                    "NOISECLOCK_ALARM_ID": String(missed.alarmId), "NOISECLOCK_ALARM_LABEL": missed.label,
                    "NOISECLOCK_RING_AT": missed.trigger.local,
                ]
            )
        case .dawnStarted(let dawn):
            ("dawn_started", ["NOISECLOCK_ALARM_ID": String(dawn.alarmId), "NOISECLOCK_RING_AT": dawn.ringAt.local])
        case .playback(let playback): ("playback", ["NOISECLOCK_STATE": playback.state.rawValue])
        default: nil
        }
    }

    private static func variables(_ info: AlarmInfo) -> [String: String] {
        var variables = ["NOISECLOCK_ALARM_ID": String(info.alarm.id), "NOISECLOCK_ALARM_LABEL": info.alarm.label]
        if let ring = info.ringingSince ?? info.snoozedUntil ?? info.nextTrigger {
            variables["NOISECLOCK_RING_AT"] = ring.local
        }
        return variables
    }
}
