import ArgumentParser
import NoiseCore
import NoiseProtocol

/// `noisectl gratitude remind`: a daily notification at a time when the day has no entry yet.
struct GratitudeRemind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "A daily notification at TIME when the day has no entry yet; --off stops it; no argument shows it.",
        discussion:
            "Kept by the daemon on the alarms' scheduler. It notifies (and sends the gratitude_reminder event); it never rings."
    )

    @OptionGroup var options: ClientOptions
    @Argument(help: "The time of day: 21:30, 9:30pm.", transform: OptionValue.timeOfDay) var time: TimeOfDay?
    @Flag(help: "No more reminders.") var off = false

    func validate() throws {
        if off && time != nil { throw ValidationError("give a TIME or --off, not both") }
    }

    func run() throws {
        try options.send(Commands.GratitudeRemind(off ? .off : time.map { .set($0) } ?? .show)) { reminder in
            guard let time = reminder.time else {
                return Output.line(
                    off
                        ? "The gratitude reminder is off."
                        : "No gratitude reminder. Set one: noisectl gratitude remind 21:30")
            }
            let skipped = reminder.skipped.map { " (\($0) has its entry)" } ?? ""
            let next = reminder.next.map { " Next: \($0.localDate) \($0.localParts.timeOfDay)\(skipped)." } ?? ""
            Output.line("Reminding at \(time) each day when the day has no entry.\(next)")
        }
    }
}
