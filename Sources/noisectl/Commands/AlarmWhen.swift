import ArgumentParser
import NoiseCore
import NoiseSystem
import NoiseAlarms
import NoiseTime

/// `noisectl alarm when`: the next triggers of an alarm, computed here by `NextTrigger`, the scheduler's own
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
            Examples:
              noisectl alarm when 07:00 --repeat weekdays
              noisectl alarm when 02:30 --repeat daily --zone America/New_York \\
                --from 2024-03-09T12:00:00Z
            """)

    @OptionGroup var options: ClientOptions

    @Argument(help: "The alarm's time of day, e.g. 07:00, 7am, 19:30.")
    var time: String

    @Option(name: .customLong("repeat"), help: "once, daily, weekdays, weekends, mon,wed,fri, mon-fri...")
    var rule = "once"

    @Option(help: "Count from this instant: ISO-8601 with an offset or Z, e.g. 2024-03-09T07:00:00-05:00 (default: now).")
    var from: String?

    @Option(help: "A time zone, e.g. Europe/Berlin (default: the system's, which the daemon uses).", completion: .timeZones)
    var zone: String?

    @Option(help: "How many triggers to show, 1 to 1000.")
    var count = 5

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be 1 to 1000, got \(count)") }
        _ = try parsedTime()
        _ = try parsedRule()
        _ = try startInstant()
        _ = try zoneRules()
    }

    func run() throws {
        let (alarmTime, repeatRule) = (try parsedTime(), try parsedRule())
        let (start, rules) = (try startInstant(), try zoneRules())
        let triggers = NextTrigger.upcoming(time: alarmTime, rule: repeatRule, after: start, zone: rules, count: count)
            .map { instant in
                let offset = rules.offset(at: instant)
                return Trigger(
                    instant: ISO8601.format(unix: instant, offsetSeconds: offset), unix: instant, offsetSeconds: offset,
                    abbreviation: rules.abbreviation(at: instant),
                    shifted: ISO8601.Parts(unix: instant, offsetSeconds: offset).timeOfDay != alarmTime)
            }
        if options.json {
            let reply = Reply(zone: rules.identifier, time: alarmTime.description, repeat: repeatRule.description,
                              triggers: triggers)
            return Output.json(reply)
        }
        let what = "\(alarmTime) (\(repeatRule)) in \(rules.identifier)"
        guard !triggers.isEmpty else { return Output.line("No trigger of \(what) in the next two weeks.") }
        Output.line(triggers.count == 1 ? "Next trigger of \(what):" : "Next \(triggers.count) triggers of \(what):")
        for trigger in triggers {
            // "2024-03-11T07:00:00-04:00" read as date, time and offset.
            let text = trigger.instant
            let date = text.prefix { $0 != "T" }
            let clock = text.dropFirst(date.count + 1).prefix(8)
            let offset = text.dropFirst(date.count + 1 + clock.count)
            let localDay = NextTrigger.localDay(of: trigger.unix, zone: rules)
            let day = Weekday(rawValue: CivilDate.weekday(days: localDay))!.shortName
            var line = "\(day.prefix(1).uppercased() + day.dropFirst()) \(date) \(clock) \(offset) "
                + "(\(trigger.abbreviation))  \(AlarmText.relative(trigger.unix - start))"
            if trigger.shifted { line += "  (shifted by the DST gap)" }
            Output.line(line)
        }
    }

    struct Reply: Encodable {
        var zone: String
        var time: String
        var `repeat`: String
        var triggers: [Trigger]
    }

    struct Trigger: Encodable {
        var instant: String
        var unix: Int64
        var offsetSeconds: Int
        var abbreviation: String
        /// Its wall time differs from the alarm's: the alarm's time fell in a spring-forward gap.
        var shifted: Bool
    }

    private func parsedTime() throws -> TimeOfDay {
        do { return try TimeOfDay.parse(time) } catch { throw ValidationError("\(error)") }
    }

    private func parsedRule() throws -> RepeatRule {
        do { return try RepeatRule.parse(rule) } catch { throw ValidationError("\(error)") }
    }

    private func startInstant() throws -> Int64 {
        guard let from else { return LocalTime.nowSeconds() }
        guard let instant = ISO8601.parse(from) else {
            throw ValidationError("--from '\(from.prefix(40))' is not an ISO-8601 instant with an offset; "
                + "use 2024-03-09T12:00:00Z or 2024-03-09T07:00:00-05:00")
        }
        return instant
    }

    private func zoneRules() throws -> ZoneRules {
        let source = SystemTimeZoneSource(environment: ProcessEnvironment.current)
        return try zone.map { try Clock.zoneRules($0, from: source) } ?? source.systemZone()
    }
}
