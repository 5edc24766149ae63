import ArgumentParser
import MarsTime
import NoiseAlarms
import NoiseCore
import NoiseSystem
import NoiseTime

/// Option values read once, as the command line is parsed (argument-parser's `transform:`): a bad one is a usage
/// error (exit 2) that names the option, what was given and what is accepted, and `validate()` and `run()` get
/// the value itself, never the text to parse again.
enum OptionValue {
    /// A duration with its unit: 500ms, 2s, 1h30m.
    static func duration(_ text: String) throws -> Double {
        do { return try DurationParser.seconds(text) } catch { throw ValidationError("\(error)") }
    }

    /// A timer's length (`play --for`, `timer`): a duration with its unit, 1 s to 24 h.
    static func timerLength(_ text: String) throws -> Double {
        let seconds = try duration(text)
        guard (1...Limits.maxTimerSeconds).contains(seconds) else {
            throw ValidationError("a timer's length must be from 1 s to 24 h, got \(text)")
        }
        return seconds
    }

    /// A time of day: 07:00, 7am, 7:30pm, 19:30, 07:00:30.
    static func timeOfDay(_ text: String) throws -> TimeOfDay {
        do { return try TimeOfDay.parse(text) } catch { throw ValidationError("\(error)") }
    }

    /// A repeat rule: once, daily, weekdays, mon,wed,fri, sols…
    static func repeatRule(_ text: String) throws -> RepeatRule {
        do { return try RepeatRule.parse(text) } catch { throw ValidationError("\(error)") }
    }

    /// A calendar date, YYYY-MM-DD.
    static func date(_ text: String) throws -> LocalDate {
        do { return try LocalDate.parse(text) } catch { throw ValidationError("\(error)") }
    }

    /// A time zone of the system's tz database; an unknown one gets the close names suggested.
    static func zone(_ name: String) throws -> ZoneRules {
        let zones = World.zoneSource
        do { return try zones.zone(named: name) } catch {
            throw ValidationError(ZoneName.unknownMessage(name, among: zones.identifiers()))
        }
    }
}

/// `--repeat`'s value for an alarm: the rule, and whether it said sols, which reads as daily but only a Mars alarm
/// has.
struct RepeatChoice: Sendable, Equatable {
    var rule: RepeatRule
    var saysSols: Bool

    static func parse(_ text: String) throws -> RepeatChoice {
        RepeatChoice(rule: try OptionValue.repeatRule(text), saysSols: MarsOptions.meansSols(text))
    }
}

/// `--mars`'s value: a library site (by any of its names) or a longitude, resolved once as the command line is read.
/// Each case keeps the text given: a longitude's request carries it as written (`mars_lon`), and `mars --site`
/// saves it as `[mars] site` in the user's own words.
enum MarsPlace: Sendable {
    case site(MarsSite, text: String)
    case longitude(MarsLongitude, text: String)

    static func parse(_ text: String) throws -> MarsPlace {
        if let longitude = MarsLongitude(parsing: text) { return .longitude(longitude, text: text) }
        switch MarsSite.named(text) {
        case .success(let site): return .site(site, text: text)
        case .failure(let problem):
            throw ValidationError("\(problem.message); or a longitude, \(MarsLongitude.accepted)")
        }
    }

    /// A longitude only (`mars --lon`).
    static func longitude(_ text: String) throws -> MarsPlace {
        guard let longitude = MarsLongitude(parsing: text) else {
            throw ValidationError("'\(text.prefix(40))' is not a longitude; use \(MarsLongitude.accepted)")
        }
        return .longitude(longitude, text: text)
    }

    var text: String {
        switch self {
        case .site(_, let text), .longitude(_, let text): text
        }
    }

    var location: MarsLocation {
        switch self {
        case .site(let site, _): MarsLocation(site)
        case .longitude(let longitude, _): MarsLocation(longitude)
        }
    }

    func clock(solar: Bool) -> MarsAlarmClock {
        switch self {
        case .site(let site, _): MarsAlarmClock(site: site.id, lonEastDeg: site.longitude.east, solar: solar)
        case .longitude(let longitude, _): MarsAlarmClock(lonEastDeg: longitude.east, solar: solar)
        }
    }
}
