import ArgumentParser
import ClockFace
import LifeCalendar
import NoiseCore
import NoiseProtocol
import NoiseTime

/// `noisectl habit`: habits worth minutes, tapped + or −, adding up to the day's bonus (docs/life.md).
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "Habits worth + or − minutes: tap them, and see today's bonus and the weeks behind.",
        discussion: """
            Examples:
              noisectl habit add reading --minutes 15
              noisectl habit + reading          today's bonus +15 min
              noisectl habit - scrolling        (also: plus, minus)
              noisectl habit undo               takes back the last tap
              noisectl habit stats --weeks 4
            """,
        subcommands: [Add.self, Plus.self, Minus.self, Undo.self, List.self, Today.self, Stats.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a habit and what a tap is worth.")

        @OptionGroup var options: ClientOptions
        @Argument(
            help: "The habit's name (1 to \(LifeLimits.maxHabitNameLength) characters; matched ignoring case).",
            transform: HabitCommand.checked)
        var name: String
        @Option(
            help:
                "What one tap is worth, \(LifeLimits.habitMinutes.lowerBound) to \(LifeLimits.habitMinutes.upperBound) minutes."
        )
        var minutes: Int

        func validate() throws {
            if let problem = Habit.problem(minutes: minutes) { throw ValidationError("--minutes: \(problem)") }
        }

        func run() throws {
            try options.send(Commands.HabitAdd(name: name, minutes: minutes)) { habit in
                let name = VisibleText.terminal(habit.name)
                Output.line("Added habit \(name), \(habit.minutes) min a tap. Tap it: noisectl habit + \(name)")
            }
        }
    }

    struct Plus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plus", abstract: "Add the habit's minutes to today's bonus.",
            aliases: ["+"])
        @OptionGroup var tap: TapOptions
        func run() throws { try tap.send(sign: 1) }
    }

    struct Minus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "minus", abstract: "Take the habit's minutes from today's bonus.",
            aliases: ["-", "−"])
        @OptionGroup var tap: TapOptions
        func run() throws { try tap.send(sign: -1) }
    }

    struct TapOptions: ParsableArguments {
        @OptionGroup var options: ClientOptions
        @Argument(
            help: "The habit's name (see 'noisectl habit list').", completion: .habitNames,
            transform: HabitCommand.checked)
        var name: String

        func send(sign: Int) throws {
            try options.send(Commands.HabitTap(name: name, sign: sign)) { report in
                Output.line(
                    "\(HabitCommand.describe(report.tap)). Today's bonus: \(LifeText.minutes(report.bonusMinutes)).")
            }
        }
    }

    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "undo", abstract: "Take back the last tap.")
        @OptionGroup var options: ClientOptions

        func run() throws {
            try options.send(Commands.HabitUndo()) { report in
                Output.line(
                    "Took back \(HabitCommand.describe(report.tap)). \(report.tap.day)'s bonus: "
                        + "\(LifeText.minutes(report.bonusMinutes)).")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the habits.", aliases: ["ls"])
        @OptionGroup var options: ClientOptions

        func run() throws {
            try options.send(Commands.HabitList()) { list in
                guard !list.habits.isEmpty else {
                    return Output.line("No habits yet: noisectl habit add NAME --minutes N")
                }
                Output.table(list.habits.map { [VisibleText.terminal($0.name), "± \($0.minutes) min"] }).forEach(
                    Output.line)
            }
        }
    }

    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "today", abstract: "Today's bonus and each tap with its time.")
        @OptionGroup var options: ClientOptions
        @Option(help: "Another day, YYYY-MM-DD.", transform: OptionValue.date) var date: LocalDate?

        func run() throws {
            try options.send(Commands.HabitToday(date: date)) { day in
                Output.line(
                    "Bonus on \(day.date): \(LifeText.minutes(day.bonusMinutes))"
                        + (day.tapCount == 0
                            ? " (no taps)" : " from \(day.tapCount) \(day.tapCount == 1 ? "tap" : "taps")"))
                guard day.tapCount > day.taps.count else {
                    return Output.table(
                        day.taps.map {
                            [HabitCommand.clock($0.at), VisibleText.terminal($0.habit), LifeText.minutes($0.minutes)]
                        }
                    )
                    .forEach { Output.line("  " + $0) }
                }
                // Too many to list: each habit's taps added up, then the latest.
                Output.table(
                    day.habits.map {
                        [VisibleText.terminal($0.habit), "+\($0.plus)", "−\($0.minus)", LifeText.minutes($0.minutes)]
                    }
                )
                .forEach { Output.line("  " + $0) }
                Output.line("The latest \(day.taps.count):")
                Output.table(
                    day.taps.map {
                        [HabitCommand.clock($0.at), VisibleText.terminal($0.habit), LifeText.minutes($0.minutes)]
                    }
                )
                .forEach { Output.line("  " + $0) }
            }
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats", abstract: "Per day and per habit, with sparklines.")
        @OptionGroup var options: ClientOptions
        @Option(
            help:
                "How many weeks back, \(LifeLimits.habitStatsWeeks.lowerBound) to \(LifeLimits.habitStatsWeeks.upperBound)."
        )
        var weeks = LifeLimits.defaultHabitStatsWeeks

        func validate() throws {
            guard LifeLimits.habitStatsWeeks.contains(weeks) else {
                throw ValidationError(
                    "--weeks must be \(LifeLimits.habitStatsWeeks.lowerBound) to \(LifeLimits.habitStatsWeeks.upperBound), got \(weeks)"
                )
            }
        }

        func run() throws {
            try options.send(Commands.HabitStats(weeks: weeks)) { stats in
                HabitStatsText.lines(stats).forEach(Output.line)
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget a habit and its taps.",
            aliases: ["rm", "delete"])
        @OptionGroup var options: ClientOptions
        @Argument(help: "The habit's name.", completion: .habitNames, transform: HabitCommand.checked) var name: String

        func run() throws {
            try options.send(Commands.HabitRemove(name: name)) { removed in
                Output.line(
                    "Removed habit \(VisibleText.terminal(removed.removed.name)) and its \(removed.tapsRemoved) "
                        + (removed.tapsRemoved == 1 ? "tap." : "taps."))
            }
        }
    }

    /// A habit's name; a transform, so a bad one is refused as the command line is read.
    static func checked(_ name: String) throws -> String {
        if let problem = Habit.problem(name: name) {
            throw ValidationError(
                "habit name '\(name.prefix(40))' \(problem); a name has 1 to \(LifeLimits.maxHabitNameLength) characters"
            )
        }
        return name
    }

    static func describe(_ tap: HabitTap) -> String {
        "\(VisibleText.terminal(tap.habit)) \(LifeText.minutes(tap.minutes)) at \(clock(tap.at))"
    }

    /// HH:MM in the system's zone.
    static func clock(_ unix: Double) -> String {
        let seconds = Int64(unix.rounded(.down))
        let parts = ISO8601.Parts(unix: seconds, offsetSeconds: World.zoneSource.systemZone().offset(at: seconds))
        return (parts.hour < 10 ? "0" : "") + "\(parts.hour):" + (parts.minute < 10 ? "0" : "") + "\(parts.minute)"
    }
}
