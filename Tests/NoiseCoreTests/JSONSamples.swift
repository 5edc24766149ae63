@testable import NoiseAlarms
@testable import NoiseCatalog
@testable import NoiseCore
@testable import NoiseProtocol
@testable import NoiseTime

/// Rich values of every type the protocol sends, for the encoder parity and `init(json:)` round-trip tests:
/// every optional present and absent, every enum case, awkward strings and numbers.
enum JSONSamples {
    static let awkward =
        "quote \" backslash \\ slash / tab \t newline \n cr \r bell \u{7} nul \u{0} del \u{7F} é 😀 \u{2028}"
    static let numbers: [Double] = [
        0, -0.0, 1, -1, 0.1, 33.333333333333336, 100, 1e-7, 2.5e-5, 1e15, 1e16, 1e21,
        123456789.125, 9_007_199_254_740_992, 1.7976931348623157e308, .leastNonzeroMagnitude, -273.15,
    ]

    static let zone = ZoneRules.utc
    static func trigger(_ unix: Double) -> TriggerInfo { TriggerInfo(unix: unix, zone: zone) }

    static let alarms: [Alarm] = [
        Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 0)),
        Alarm(
            id: 2, time: TimeOfDay(hour: 23, minute: 59, second: 30), enabled: false, label: awkward, repeat: .weekdays,
            sound: "digital", volume: 33.5, rampSeconds: 0, snoozeMinutes: 60, ringLimitSeconds: 7200, note: "a note"),
        Alarm(id: 9_007_199_254_740_000, time: TimeOfDay(hour: 0, minute: 0), repeat: .daily, note: ""),
        Alarm(id: 4, time: TimeOfDay(hour: 12, minute: 5), repeat: .weekends),
        Alarm(id: 5, time: TimeOfDay(hour: 6, minute: 45), repeat: RepeatRule([.monday, .wednesday, .friday])),
    ]

    static let alarmInfos: [AlarmInfo] = [
        AlarmInfo(alarm: alarms[0], nextTrigger: trigger(1_795_000_000), snoozedUntil: nil, ringing: false),
        AlarmInfo(alarm: alarms[1], nextTrigger: nil, snoozedUntil: trigger(1_795_000_540), ringing: true),
        AlarmInfo(alarm: alarms[2], nextTrigger: nil, snoozedUntil: nil, ringing: false),
        AlarmInfo(alarm: alarms[3], nextTrigger: trigger(0), snoozedUntil: trigger(-1), ringing: true),
        AlarmInfo(alarm: alarms[4], nextTrigger: trigger(1_800_000_000), snoozedUntil: nil, ringing: false),
    ]

    static let missed = [
        MissedInfo(alarmId: 2, label: "", trigger: trigger(1_794_999_000), reason: "late"),
        MissedInfo(alarmId: 3, label: awkward, trigger: trigger(1_794_998_000), reason: "unattended"),
    ]

    static let alarmsStatuses: [AlarmsStatus] = [
        AlarmsStatus(
            count: 0, next: nil, ringing: [], missed: [], timeZone: "UTC", wakeFromSuspend: false, wakeNote: nil),
        AlarmsStatus(
            count: 5, next: alarmInfos[0], ringing: [alarmInfos[1], alarmInfos[3]], missed: missed,
            timeZone: "Europe/Berlin", wakeFromSuspend: true, wakeNote: "needs CAP_WAKE_ALARM",
            lastOnset: OnsetInfo(writtenSeconds: -0.0123456, heardSeconds: 0.5), storeProblem: "disk full"),
    ]

    static let audios: [AudioStatus] = [
        AudioStatus(device: "pulse", state: .idle),
        AudioStatus(device: "default", state: .playing, underruns: 12),
        AudioStatus(device: "hw:0", state: .error, error: "device busy: \"hw:0\"", underruns: 3),
    ]

    static let playing = [
        PlayingSound(id: "rain", name: "Heavy rain", volume: 60, state: .playing),
        PlayingSound(
            id: "fan", name: awkward, volume: 33.333333333333336, state: .fadingIn,
            sleepTimer: SleepTimerInfo(remainingSeconds: 60, fadeOutSeconds: 30)),
        PlayingSound(id: "brown", name: "Brown noise", volume: 0, state: .fadingOut),
    ]

    static let playbacks: [PlaybackInfo] = [
        PlaybackInfo(state: .stopped, masterVolume: 100, playing: [], sleepTimer: nil),
        PlaybackInfo(
            state: .playing, masterVolume: 42.5, playing: playing,
            sleepTimer: SleepTimerInfo(remainingSeconds: 1799.987654, fadeOutSeconds: 30),
            lastPlayed: ["rain", "fan"]),
    ]

    static let statuses: [StatusInfo] = [
        StatusInfo(
            uptimeSeconds: 0.001, audio: audios[0], playback: playbacks[0],
            catalog: CatalogSummary(sounds: 0, problems: [])),
        StatusInfo(
            uptimeSeconds: 86_400.123456789, audio: audios[2], playback: playbacks[1],
            catalog: CatalogSummary(
                sounds: 42, problems: ["sounds.json: sounds[3]: kind \"x\" is not loop or alarm", awkward]),
            alarms: alarmsStatuses[1],
            config: ConfigStatus(
                path: "/home/u/.config/noised/config.toml", found: true,
                problems: ["line 3: unknown key 'x'"])),
        StatusInfo(
            uptimeSeconds: 12, audio: audios[1], playback: playbacks[1],
            catalog: CatalogSummary(sounds: 1, problems: []),
            alarms: alarmsStatuses[0], config: ConfigStatus(path: "/etc/noised.toml", found: false, problems: [])),
    ]

    static let soundInfos: [SoundInfo] = [
        SoundInfo(
            Sound(
                entry: SoundEntry(id: "rain", name: "Rain", category: "nature", file: "rain.mp3", kind: .loop),
                source: .builtin, path: "/usr/share/noised/sounds/rain.mp3")),
        SoundInfo(
            Sound(
                entry: SoundEntry(id: "beep", name: awkward, category: "alarm", file: "a/beep.mp3", kind: .alarm),
                source: .user, path: "/home/u/.local/share/noised/sounds/a/beep.mp3")),
        SoundInfo(
            Sound(
                entry: SoundEntry(id: "mine", name: "Mine", category: "x", file: "m.flac", kind: .loop),
                source: .folder, path: "/music/m.flac")),
    ]

    static let errors: [ProtocolError] = ErrorCode.allCases.map {
        ProtocolError($0, "message for \($0.rawValue): \(awkward)")
    }

    static let ids: [RequestID] = [
        .none, .int(0), .int(-7), .int(9_007_199_254_740_992), .string(""), .string(awkward),
    ]
}
