import ArgumentParser
import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// `noisectl snooze`: silence the ringing alarm; it rings again after its snooze minutes.
struct Snooze: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snooze", abstract: "Snooze the ringing alarm.")

    @OptionGroup var options: ClientOptions

    @Argument(help: "Only this alarm (default: every ringing alarm).", completion: .alarmIDs)
    var id: Int64?

    @Option(
        name: .customLong("for"),
        help: "Minutes, 1-60 (default: the alarm's own snooze; often 5, 7, 8, 9, 10, 15 or 20).")
    var minutes: Int?

    func validate() throws {
        if let minutes, !AlarmDefaults.snoozeRange.contains(minutes) {
            throw ValidationError("--for must be 1 to 60 minutes, got \(minutes)")
        }
    }

    func run() throws {
        try options.send(Commands.Snooze(minutes: minutes, id: id)) { reply in
            let now = LocalTime.nowSeconds()
            for info in reply.alarms {
                Output.line("Snoozed " + AlarmText.name(info.alarm) + ": " + AlarmText.next(info, now: now))
            }
        }
    }
}

/// `noisectl dismiss`: stop the ringing alarm.
struct Dismiss: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss", abstract: "Dismiss the ringing alarm, or end a snooze.",
        discussion: "With no ID: every ringing alarm, or when none rings, every snoozed one.")

    @OptionGroup var options: ClientOptions

    @Argument(help: "Only this alarm, ringing or snoozed.", completion: .alarmIDs)
    var id: Int64?

    func run() throws {
        try options.send(Commands.Dismiss(id: id)) { reply in
            let now = LocalTime.nowSeconds()
            for info in reply.alarms {
                Output.line(
                    "Dismissed " + AlarmText.name(info.alarm)
                        + (info.nextTrigger.map {
                            "; next " + AlarmText.date($0) + ", " + AlarmText.relative($0.unix - Double(now))
                        } ?? "."))
            }
        }
    }
}

/// `noisectl preview SOUND`: hear a sound once at alarm volume, to choose an alarm tone.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview", abstract: "Play a sound once at alarm volume, to choose an alarm tone.")

    @OptionGroup var options: ClientOptions

    @Argument(help: "A sound id (see 'noisectl sounds --category alarm').", completion: .soundIDs)
    var sound: String

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp("At most this long, e.g. 5s (default 5s, up to 60s).", valueName: "duration"),
        transform: OptionValue.duration)
    var duration: Double?

    @Option(help: "Volume 0-100 (default \(AlarmDefaults.volume.formatted), the alarms' default).")
    var volume: Double?

    func validate() throws {
        if let seconds = duration, !(0.1...60).contains(seconds) {
            throw ValidationError("--for must be 0.1 s to 60 s")
        }
        if let volume, !(0...100).contains(volume) { throw ValidationError("--volume must be 0 to 100") }
    }

    func run() throws {
        let seconds = duration
        try options.send(Commands.Preview(sound: sound, for: seconds, volume: volume)) { _ in
            Output.line("Playing \(sound) for up to \(DurationParser.describe(seconds ?? 5)).")
        }
    }
}
