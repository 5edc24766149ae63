import ArgumentParser
import NoiseAlarms
import NoiseCore
import NoiseTime

/// The settings shared by `alarm add` and `alarm edit`.
struct AlarmSettingOptions: ParsableArguments {
    @Option(
        help: "once (default), daily, weekdays, weekends, mon,wed,fri, mon-fri, sat..sun; with --mars: once or sols.",
        transform: RepeatChoice.parse)
    var `repeat`: RepeatChoice?

    @Option(help: "A label, e.g. Work.")
    var label: String?

    @Option(
        help:
            "The sound (default \(AlarmDefaults.sound)); any id from 'noisectl sounds'. Try one: noisectl preview ID.",
        completion: .soundIDs)
    var sound: String?

    @Option(help: "Volume 0-100 (default \(AlarmDefaults.volume.formatted)).")
    var volume: Double?

    @Option(
        help: ArgumentHelp(
            "Rise from silence to the volume over this long, e.g. 60s; 0 for none (default \(AlarmDefaults.rampSeconds.formatted)s).",
            valueName: "duration"), transform: OptionValue.duration)
    var ramp: Double?

    @Option(
        help: ArgumentHelp(
            "Light the pages (and 'noisectl clock') as a sunrise this long before each ring, e.g. 30m; 0 for none "
                + "(up to \(DurationParser.describe(AlarmDefaults.dawnRange.upperBound)); default: [alarms] dawn, else none).",
            valueName: "duration"), transform: OptionValue.duration)
    var dawn: Double?

    @Option(
        name: .customLong("dawn-sound"),
        help: ArgumentHelp(
            "Crossfade from what plays to this saved mix over the dawn, rising to the alarm's volume, e.g. @morning; "
                + "edit: none takes it away.",
            valueName: "@mix"), transform: MixChoice.parse)
    var dawnSound: MixChoice?

    @Option(help: "Snooze minutes, 1-60 (default \(AlarmDefaults.snoozeMinutes); often 5, 7, 8, 9, 10, 15 or 20).")
    var snooze: Int?

    @Option(
        name: .customLong("ring-for"),
        help: ArgumentHelp(
            "Ring this long unattended before it stops and counts as missed (default 10m).",
            valueName: "duration"), transform: OptionValue.duration)
    var ringFor: Double?

    @Option(help: "A note shown when it rings (edit: an empty note removes it).")
    var note: String?

    @Option(
        help: ArgumentHelp("Ring once, on this date (YYYY-MM-DD); edit: none takes it away.", valueName: "date"),
        transform: DateChoice.parse)
    var date: DateChoice?

    @Option(
        help: ArgumentHelp(
            "Ring by this zone's clock wherever the machine is, e.g. Europe/Berlin; edit: local for the system's.",
            valueName: "zone"), completion: .timeZones, transform: ZoneChoice.parse)
    var zone: ZoneChoice?

    @Option(
        help: ArgumentHelp(
            "Play this saved mix when the alarm is dismissed, e.g. @morning; edit: none takes it away.",
            valueName: "@mix"), transform: MixChoice.parse)
    var then: MixChoice?

    @Flag(
        inversion: .prefixedNo,
        help:
            "Pass over the days off of the holidays file ([alarms] holidays, an .ics file): it rings the next working day."
    )
    var skipHolidays: Bool?

    /// The changes these options ask for.
    var changes: AlarmChanges {
        var changes = AlarmChanges(label: label, sound: sound, volume: volume, snoozeMinutes: snooze, note: note)
        changes.repeat = self.repeat?.rule
        changes.rampSeconds = ramp
        changes.ringLimitSeconds = ringFor
        changes.dawnSeconds = dawn
        changes.date = date.map(\.date)
        changes.zone = zone.map { $0.rules?.identifier ?? "" }
        changes.thenMix = then.map { $0.mix ?? "" }
        changes.skipHolidays = skipHolidays
        changes.dawnMix = dawnSound.map { $0.mix ?? "" }
        return changes
    }

    /// The zone the alarm's wall time is read in: the one given, else the system's.
    var zoneRules: ZoneRules { zone?.rules ?? World.zoneSource.systemZone() }

    /// A value out of its range (volume, snooze, ring limit…) is a usage error (exit 2) naming what is accepted.
    func validate() throws {
        if let problem = changes.problem() { throw ValidationError(problem.message) }
        if let date = date?.date, let rule = self.repeat?.rule, !rule.isOnce {
            throw ValidationError("--date \(date) rings once: give no --repeat (\(rule)), or no --date")
        }
    }
}

/// `--date`: a date, or `none` to take an alarm's date away.
struct DateChoice: Sendable, Equatable {
    var date: LocalDate?

    static func parse(_ text: String) throws -> DateChoice {
        if text.lowercased() == "none" { return DateChoice(date: nil) }
        return DateChoice(date: try OptionValue.date(text))
    }
}

/// `--zone`: a zone from the tz database (checked here, with close names on a typo), or `local`.
struct ZoneChoice: Sendable {
    var rules: ZoneRules?

    static func parse(_ text: String) throws -> ZoneChoice {
        ["local", "system"].contains(text.lowercased())
            ? ZoneChoice(rules: nil) : ZoneChoice(rules: try OptionValue.zone(text))
    }
}

/// `--then` and `--dawn-sound`: a saved mix (`@morning`, the @ optional), or `none`.
struct MixChoice: Sendable, Equatable {
    var mix: String?

    static func parse(_ text: String) throws -> MixChoice {
        if text == "none" { return MixChoice(mix: nil) }
        let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
        if let problem = MixName.problem(name) {
            throw ValidationError("--then: mix name '\(name.prefix(40))' \(problem); a name has \(MixName.accepted)")
        }
        return MixChoice(mix: name)
    }
}
