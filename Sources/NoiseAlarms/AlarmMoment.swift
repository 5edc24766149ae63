import NoiseCore
import NoiseTime

/// When `alarm add` is told to ring, as people say it: a time (`07:00`, the next time it comes), a day and a time
/// (`today 21:30`, `tomorrow 6:30`), or a while from now (`+45m`, `+1h30m`). Pure: the client gives it the time
/// now and the zone the alarm rings in, and sends the daemon a time and, for the last two, a date.
public struct AlarmMoment: Sendable, Equatable {
    public var time: TimeOfDay
    /// The day it rings on, in its zone; nil for a plain time.
    public var date: LocalDate?

    public init(time: TimeOfDay, date: LocalDate? = nil) {
        self.time = time
        self.date = date
    }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    static let accepted =
        "use a time (07:00, 6:30am), 'today' or 'tomorrow' and a time (tomorrow 6:30), or +DURATION (+45m, +1h30m)"

    /// Reads the words. `+DURATION` is that long from `now`, to the second, on the wall clock of `zone`; in the
    /// hour a fall-back change repeats, its wall time names the first of the two instants (docs/alarms.md).
    public static func parse(_ words: [String], now: Int64, zone: ZoneRules) throws(Failure) -> AlarmMoment {
        switch words.count {
        case 1 where words[0].hasPrefix("+"):
            let seconds: Double
            do { seconds = try DurationParser.seconds(String(words[0].dropFirst())) } catch {
                throw Failure(description: "'\(words[0].prefix(40))': \(error); \(accepted)")
            }
            guard seconds >= 1, seconds <= Double(AlarmDefaults.maxRelativeAlarmDays * 86_400) else {
                throw Failure(
                    description:
                        "'\(words[0].prefix(40))' must be from 1 s to \(AlarmDefaults.maxRelativeAlarmDays) days ahead")
            }
            let at = now + Int64(seconds.rounded())
            let parts = ISO8601.Parts(unix: at, offsetSeconds: zone.offset(at: at))
            return AlarmMoment(time: parts.timeOfDay, date: LocalDate(unix: at, zone: zone))
        case 1:
            return AlarmMoment(time: try time(words[0]))
        case 2:
            let days: Int64
            switch words[0].lowercased() {
            case "today": days = 0
            case "tomorrow": days = 1
            default: throw Failure(description: "'\(words[0].prefix(40))' is not 'today' or 'tomorrow'; \(accepted)")
            }
            return AlarmMoment(time: try time(words[1]), date: LocalDate(unix: now, zone: zone).adding(days: days))
        default:
            throw Failure(
                description: words.isEmpty
                    ? "no time given; \(accepted)" : "too many words (\(words.count)); \(accepted)")
        }
    }

    private static func time(_ text: String) throws(Failure) -> TimeOfDay {
        do { return try TimeOfDay.parse(text) } catch {
            throw Failure(description: "\(error); or \(accepted.dropFirst(4))")
        }
    }
}
