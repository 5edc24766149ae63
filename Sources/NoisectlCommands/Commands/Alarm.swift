import ArgumentParser
import MarsTime
import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseTime

/// `noisectl alarm …`: manage alarms.
struct AlarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarm",
        abstract: "Add, list, change and remove alarms.",
        subcommands: [
            Add.self, List.self, Next.self, Show.self, Edit.self, Enable.self, Disable.self, Skip.self, Pause.self,
            Test.self,
            Remove.self,
            Duplicate.self, Missed.self, AlarmWhen.self, AlarmImport.self, AlarmExport.self,
        ],
        defaultSubcommand: List.self)
}

/// The settings of `alarm_add` and `alarm_edit`: the options' changes with the Mars clock and the pass settings
/// they give.
enum AlarmArgs {
    static func changes(_ changes: AlarmChanges, mars: MarsOptions, pass: PassOptions) -> AlarmChanges {
        var changes = changes
        changes.mars = mars.clock()
        if pass.given { changes.pass = pass.changes }
        return changes
    }
}

/// An alarm id argument.
struct AlarmIDArgument: ParsableArguments {
    @Argument(help: "The alarm's id (see 'noisectl alarm list').", completion: .alarmIDs)
    var id: Int64

    func validate() throws {
        guard id >= 1 else { throw ValidationError("an alarm id is a positive number, got \(id)") }
    }
}

extension AlarmCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an alarm.",
            discussion: """
                Examples:
                  noisectl alarm add 07:00 --repeat weekdays --label Work
                  noisectl alarm add 6:30am --repeat mon,wed,fri --sound chime --ramp 60s --snooze 5
                  noisectl alarm add 21:15 --label "Take the bread out"
                  noisectl alarm add tomorrow 6:30          (once, tomorrow)
                  noisectl alarm add +45m --label Tea        (once, 45 minutes from now)
                  noisectl alarm add 07:00 --date 2026-12-24
                  noisectl alarm add 07:00 --repeat weekdays --zone Europe/Berlin
                  noisectl alarm add 06:45 --repeat weekdays --then @morning
                  noisectl alarm add 07:00 --repeat weekdays --skip-holidays
                  noisectl alarm add 06:30 --repeat weekdays --dawn 30m --dawn-sound @morning
                  noisectl alarm add --iss --visible --before 5m --label "ISS overhead"
                """)

        @OptionGroup var options: ClientOptions

        @Argument(
            help: ArgumentHelp(
                "When: a time (07:00, 7am, 7:30pm, 07:00:30), 'today' or 'tomorrow' and a time, or +DURATION (+45m); none with --iss.",
                valueName: "when"))
        var when: [String] = []

        @OptionGroup var settings: AlarmSettingOptions
        @OptionGroup var mars: MarsOptions
        @OptionGroup(title: "Before satellite passes") var pass: PassOptions

        @Flag(help: "Add it switched off.")
        var disabled = false

        func validate() throws {
            if pass.wanted != nil {
                guard when.isEmpty, settings.repeat == nil, mars.mars == nil else {
                    throw ValidationError("--iss rings before each pass: give no time, --repeat or --mars")
                }
            } else if pass.given {
                throw ValidationError("--visible, --min-elevation and --before go with --iss (or --satellite N)")
            } else if when.isEmpty {
                throw ValidationError(
                    "give the alarm's time (e.g. 07:00, tomorrow 6:30, +45m), or --iss for an alarm before each ISS pass"
                )
            }
            if mars.mars == nil, settings.repeat?.saysSols == true {
                throw ValidationError("--repeat sols is for alarms on Mars time: add --mars SITE (e.g. --mars jezero)")
            }
            if settings.date?.date == nil && settings.date != nil {
                throw ValidationError(
                    "--date none is for 'alarm edit'; a new alarm without --date rings the next time its time comes")
            }
        }

        /// The time and day the words say, in the alarm's zone, as of now (read once: "+45m" and "tomorrow" mean
        /// one instant), checked against the options; nil for a pass alarm. Its refusals are usage errors, as
        /// `validate`'s are.
        private func moment() throws -> AlarmMoment? {
            guard !when.isEmpty else { return nil }
            let moment: AlarmMoment
            do {
                moment = try AlarmMoment.parse(when, now: LocalTime.nowSeconds(), zone: settings.zoneRules)
            } catch { throw ValidationError(error.description) }
            if moment.date != nil, settings.date != nil {
                throw ValidationError("'\(when.joined(separator: " "))' already says the day: give no --date")
            }
            if moment.date != nil, let rule = settings.repeat?.rule, !rule.isOnce {
                throw ValidationError("'\(when.joined(separator: " "))' rings once: give no --repeat (\(rule))")
            }
            if mars.mars != nil, moment.date != nil || settings.zone != nil {
                throw ValidationError("a Mars alarm rings by a Mars clock: give a plain time, and no --date or --zone")
            }
            return moment
        }

        func run() throws {
            var changes = settings.changes
            if let moment = try moment() {
                changes.time = moment.time
                if let date = moment.date { changes.date = .some(date) }
            }
            if disabled { changes.enabled = false }
            try AlarmText.send(
                options, Commands.AlarmAdd(AlarmArgs.changes(changes, mars: mars, pass: pass)), verb: "Added")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change an alarm's settings.")

        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        @Option(help: ArgumentHelp("A new time.", valueName: "time"), transform: OptionValue.timeOfDay)
        var time: TimeOfDay?

        @OptionGroup var settings: AlarmSettingOptions
        @OptionGroup var mars: MarsOptions
        @OptionGroup(title: "Before satellite passes") var pass: PassOptions

        func validate() throws {
            guard time == nil, settings.changes == AlarmChanges(), mars.mars == nil, !mars.solar, !pass.given else {
                return
            }
            throw ValidationError(
                "nothing to change: give at least one of --time, --repeat, --label, --sound, --volume, "
                    + "--ramp, --dawn, --dawn-sound, --snooze, --ring-for, --note, --date, --zone, --then, --[no-]skip-holidays, --mars, "
                    + "--solar or a pass option")
        }

        func run() throws {
            var changes = settings.changes
            changes.time = time
            try AlarmText.send(
                options, Commands.AlarmEdit(id: alarm.id, AlarmArgs.changes(changes, mars: mars, pass: pass)),
                verb: "Changed")
        }
    }

    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next", abstract: "Show the alarm that rings next.")

        @OptionGroup var options: ClientOptions

        func run() throws {
            try options.send(Commands.AlarmNext()) { next in
                guard let info = next.alarm else { return Output.line("No alarm is set to ring.") }
                Output.line(AlarmText.summary(info, now: LocalTime.nowSeconds()))
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one alarm with all its settings.")

        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try options.send(Commands.AlarmShow(id: alarm.id)) { info in
                AlarmText.details(info, now: LocalTime.nowSeconds()).forEach(Output.line)
            }
        }
    }

    struct Enable: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "enable", abstract: "Switch an alarm on.")
        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try AlarmText.send(options, Commands.AlarmEnable(id: alarm.id), verb: "Enabled")
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disable", abstract: "Switch an alarm off (it is kept).")
        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try AlarmText.send(options, Commands.AlarmDisable(id: alarm.id), verb: "Disabled")
        }
    }

    struct Duplicate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "duplicate", abstract: "Copy an alarm (the copy gets a new id).")
        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try AlarmText.send(options, Commands.AlarmDuplicate(id: alarm.id), verb: "Added a copy:")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Delete alarms.",
            discussion: "Every id is checked first: if one names no alarm, none is deleted.", aliases: ["delete", "rm"])
        @OptionGroup var options: ClientOptions

        @Argument(help: "The alarms' ids (see 'noisectl alarm list').", completion: .alarmIDs)
        var ids: [Int64]

        func validate() throws {
            if let bad = ids.first(where: { $0 < 1 }) {
                throw ValidationError("an alarm id is a positive number, got \(bad)")
            }
        }

        func run() throws {
            // One request: the daemon removes them all in one store change, or none.
            try options.send(Commands.AlarmRemove(ids: ids)) { reply in
                let list = reply.removed.map(String.init).joined(separator: ", ")
                Output.line(reply.removed.count == 1 ? "Removed alarm \(list)." : "Removed alarms \(list).")
            }
        }
    }
}
