import NoiseCore
import NoiseTime

/// Reads the alarms the original iPhone app saved (a JSON array) as settings for `alarm_add`; an object is
/// `noisectl alarm export`'s file, read by `AlarmBackup`. Pure: the client reads the file and sends the alarms. Each field, its older forms and what becomes of it are described in
/// docs/alarms.md, "Importing from the iPhone app".
///
/// An entry that cannot be imported faithfully is skipped with a reason rather than guessed at; what is imported
/// with a difference (an unknown sound, vibration) is imported and reported in a note.
public enum LegacyAlarmImport {
    public struct Skipped: Sendable, Equatable, Codable {
        /// The entry's position in the array, counting from 0; nil (`null` in JSON) when the file as a whole is
        /// refused.
        @ExplicitNull public var index: Int?
        public var reason: String

        public init(index: Int?, reason: String) {
            self.index = index
            self.reason = reason
        }
    }

    public struct Report: Sendable, Equatable {
        /// Each with time, enabled, label, repeat, sound, volume and snooze set; the rest take our defaults.
        public var alarms: [AlarmChanges] = []
        /// For each of `alarms`, its entry's position in the array, so later failures can name the entry.
        public var sources: [Int] = []
        public var skipped: [Skipped] = []
        /// Differences people should know about, one line each.
        public var notes: [String] = []
        /// Whether each of `alarms` has every field set (an export's): an alarm is then there already only when
        /// every field is the same, not just its time, days, label and sound.
        public var whole = false

        public init() {}
    }

    /// The app's sound names, lowercased with only letters kept, and the catalog ids that match them.
    static let sounds: [String: String] = [
        "classic": "classic", "digitalalarm": "digital", "digital": "digital", "beep": "beep", "siren": "siren",
        "chime": "chime", "wakeup": "wakeup",
    ]

    /// Parses the file's bytes. `zone` is where the alarms will ring: a `date` written in UTC is read on its clock.
    public static func parse(_ bytes: [UInt8], zone: ZoneRules = .utc) -> Report {
        var report = Report()
        let value: JSONValue
        do {
            // Keys stay as the app wrote them (camelCase): the reader converts none.
            value = try JSONCoding.decode(JSONValue.self, from: bytes)
        } catch {
            let blank = bytes.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            report.skipped.append(
                Skipped(index: nil, reason: blank ? "the file is empty" : "the file is not valid JSON"))
            return report
        }
        if case .object(let fields) = value { return AlarmBackup.report(fields) }
        guard case .array(let entries) = value else {
            let reason = "the file holds \(value.typeName), not the array of alarms the app saves nor an alarm export"
            report.skipped.append(Skipped(index: nil, reason: reason))
            return report
        }
        var vibrating: [Int] = []
        for (index, entry) in entries.enumerated() {
            do throws(Refusal) {
                let (changes, notes) = try alarm(from: entry, zone: zone)
                report.alarms.append(changes)
                report.sources.append(index)
                report.notes += notes.map { "entry \(index): \($0)" }
                if case .object(let fields) = entry, fields["vibration"] == .bool(true) { vibrating.append(index) }
            } catch {
                report.skipped.append(Skipped(index: index, reason: error.reason))
            }
        }
        if !vibrating.isEmpty {
            let entries = vibrating.map(String.init).joined(separator: ", ")
            let noun = vibrating.count == 1 ? "entry" : "entries"
            report.notes.append("vibration is not imported (noised only rings): \(noun) \(entries)")
        }
        return report
    }

    struct Refusal: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One entry's settings and its notes, or why it cannot be imported.
    static func alarm(from value: JSONValue, zone: ZoneRules) throws(Refusal) -> (AlarmChanges, [String]) {
        guard case .object(let fields) = value else { throw Refusal("not an object but \(value.typeName)") }
        var notes: [String] = []
        let time = try timeOfDay(fields, zone: zone, notes: &notes)
        let enabled = try field(fields, "enabled", "true or false") {
            if case .bool(let flag) = $0 { flag } else { nil }
        }
        let label = try field(fields, "label", "a string") { if case .string(let text) = $0 { text } else { nil } }
        let rule = try repeatRule(fields)
        let sound = try soundID(fields, notes: &notes)
        let volume = try field(fields, "volume", "a number from 0.0 to 1.0") { value -> Double? in
            guard case .number(let level) = value, (0...1).contains(level) else { return nil }
            return (level * 1000).rounded() / 10
        }
        let snooze = try field(fields, "snoozeMinutes", "a whole number of minutes from 1 to 60") { value -> Int? in
            guard let minutes = integer(value), AlarmDefaults.snoozeRange.contains(minutes) else { return nil }
            return minutes
        }
        let changes = AlarmChanges(
            time: time, enabled: enabled ?? true, label: label ?? "", repeat: rule, sound: sound,
            volume: volume ?? AlarmDefaults.volume, snoozeMinutes: snooze ?? AlarmDefaults.snoozeMinutes)
        if let problem = changes.problem() { throw Refusal(problem.message) }
        return (changes, notes)
    }

    /// From `time` ("07:30" or {"hour": 7, "minute": 30}); else from the older `date`, an ISO-8601 timestamp whose
    /// local time of day is the alarm's time. A date in UTC (`Z`, as Swift's `.iso8601` strategy writes it) shows
    /// no local time, so it is read on `zone`'s clock; any other offset is the phone's, and its wall time is kept.
    static func timeOfDay(
        _ fields: [String: JSONValue], zone: ZoneRules,
        notes: inout [String]
    ) throws(Refusal) -> TimeOfDay {
        switch (fields["time"], fields["date"]) {
        case (.string(let text)?, _):
            do {
                return try TimeOfDay.parse(text)
            } catch {
                throw Refusal("time '\(text.prefix(40))' is not a time of day (\(error.reason))")
            }
        case (.object(let parts)?, _):
            // The minute may be left out (on the hour); the hour may not.
            let minute = parts["minute"] ?? .number(0)
            guard let hour = parts["hour"].flatMap(integer), (0...23).contains(hour),
                let minute = integer(minute), (0...59).contains(minute)
            else {
                throw Refusal(
                    "time must be an object like {\"hour\": 7, \"minute\": 30} with hour 0 to 23 and minute 0 to 59")
            }
            return TimeOfDay(hour: hour, minute: minute)
        case (let time?, _) where time != .null:
            throw Refusal(
                "time must be \"HH:mm\" or an object like {\"hour\": 7, \"minute\": 30}, not \(time.typeName)")
        case (_, .string(let text)?):
            guard let parts = ISO8601.parts(text) else {
                throw Refusal(
                    "date '\(text.prefix(40))' is not an ISO-8601 date and time like 2019-05-01T07:30:00+02:00")
            }
            guard parts.offsetSeconds == 0, let instant = parts.instant else { return parts.timeOfDay }
            let offset = zone.offset(at: instant)
            let local = ISO8601.Parts(unix: instant, offsetSeconds: offset).timeOfDay
            if offset != 0 {
                notes.append("date '\(text)' is in UTC; the alarm rings at its time in \(zone.identifier), \(local)")
            }
            return local
        case (_, let date?) where date != .null:
            throw Refusal("date must be an ISO-8601 string, not \(date.typeName)")
        default:
            throw Refusal("it has no time (neither 'time' nor 'date')")
        }
    }

    /// The app's `repeatWeekdays` counts like Apple's Calendar, 1 = Sunday ... 7 = Saturday; ours is ISO.
    static func repeatRule(_ fields: [String: JSONValue]) throws(Refusal) -> RepeatRule {
        guard let value = fields["repeatWeekdays"], value != .null else { return .once }
        let expected = "repeatWeekdays must be a list of days from 1 (Sunday) to 7 (Saturday)"
        guard case .array(let items) = value else { throw Refusal("\(expected), not \(value.typeName)") }
        var days: [Weekday] = []
        for item in items {
            guard let day = integer(item), (1...7).contains(day) else {
                throw Refusal("\(expected); it holds \(item.shown)")
            }
            days.append(Weekday(rawValue: day == 1 ? 7 : day - 1)!)
        }
        return RepeatRule(days)
    }

    static func soundID(_ fields: [String: JSONValue], notes: inout [String]) throws(Refusal) -> String {
        let name = try field(fields, "soundName", "a string") { if case .string(let text) = $0 { text } else { nil } }
        guard let name else { return AlarmDefaults.sound }
        if let id = sounds[String(name.lowercased().filter { $0.isLetter })] { return id }
        notes.append("sound '\(name.prefix(40))' is not one of ours; it rings with \(AlarmDefaults.sound)")
        return AlarmDefaults.sound
    }

    /// A field read by `read`; nil when absent or null; a refusal naming what was expected when `read` fails.
    static func field<T>(
        _ fields: [String: JSONValue], _ name: String, _ expected: String,
        _ read: (JSONValue) -> T?
    ) throws(Refusal) -> T? {
        guard let value = fields[name], value != .null else { return nil }
        guard let result = read(value) else { throw Refusal("\(name) must be \(expected), not \(value.shown)") }
        return result
    }

    static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}

extension JSONValue {
    /// A short rendering for a message: numbers and short strings as written, anything else by its type.
    var shown: String {
        switch self {
        case .number(let number): number.formatted
        case .string(let text) where text.count <= 40: "'\(text)'"
        case .bool(let flag): String(flag)
        default: typeName
        }
    }
}
