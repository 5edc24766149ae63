import NoiseCore

/// `noisectl alarm export`'s file, which `alarm import` reads back: an object with a format marker and version
/// and the alarms, each in the protocol's alarm encoding without its id (the store gives new ones), one a line:
///
///     {"format":"noiseclock-alarms","version":1,"alarms":[
///     {"enabled":true,"label":"Work",…},
///     {…}
///     ]}
///
/// Built on `Alarm`'s own Codable encoding, so a field added to `Alarm` is in the file and read back with no change
/// here. Timers are left out: they are minutes long, not what a backup keeps. Pure: the client does the I/O.
public enum AlarmBackup {
    public static let format = "noiseclock-alarms"
    /// The version this code writes and the newest it reads.
    public static let version = 1

    /// The keys an entry leaves out: the id is the store's, and `fires_at` is set only on timers.
    static let omittedKeys: Set<String> = ["id", "fires_at"]

    /// What comes before the first entry.
    public static var head: [UInt8] { Array("{\"format\":\"\(format)\",\"version\":\(version),\"alarms\":[\n".utf8) }
    /// What comes after the last.
    public static let tail = Array("]}\n".utf8)

    /// Whether the alarm belongs in a backup: every alarm but a timer.
    public static func keeps(_ alarm: Alarm) -> Bool { !alarm.isTimer }

    /// One entry, as one line without its separator.
    public static func entry(_ alarm: Alarm) -> [UInt8] {
        guard case .object(var fields) = JSONValue(encoding: alarm) else { return [] }
        omittedKeys.forEach { fields[$0] = nil }
        return (try? JSONCoding.line(JSONValue.object(fields))) ?? []
    }

    /// The keys an entry may have: those of `Alarm`'s encoding (its optionals are written as null, so all are
    /// there) but the omitted ones.
    static let knownKeys: Set<String> = {
        guard case .object(let fields) = JSONValue(encoding: Alarm(id: 0, time: TimeOfDay(hour: 0, minute: 0))) else {
            return []
        }
        return Set(fields.keys).subtracting(omittedKeys)
    }()

    /// Reads an export (`fields` is its top-level object) into the settings for `alarm_add`: each alarm with every
    /// field set, so the one added is the one exported. The file is refused whole (one `Skipped` with no index) when
    /// it is of another format, a newer version, or any entry is not an alarm: a backup is restored as it was or
    /// not at all. A file of the app's shape is `LegacyAlarmImport`'s.
    static func report(_ fields: [String: JSONValue]) -> LegacyAlarmImport.Report {
        var report = LegacyAlarmImport.Report()
        report.whole = true
        do throws(LegacyAlarmImport.Refusal) {
            for (index, entry) in try entries(fields).enumerated() {
                report.alarms.append(try alarm(entry, index: index))
                report.sources.append(index)
            }
        } catch {
            report = LegacyAlarmImport.Report()
            report.skipped = [.init(index: nil, reason: error.reason)]
        }
        return report
    }

    private static func entries(_ fields: [String: JSONValue]) throws(LegacyAlarmImport.Refusal) -> [JSONValue] {
        guard fields["format"] == .string(format) else {
            let found = fields["format"].map {
                if case .string(let text) = $0 { "'\(text.prefix(40))'" } else { $0.typeName }
            }
            throw .init(
                "the file is an object but not an alarm export: its 'format' is \(found ?? "missing"), "
                    + "not '\(format)' (or give the iPhone app's array of alarms)")
        }
        guard case .number(let number)? = fields["version"], number >= 1, number == number.rounded() else {
            throw .init(
                "the export's 'version' must be a whole number from 1, not \(fields["version"]?.shown ?? "missing")")
        }
        guard number <= Double(version) else {
            throw .init(
                "the export is version \(Int(number)); this noisectl reads version \(version): update noisectl to import it"
            )
        }
        guard case .array(let entries)? = fields["alarms"] else {
            throw .init(
                "the export's 'alarms' must be a list of alarms, not \(fields["alarms"]?.typeName ?? "missing")")
        }
        if let extra = Set(fields.keys).subtracting(["format", "version", "alarms"]).sorted().first {
            throw .init("the export has a field '\(extra.prefix(40))' that version \(version) does not have")
        }
        return entries
    }

    /// One entry as the settings of the alarm it was; an unknown field or a wrong value refuses it.
    private static func alarm(_ entry: JSONValue, index: Int) throws(LegacyAlarmImport.Refusal) -> AlarmChanges {
        guard case .object(var fields) = entry else {
            throw .init("entry \(index): not an alarm object but \(entry.typeName)")
        }
        if let extra = Set(fields.keys).subtracting(knownKeys).sorted().first {
            throw .init("entry \(index): '\(extra.prefix(40))' is not a field of an alarm")
        }
        fields["id"] = .number(0)
        let alarm: Alarm
        do {
            alarm = try JSONCoding.decode(Alarm.self, from: try JSONCoding.line(JSONValue.object(fields)))
        } catch {
            throw .init("entry \(index): \(JSONCoding.reason(error))")
        }
        let changes = AlarmChanges(restoring: alarm)
        if let problem = alarm.ruleProblem ?? changes.problem()?.message { throw .init("entry \(index): \(problem)") }
        return changes
    }
}

extension JSONValue {
    /// A value's protocol encoding as a `JSONValue`; `.null` if it cannot be encoded (the alarm always can).
    init(encoding value: some Encodable) {
        self = (try? JSONCoding.line(value)).flatMap { try? JSONCoding.decode(JSONValue.self, from: $0) } ?? .null
    }
}
