import ArgumentParser
import MarsTime
import NoiseCore
import NoiseAlarms
import NoiseProtocol

/// `noisectl alarm …`: manage alarms.
struct AlarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarm",
        abstract: "Add, list, change and remove alarms.",
        subcommands: [Add.self, List.self, Next.self, Show.self, Edit.self, Enable.self, Disable.self, Remove.self,
                      Duplicate.self, Missed.self, AlarmWhen.self, AlarmImport.self, AlarmExport.self],
        defaultSubcommand: List.self)
}

/// The settings shared by `alarm add` and `alarm edit`.
struct AlarmSettingOptions: ParsableArguments {
    @Option(help: "once (default), daily, weekdays, weekends, mon,wed,fri, mon-fri, sat..sun; with --mars: once or sols.",
            transform: RepeatChoice.parse)
    var `repeat`: RepeatChoice?

    @Option(help: "A label, e.g. Work.")
    var label: String?

    @Option(help: "The sound (default \(AlarmDefaults.sound)); any id from 'noisectl sounds'. Try one: noisectl preview ID.",
            completion: .soundIDs)
    var sound: String?

    @Option(help: "Volume 0-100 (default \(AlarmDefaults.volume.formatted)).")
    var volume: Double?

    @Option(help: ArgumentHelp("Rise from silence to the volume over this long, e.g. 60s; 0 for none (default \(AlarmDefaults.rampSeconds.formatted)s).",
                               valueName: "duration"), transform: OptionValue.duration)
    var ramp: Double?

    @Option(help: "Snooze minutes, 1-60 (default \(AlarmDefaults.snoozeMinutes); often 5, 7, 8, 9, 10, 15 or 20).")
    var snooze: Int?

    @Option(name: .customLong("ring-for"), help: ArgumentHelp("Ring this long unattended before it stops and counts as missed (default 10m).",
                                                             valueName: "duration"), transform: OptionValue.duration)
    var ringFor: Double?

    @Option(help: "A note shown when it rings (edit: an empty note removes it).")
    var note: String?

    /// The changes these options ask for.
    var changes: AlarmChanges {
        var changes = AlarmChanges(label: label, sound: sound, volume: volume, snoozeMinutes: snooze, note: note)
        changes.repeat = self.repeat?.rule
        changes.rampSeconds = ramp
        changes.ringLimitSeconds = ringFor
        return changes
    }

    /// A value out of its range (volume, snooze, ring limit…) is a usage error (exit 2) naming what is accepted.
    func validate() throws {
        if let problem = changes.problem() { throw ValidationError(problem.message) }
    }
}

/// The arguments of `alarm_add` and `alarm_edit`: the settings (a Mars alarm's clock and a pass alarm's satellite
/// and conditions among them, as `AlarmChanges` puts them on the wire), and the id for an edit.
struct AlarmArgs: Encodable {
    var id: Int64?
    var changes: AlarmChanges

    /// The settings of the options, with the Mars clock and the pass settings they give.
    init(id: Int64? = nil, changes: AlarmChanges, mars: MarsOptions, pass: PassOptions) {
        self.id = id
        self.changes = changes
        self.changes.mars = mars.clock()
        if pass.given { self.changes.pass = pass.changes }
    }

    func encode(to encoder: any Encoder) throws {
        try changes.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(id, forKey: .id)
    }

    enum Key: String, CodingKey {
        case id
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

struct IDArgs: Encodable {
    var id: Int64
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
                  noisectl alarm add --iss --visible --before 5m --label "ISS overhead"
                """)

        @OptionGroup var options: ClientOptions

        @Argument(help: "The time: 07:00, 7:00, 7am, 7:30pm, 19:30, 07:00:30 (local time); none with --iss.",
                  transform: OptionValue.timeOfDay)
        var time: TimeOfDay?

        @OptionGroup var settings: AlarmSettingOptions
        @OptionGroup var mars: MarsOptions
        @OptionGroup(title: "Before satellite passes") var pass: PassOptions

        @Flag(help: "Add it switched off.")
        var disabled = false

        func validate() throws {
            if pass.wanted != nil {
                guard time == nil, settings.repeat == nil, mars.mars == nil else {
                    throw ValidationError("--iss rings before each pass: give no TIME, --repeat or --mars")
                }
            } else if pass.given {
                throw ValidationError("--visible, --min-elevation and --before go with --iss (or --satellite N)")
            } else if time == nil {
                throw ValidationError("give the alarm's TIME (e.g. 07:00), or --iss for an alarm before each ISS pass")
            }
            if mars.mars == nil, settings.repeat?.saysSols == true {
                throw ValidationError("--repeat sols is for alarms on Mars time: add --mars SITE (e.g. --mars jezero)")
            }
        }

        func run() throws {
            var changes = settings.changes
            changes.time = time
            if disabled { changes.enabled = false }
            try AlarmText.send(options, "alarm_add", args: AlarmArgs(changes: changes, mars: mars, pass: pass), verb: "Added")
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
            guard time == nil, settings.changes == AlarmChanges(), mars.mars == nil, !mars.solar, !pass.given else { return }
            throw ValidationError("nothing to change: give at least one of --time, --repeat, --label, --sound, --volume, "
                                  + "--ramp, --snooze, --ring-for, --note, --mars, --solar or a pass option")
        }

        func run() throws {
            var changes = settings.changes
            changes.time = time
            try AlarmText.send(options, "alarm_edit", args: AlarmArgs(id: alarm.id, changes: changes, mars: mars, pass: pass),
                               verb: "Changed")
        }
    }

    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "next", abstract: "Show the alarm that rings next.")

        @OptionGroup var options: ClientOptions

        func run() throws {
            try options.send("alarm_next", as: NextAlarm.self) { next in
                guard let info = next.alarm else { return Output.line("No alarm is set to ring.") }
                Output.line(AlarmText.summary(info, now: LocalTime.nowSeconds()))
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one alarm with all its settings.")

        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try options.send("alarm_show", args: IDArgs(id: alarm.id), as: AlarmInfo.self) { info in
                AlarmText.details(info, now: LocalTime.nowSeconds()).forEach(Output.line)
            }
        }
    }

    struct Enable: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "enable", abstract: "Switch an alarm on.")
        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try AlarmText.send(options, "alarm_enable", args: IDArgs(id: alarm.id), verb: "Enabled")
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "disable", abstract: "Switch an alarm off (it is kept).")
        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try AlarmText.send(options, "alarm_disable", args: IDArgs(id: alarm.id), verb: "Disabled")
        }
    }

    struct Duplicate: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "duplicate", abstract: "Copy an alarm (the copy gets a new id).")
        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try AlarmText.send(options, "alarm_duplicate", args: IDArgs(id: alarm.id), verb: "Added a copy:")
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
            if let bad = ids.first(where: { $0 < 1 }) { throw ValidationError("an alarm id is a positive number, got \(bad)") }
        }

        func run() throws {
            struct Arguments: Encodable { var ids: [Int64] }
            struct Removed: Decodable { var removed: [Int64] }
            // One request: the daemon removes them all in one store change, or none.
            try options.send("alarm_remove", args: Arguments(ids: ids), as: Removed.self) { reply in
                let list = reply.removed.map(String.init).joined(separator: ", ")
                Output.line(reply.removed.count == 1 ? "Removed alarm \(list)." : "Removed alarms \(list).")
            }
        }
    }
}
