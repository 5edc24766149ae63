/// When the pages wear their night look (`[clock] night`): never, between two times of day in the system's zone, or
/// from sunset to sunrise at the saved `[location]`. Parsed once, where the file is read; `NightWindow` turns it
/// into instants.
public enum NightSchedule: Sendable, Equatable, CustomStringConvertible {
    case off
    /// From `start` to `end`, minutes after local midnight; an `end` at or before `start` is the next day's.
    case hours(start: Int, end: Int)
    /// From sunset to sunrise.
    case sun

    /// What `[clock] night` accepts, in words (every error and docs/configuration.md say it).
    public static let accepted =
        "\"off\", \"sun\" (sunset to sunrise at [location]) or two times of day "
        + "like \"22:30-06:30\" in quotes"

    /// The schedule `text` names, or what is wrong with it.
    public static func parse(_ text: String) -> Result<NightSchedule, NightSchedule.Problem> {
        switch text {
        case "off": return .success(.off)
        case "sun": return .success(.sun)
        default: break
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return .failure(Problem(description: "'\(text.prefix(40))' is none of \(accepted)"))
        }
        var minutes: [Int] = []
        for part in parts {
            guard let minute = minuteOfDay(part) else {
                return .failure(Problem(description: "'\(part.prefix(20))' is not a time of day from 00:00 to 23:59"))
            }
            minutes.append(minute)
        }
        guard minutes[0] != minutes[1] else {
            return .failure(Problem(description: "the night starts and ends at the same time (\(text))"))
        }
        return .success(.hours(start: minutes[0], end: minutes[1]))
    }

    /// `HH:MM`, two digits each, 00:00 to 23:59.
    static func minuteOfDay(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            [0, 1, 3, 4].allSatisfy({ (48...57).contains(bytes[$0]) })
        else { return nil }
        let digit = { (index: Int) in Int(bytes[index]) - 48 }
        let (hour, minute) = (digit(0) * 10 + digit(1), digit(3) * 10 + digit(4))
        guard hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }

    public var description: String {
        switch self {
        case .off: "off"
        case .sun: "sun"
        case .hours(let start, let end): Self.clock(start) + "-" + Self.clock(end)
        }
    }

    static func clock(_ minute: Int) -> String {
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return two(minute / 60) + ":" + two(minute % 60)
    }

    /// Why a value is not a schedule.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }
}
