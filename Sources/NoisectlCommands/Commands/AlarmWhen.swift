import ArgumentParser
import NoiseAlarms
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem
import NoiseTime

/// `noisectl alarm when`: the next triggers of an alarm, computed here by the alarm's `TriggerRule`, the scheduler's own
/// function, so a time and repeat rule can be checked against daylight saving without the daemon (as
/// `systemd-analyze calendar --iterations` checks a timer).
struct AlarmWhen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "when",
        abstract: "Show when an alarm at TIME would ring next (computed here, without the daemon).",
        discussion: """
            The scheduler's own rules, daylight saving included: a time that does not
            exist on the spring-forward day rings shifted forward by the gap (02:30 at
            03:30); a time that happens twice in the fall rings the first time.
            With --mars, TIME is a site's local mean solar time (--solar: true solar
            time) and the instants come to the millisecond, as the daemon rings them.
            Examples:
              noisectl alarm when 07:00 --repeat weekdays
              noisectl alarm when 02:30 --repeat daily --zone America/New_York \\
                --from 2024-03-09T12:00:00Z
              noisectl alarm when 07:00 --mars jezero --repeat sols --count 3
              noisectl alarm when --iss --visible --before 5m --at 51.5074,-0.1278
            With --iss, the triggers come before the ISS's passes over you, from the
            elements kept (or --elements FILE) and your location (or --at LAT,LON).
            """)

    @OptionGroup var options: ClientOptions

    @Argument(
        help: "The alarm's time of day, e.g. 07:00, 7am, 19:30; none with --iss.", transform: OptionValue.timeOfDay)
    var time: TimeOfDay?

    @Option(
        name: .customLong("repeat"), help: "once, daily, weekdays, weekends, mon,wed,fri, mon-fri...",
        transform: OptionValue.repeatRule)
    var rule = RepeatRule.once

    @Option(
        help: "Count from this instant: ISO-8601 with an offset or Z, e.g. 2024-03-09T07:00:00-05:00 (default: now).",
        transform: OptionValue.instant)
    var from: Double?

    @Option(
        help: "A time zone, e.g. Europe/Berlin (default: the system's, which the daemon uses).", completion: .timeZones,
        transform: OptionValue.zone)
    var zone: ZoneRules?

    @Option(help: "How many triggers to show, 1 to 1000.")
    var count = 5

    @OptionGroup var mars: MarsOptions
    @OptionGroup(title: "Before satellite passes") var pass: PassOptions

    @Option(help: "With --iss: a file of two-line element sets or OMM JSON (default: those kept).")
    var elements: String?

    @Option(
        parsing: .unconditional,
        help: "With --iss: where you are, LAT,LON[,METRES] (default: config.toml's [location]).",
        transform: ObserverPlace.parse)
    var at: ObserverPlace?

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be 1 to 1000, got \(count)") }
        if pass.wanted != nil {
            guard time == nil, mars.mars == nil else {
                throw ValidationError("--iss rings before each pass: give no TIME or --mars")
            }
            return
        }
        if pass.given || elements != nil || at != nil {
            throw ValidationError(
                "--visible, --min-elevation, --before, --elements and --at go with --iss (or --satellite N)")
        }
        let alarmTime = try parsedTime()
        if let clock = mars.clock() {
            do throws(AlarmRuleFields.Problem) {
                _ = try AlarmRuleFields(time: alarmTime, repeat: rule, mars: clock).rule()
            } catch {
                throw ValidationError("--repeat: \(error)")
            }
        }
    }

    func run() throws {
        if let passAlarm = pass.alarm() { return try runPasses(passAlarm) }
        let (alarmTime, repeatRule) = (try parsedTime(), rule)
        let (start, rules) = (startInstant, zoneRules)
        let marsClock = mars.clock()
        // The scheduler's own function, with the system's leap seconds as the daemon reads them.
        let rule =
            marsClock.map { TriggerRule.marsClock(alarmTime, $0, everySol: !repeatRule.isOnce) }
            ?? .wallClock(alarmTime, repeatRule, zone: nil)
        let context = TriggerRule.Context(
            zone: rules, leapSeconds: marsClock == nil ? .builtIn : SystemLeapSeconds.load().list)
        let triggers = Self.triggers(of: rule, in: context, after: Double(start), count: count)
        if options.json {
            let reply = Reply(
                zone: rules.identifier, time: alarmTime.description,
                repeat: marsClock != nil && !repeatRule.isOnce ? "sols" : repeatRule.description,
                mars: marsClock, triggers: triggers)
            return Output.json(reply)
        }
        let what =
            marsClock.map { "\(alarmTime) \($0.clockName) \($0.placeName) (\(AlarmText.repeatText(rule)))" }
            ?? "\(alarmTime) (\(repeatRule)) in \(rules.identifier)"
        guard !triggers.isEmpty else { return Output.line("No trigger of \(what) in the next two weeks.") }
        Output.line(triggers.count == 1 ? "Next trigger of \(what):" : "Next \(triggers.count) triggers of \(what):")
        for trigger in triggers {
            // "2024-03-11T07:00:00-04:00" read as date, time and offset.
            let text = trigger.instant
            let date = text.prefix { $0 != "T" }
            let clock = text.dropFirst(date.count + 1).prefix { $0 != "+" && $0 != "-" }
            let offset = text.dropFirst(date.count + 1 + clock.count)
            let localDay = NextTrigger.localDay(of: Int64(trigger.unix.rounded(.down)), zone: rules)
            let day = Weekday(rawValue: CivilDate.weekday(days: localDay))!.shortName
            var line =
                "\(day.prefix(1).uppercased() + day.dropFirst()) \(date) \(clock) \(offset) "
                + "(\(trigger.abbreviation))  \(AlarmText.relative(trigger.unix - Double(start)))"
            if trigger.shifted { line += "  (shifted by the DST gap)" }
            Output.line(line)
        }
    }

    struct Reply: Encodable {
        var zone: String
        var time: String
        var `repeat`: String
        /// A Mars alarm's clock; absent for an Earth alarm.
        var mars: MarsAlarmClock?
        var triggers: [Trigger]
    }

    /// The next `count` triggers of `rule` after `start`, as the scheduler finds them, shown in the context's zone
    /// (`alarm when`, `mars when`).
    static func triggers(
        of rule: TriggerRule, in context: TriggerRule.Context, after start: Double, count: Int
    ) -> [Trigger] {
        var triggers: [Trigger] = []
        var cursor = start
        while triggers.count < count, let instant = rule.next(after: cursor, in: context) {
            let whole = Int64(instant.rounded(.down))
            let offset = context.zone.offset(at: whole)
            var shifted = false
            if case .wallClock(let time, _, _) = rule {
                shifted = ISO8601.Parts(unix: whole, offsetSeconds: offset).timeOfDay != time
            }
            triggers.append(
                Trigger(
                    instant: ISO8601.format(seconds: instant, offsetSeconds: offset), unix: instant,
                    offsetSeconds: offset, abbreviation: context.zone.abbreviation(at: whole), shifted: shifted))
            if rule.ringsOnce { break }
            cursor = rule.settled(after: instant)
        }
        return triggers
    }

    /// `unix` has the milliseconds of a Mars trigger as a fraction (an Earth trigger's is whole).
    struct Trigger: Encodable {
        var instant: String
        var unix: Double
        var offsetSeconds: Int
        var abbreviation: String
        /// Its wall time differs from the alarm's: the alarm's time fell in a spring-forward gap.
        var shifted: Bool
        /// The pass a pass alarm's trigger rings for.
        var pass: PassInfo?
    }

    private func parsedTime() throws -> TimeOfDay {
        guard let time else {
            throw ValidationError("give the alarm's TIME (e.g. 07:00), or --iss for the ISS's passes")
        }
        return time
    }

    /// `--iss`: the triggers of a pass alarm over the kept (or given) elements and the observer's place, each
    /// with the pass it rings for.
    private func runPasses(_ passAlarm: PassAlarm) throws {
        let start = Double(startInstant)
        let rules = zoneRules
        let sets =
            try elements.map { try ElementFile.read($0) } ?? ElementCache.user.readSets()
            ?? {
                throw ValidationError(
                    "no orbital elements yet: import some (noisectl iss elements import FILE) or give --elements FILE")
            }()
        guard sets.contains(where: { $0.catalogNumber == passAlarm.satellite }) else {
            throw ValidationError(
                "no elements for satellite \(passAlarm.satellite) in \(elements ?? ElementCache.user.path)")
        }
        let place = try ObserverPlace.resolve(at: at, settings: ConfigStore().clockSettings().location)
        let sky = SatelliteSky(elements: sets, observer: place.position)
        if let problem = passAlarm.elementsProblem(at: start, in: sky) { throw ValidationError(problem) }
        let triggers = Self.triggers(
            of: .satellitePass(passAlarm), in: TriggerRule.Context(zone: rules, sky: sky), after: start, count: count
        )
        .map { trigger -> Trigger in
            var trigger = trigger
            trigger.pass = passAlarm.pass(ringingAt: trigger.unix, in: sky).map { PassInfo($0, zone: rules) }
            return trigger
        }
        if options.json {
            return Output.json(
                PassReply(zone: rules.identifier, rule: passAlarm, place: place.name, triggers: triggers))
        }
        let what = AlarmText.passRule(passAlarm) + " over \(place.name)"
        if let note = place.note { Output.line(note) }
        guard !triggers.isEmpty else { return Output.line("No trigger of \(what) in the next 10 days.") }
        Output.line("Next \(triggers.count == 1 ? "trigger" : "\(triggers.count) triggers") of \(what):")
        for trigger in triggers {
            let info = TriggerInfo(unix: trigger.unix, zone: rules)
            Output.line(
                "\(AlarmText.date(info))  \(AlarmText.relative(trigger.unix - start))"
                    + (trigger.pass.map { "  pass \(AlarmText.passText($0))" } ?? ""))
        }
    }

    struct PassReply: Encodable {
        var zone: String
        var rule: PassAlarm
        var place: String
        var triggers: [Trigger]
    }

    private var startInstant: Int64 {
        from.map { Int64($0) } ?? LocalTime.nowSeconds()
    }

    private var zoneRules: ZoneRules {
        zone ?? World.zoneSource.systemZone()
    }
}
