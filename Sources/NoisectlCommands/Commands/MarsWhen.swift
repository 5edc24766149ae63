import ArgumentParser
import MarsTime
import NoiseAlarms
import NoiseClient
import NoiseCore
import NoiseSystem
import NoiseTime

/// `noisectl mars when`: the Earth instants at which a site's Mars clock reads a time (docs/mars.md).
struct MarsWhen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "when",
        abstract: "Show when a site's clock on Mars next reads TIME, in Earth time (computed here).",
        discussion: """
            Local mean solar time (LMST) by default, solved exactly; --solar for local
            true solar time (LTST), solved to a millisecond.
            Examples:
              noisectl mars when 07:00 --site jezero
              noisectl mars when 12:00 --site gale --solar --count 3 --json
            """)

    @OptionGroup var options: ClientOptions
    @OptionGroup var place: Mars.Place

    @Argument(help: "The time on Mars, e.g. 07:00 or 13:30:00.", transform: OptionValue.timeOfDay)
    var time: TimeOfDay

    @Flag(help: "Local true solar time (the sundial's), instead of local mean solar time.")
    var solar = false

    @Option(
        help: "Count from this instant: ISO-8601 with an offset or Z (default: now).", transform: OptionValue.instant)
    var from: Double?

    @Option(help: "How many instants to show, 1 to 1000.")
    var count = 5

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be 1 to 1000, got \(count)") }
    }

    func run() throws {
        let location = try place.resolved(
            saved: ConfigStore(environment: ProcessEnvironment.current).clockSettings().marsSite)
        let timeOfDay = time
        let start = from ?? WallTime.seconds()
        let (leapSeconds, problem) = SystemLeapSeconds.load()
        if let problem { Output.error("warning: \(problem)") }
        let zone = World.zoneSource.systemZone()
        // The scheduler's own rule for a Mars alarm that rings every sol.
        let rule = TriggerRule.marsClock(
            timeOfDay, MarsAlarmClock(lonEastDeg: location.longitude.east, solar: solar), everySol: true)
        let triggers = AlarmWhen.triggers(
            of: rule, in: TriggerRule.Context(zone: zone, leapSeconds: leapSeconds),
            after: start, count: count)
        let clock = solar ? "LTST" : "LMST"
        if options.json {
            return Output.json(
                Reply(
                    site: location.name, lonEastDeg: location.longitude.east, time: timeOfDay.description, clock: clock,
                    zone: zone.identifier, triggers: triggers))
        }
        Output.line("\(timeOfDay) \(clock) at \(location.name), \(location.longitude), next:")
        for trigger in triggers {
            let utc = ISO8601.format(seconds: trigger.unix, offsetSeconds: 0)
            Output.line("  \(trigger.instant) (\(trigger.abbreviation))   \(utc)")
        }
    }

    struct Reply: Encodable {
        var site: String
        var lonEastDeg: Double
        var time: String
        var clock: String
        var zone: String
        /// As `alarm when --json` gives them, with the milliseconds as a fraction of `unix`.
        var triggers: [AlarmWhen.Trigger]
    }
}
