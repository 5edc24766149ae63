import ArgumentParser
import NoiseAlarms
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseTime

/// `noisectl bedtime @MIX [--for D | --until T] [--wake T]`: a saved mix with its sleep timer and a one-off alarm,
/// in one step (`DaemonConnection.bedtime`, which any client can call).
struct Bedtime: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bedtime",
        abstract: "Play a saved mix with a sleep timer and set a one-off wake alarm, in one step.",
        discussion: """
            The alarm rings once, at the next time the clock shows --wake. Nothing
            changes when the mix is unknown or a time is wrong; if the daemon refuses
            the mix after the alarm was added, the alarm is removed again.
            Examples:
              noisectl bedtime @night --for 45m --wake 07:00
              noisectl bedtime @rain --until 23:30 --wake 6:30am --label Work
              noisectl bedtime @rain --for 45m --fade-to 10 --wake 07:00
            """)

    @OptionGroup var options: ClientOptions

    @Argument(help: "The saved mix, as @NAME (see 'noisectl mix list').")
    var mix: String

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp("Sleep timer: stop after this long, e.g. 45m, 1h30m.", valueName: "duration"),
        transform: OptionValue.timerLength)
    var duration: Double?

    @Option(
        help: ArgumentHelp("Sleep timer: stop at this time of day, e.g. 23:30.", valueName: "time"),
        transform: OptionValue.timeOfDay)
    var until: TimeOfDay?

    @Option(
        name: .customLong("fade-to"),
        help: ArgumentHelp(
            "Sleep timer: fade to this volume (0-100) and play on there instead of stopping.", valueName: "volume"))
    var fadeTo: Double?

    @Option(
        help: ArgumentHelp("Set a one-off alarm at this time, e.g. 07:00, 6:30am.", valueName: "time"),
        transform: OptionValue.timeOfDay)
    var wake: TimeOfDay?

    @Option(help: "The wake alarm's label.")
    var label: String?

    /// The mix's name, without its `@`.
    var name: String { String(mix.dropFirst()) }

    func validate() throws {
        guard mix.hasPrefix("@") else {
            throw ValidationError("give the saved mix as @NAME, e.g. @\(mix); 'noisectl mix list' shows them")
        }
        _ = try MixCommand.checked(name)
        if duration != nil && until != nil { throw ValidationError("give --for or --until, not both") }
        if duration == nil && until == nil && wake == nil {
            throw ValidationError(
                "give a sleep timer (--for or --until), a --wake time, or both; "
                    + "to only play the mix: noisectl play \(mix)")
        }
        if label != nil && wake == nil { throw ValidationError("--label names the wake alarm: give --wake too") }
        if let fadeTo, !(0...100).contains(fadeTo) {
            throw ValidationError("--fade-to must be a volume from 0 to 100, got \(fadeTo.formatted)")
        }
        if fadeTo != nil && duration == nil && until == nil {
            throw ValidationError("--fade-to applies to a sleep timer: give --for or --until too")
        }
        if let label, let problem = AlarmChanges(label: label).problem() { throw ValidationError(problem.message) }
    }

    func run() throws {
        let sleep = duration ?? until.map(LocalTime.secondsUntil)
        let plan = BedtimePlan(
            mix: name, sleepSeconds: sleep, wake: wake.map { AlarmChanges(time: $0, label: label) }, fadeTo: fadeTo)
        try options.withDaemon { connection throws(ClientFailure) in
            let result = try connection.bedtime(plan)
            if options.json { return Output.json(result) }
            Output.line(Self.text(result, mix: name, sleep: sleep, now: LocalTime.nowSeconds()) + ".")
            PlaybackText.warnAboutDevice(result.playback.audio)
        }
    }

    /// `Playing night until 23:45 (sleep timer 45 min); alarm 12 rings at 07:00 tomorrow (in 7 h 55 min)`.
    static func text(_ result: BedtimeResult, mix: String, sleep: Double?, now: Int64) -> String {
        var text = "Playing \(mix)"
        if let sleep {
            // To the nearest minute, as a sleep timer is thought of.
            let end = LocalTime.timeOfDay(atUnix: (now + Int64(sleep.rounded()) + 30) / 60 * 60)
            text += " until \(end) (sleep timer \(DurationParser.describe(sleep)))"
        }
        guard let info = result.alarm else { return text }
        text += "; alarm \(info.alarm.id) rings at "
        guard let trigger = info.nextTrigger else {
            return text + "\(info.alarm.time): " + AlarmText.next(info, now: now)
        }
        let today = CivilDate.floorDivide(now + Int64(trigger.offsetSeconds), 86_400)
        let day =
            switch trigger.localDate.dayNumber - today {
            case 0: "today"
            case 1: "tomorrow"
            default: "on " + AlarmText.date(trigger)
            }
        return text + "\(AlarmText.clock(trigger)) \(day) (\(AlarmText.relative(trigger.unix - Double(now))))"
    }
}
