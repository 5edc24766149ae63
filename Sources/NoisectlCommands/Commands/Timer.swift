import ArgumentParser
import NoiseCore
import NoiseProtocol

/// `noisectl timer …`: kitchen timers, as GNOME Clocks and KClock have: one-shot alarms relative to now, on the
/// daemon's scheduler (they ring, snooze and dismiss like alarms, and show in status, alarm list and the clock).
struct TimerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Start a timer (it rings once, N from now), list the timers or cancel them.",
        discussion: """
            Examples:
              noisectl timer 10m --label tea
              noisectl timer 1h30m --sound chime
              noisectl timer list
              noisectl timer cancel 4          (no id: every timer)
            """,
        subcommands: [Start.self, List.self, Cancel.self],
        defaultSubcommand: Start.self)

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a timer.")

        @OptionGroup var options: ClientOptions

        @Argument(
            help: ArgumentHelp("How long, with its unit: 90s, 10m, 1h30m (1 s to 24 h).", valueName: "duration"),
            transform: OptionValue.timerLength)
        var duration: Double

        @Option(help: "A label, e.g. tea (default: 'Timer' and its length).")
        var label: String?

        @Option(
            help: "The sound (default: the config's alarm sound); any id from 'noisectl sounds'.", completion: .soundIDs
        )
        var sound: String?

        func run() throws {
            try options.send(Commands.TimerAdd(seconds: duration, label: label, sound: sound)) { info in
                Output.line(
                    "Started " + AlarmText.summary(info, now: LocalTime.nowSeconds())
                        + ". Cancel it with: noisectl timer cancel \(info.alarm.id)")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "The timers still to ring.",
            aliases: ["ls"])

        @OptionGroup var options: ClientOptions

        func run() throws {
            try options.send(Commands.TimerList()) { reply in
                let timers = reply.timers
                guard !timers.isEmpty else { return Output.line("No timers. Start one with: noisectl timer 10m") }
                let now = LocalTime.nowSeconds()
                timers.forEach { Output.line(AlarmText.summary($0, now: now)) }
            }
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel", abstract: "Cancel timers: the ids given, or every timer.",
            discussion: "Every id is checked first: if one names no timer, none is cancelled.", aliases: ["rm"])

        @OptionGroup var options: ClientOptions

        @Argument(help: "The timers' ids (see 'noisectl timer list'); none cancels every timer.", completion: .timerIDs)
        var ids: [Int64] = []

        func run() throws {
            try options.send(Commands.TimerCancel(ids: ids.isEmpty ? nil : ids)) { reply in
                let list = reply.cancelled.map(String.init).joined(separator: ", ")
                Output.line(
                    reply.cancelled.isEmpty
                        ? "There were no timers."
                        : "Cancelled timer\(reply.cancelled.count == 1 ? "" : "s") \(list).")
            }
        }
    }
}
