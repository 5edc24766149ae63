import MarsTime
import NoiseAlarms
import NoiseCore
import NoiseTime
/// The `alarm_*`, `snooze`, `dismiss` and `preview` commands' arguments.
enum AlarmCommandParser {
    static let changeFields = ["time", "enabled", "label", "repeat", "sound", "volume", "ramp_seconds", "snooze_minutes",
                               "ring_limit_seconds", "note", "mars_site", "mars_lon", "solar",
                               "pass_satellite", "pass_visible", "pass_min_elevation", "pass_before", "date", "zone",
                               "then_mix"]

    static func parse(name: String, args: [String: JSONValue]) throws(ProtocolError) -> Command? {
        switch name {
        case "alarm_add":
            let changes = try changes(try ArgumentReader(command: name, args: args, accepted: changeFields), command: name)
            if changes.pass != nil {
                guard changes.pass?.satellite != nil else {
                    throw ProtocolError(.invalidArgument, "alarm_add: 'pass_visible', 'pass_min_elevation' and 'pass_before' go with 'pass_satellite' (25544 for the ISS)")
                }
                guard changes.time == nil, changes.repeat == nil else {
                    throw ProtocolError(.invalidArgument, "alarm_add: a pass alarm rings before each pass: give no 'time' or 'repeat'")
                }
            } else if changes.time == nil {
                throw ProtocolError(.invalidArgument, "alarm_add needs 'time', e.g. \"07:00\" (or 'pass_satellite' for a pass alarm)")
            }
            return .alarmAdd(changes)
        case "alarm_edit":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["id"] + changeFields)
            let id = try reader.alarmID()
            guard args.contains(where: { $0.key != "id" && $0.value != .null }) else {
                throw ProtocolError(.invalidArgument, "\(name) needs something to change besides 'id'; accepted: "
                                    + changeFields.joined(separator: ", "))
            }
            return .alarmEdit(id: id, try changes(reader, command: name))
        case "alarm_enable", "alarm_disable":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["id"])
            return .alarmEnable(id: try reader.alarmID(), enabled: name == "alarm_enable")
        case "alarm_remove":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["id", "ids"])
            if args["ids"] == nil { return .alarmRemove(ids: [try reader.alarmID()], single: true) }
            guard args["id"] == nil, let ids = try reader.alarmIDs("ids") else {
                throw ProtocolError(.invalidArgument, "alarm_remove needs 'id' (an alarm id) or 'ids' (a list of them), not both")
            }
            return .alarmRemove(ids: ids, single: false)
        case "alarm_duplicate":
            return .alarmDuplicate(id: try ArgumentReader(command: name, args: args, accepted: ["id"]).alarmID())
        case "alarm_list":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["offset", "limit"])
            return .alarmList(offset: try reader.integer("offset", in: 0...Int(Int32.max)) ?? 0,
                              limit: try reader.integer("limit", in: 1...Limits.maxListPage) ?? Limits.maxListPage)
        case "alarm_show":
            return .alarmShow(id: try ArgumentReader(command: name, args: args, accepted: ["id"]).alarmID())
        case "timer_add":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["seconds", "label", "sound"])
            guard let seconds = try reader.number("seconds", in: 1...Limits.maxTimerSeconds, unit: "seconds") else {
                throw ProtocolError(.invalidArgument, "timer_add needs 'seconds' (1 to \(Limits.maxTimerSeconds.formatted))")
            }
            let label = try reader.string("label")
            if let label, let problem = AlarmChanges(label: label).problem() {
                throw ProtocolError(.invalidArgument, "timer_add: \(problem.message)")
            }
            return .timerAdd(seconds: seconds, label: label, sound: try reader.string("sound"))
        case "timer_cancel":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["ids"])
            return .timerCancel(ids: try reader.alarmIDs("ids"))
        case "snooze":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["minutes", "id"])
            return .snooze(minutes: try reader.integer("minutes", in: AlarmDefaults.snoozeRange, unit: "minutes"),
                           id: try reader.optionalAlarmID())
        case "dismiss":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["id"])
            return .dismiss(id: try reader.optionalAlarmID())
        case "preview":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["sound", "for", "volume"])
            return .preview(sound: try reader.requiredString("sound"), seconds: try reader.number("for", in: 0.1...60, unit: "seconds"),
                            volume: try reader.number("volume", in: 0...100))
        default:
            return nil
        }
    }

    /// `mars_site` (a site's name) or `mars_lon` (`77.45E`), and `solar`: the clock a Mars alarm reads.
    private static func marsClock(_ reader: ArgumentReader, command: String) throws(ProtocolError) -> MarsAlarmClock? {
        let (site, lon, solar) = (try reader.string("mars_site"), try reader.string("mars_lon"), try reader.bool("solar"))
        switch (site, lon) {
        case (nil, nil):
            guard solar == nil else { throw ProtocolError(.invalidArgument, "\(command): 'solar' goes with 'mars_site' or 'mars_lon'") }
            return nil
        case (let site?, nil):
            do { return try MarsAlarmClock.at(site: site, solar: solar ?? false) } catch {
                throw ProtocolError(error.code, "\(command): \(error.message)")
            }
        case (nil, let text?):
            guard let longitude = MarsLongitude(parsing: text) else {
                throw ProtocolError(.invalidArgument, "\(command): mars_lon '\(text.prefix(40))' is not a longitude; use \(MarsLongitude.accepted)")
            }
            return MarsAlarmClock(lonEastDeg: longitude.east, solar: solar ?? false)
        case (_?, _?):
            throw ProtocolError(.invalidArgument, "\(command): give 'mars_site' or 'mars_lon', not both")
        }
    }

    /// `pass_satellite` (a catalog number), `pass_visible`, `pass_min_elevation` (degrees), `pass_before` (seconds).
    private static func passChanges(_ reader: ArgumentReader) throws(ProtocolError) -> PassAlarmChanges? {
        let changes = PassAlarmChanges(
            satellite: try reader.integer("pass_satellite", in: PassAlarm.satelliteRange),
            visibleOnly: try reader.bool("pass_visible"),
            minElevationDeg: try reader.number("pass_min_elevation", in: PassAlarm.minElevationRange, unit: "degrees"),
            leadSeconds: try reader.number("pass_before", in: PassAlarm.leadRange, unit: "seconds"))
        return changes == PassAlarmChanges() ? nil : changes
    }

    private static func changes(_ reader: ArgumentReader, command: String) throws(ProtocolError) -> AlarmChanges {
        var changes = AlarmChanges()
        if let text = try reader.string("time") {
            do { changes.time = try TimeOfDay.parse(text) } catch { throw ProtocolError(.invalidArgument, "\(command): \(error)") }
        }
        if let text = try reader.string("repeat") {
            do { changes.repeat = try RepeatRule.parse(text) } catch { throw ProtocolError(.invalidArgument, "\(command): \(error)") }
        }
        changes.enabled = try reader.bool("enabled")
        changes.label = try reader.string("label")
        changes.sound = try reader.string("sound")
        changes.volume = try reader.number("volume", in: 0...100)
        changes.rampSeconds = try reader.number("ramp_seconds", in: AlarmDefaults.rampRange, unit: "seconds")
        changes.snoozeMinutes = try reader.integer("snooze_minutes", in: AlarmDefaults.snoozeRange, unit: "minutes")
        changes.ringLimitSeconds = try reader.number("ring_limit_seconds", in: AlarmDefaults.ringLimitRange, unit: "seconds")
        changes.note = try reader.string("note")
        changes.mars = try marsClock(reader, command: command)
        changes.pass = try passChanges(reader)
        if let text = try reader.string("date") {
            do { changes.date = .some(text.isEmpty ? nil : try LocalDate.parse(text)) } catch {
                throw ProtocolError(.invalidArgument, "\(command): date \(error) (\"\" takes the date away)")
            }
        }
        changes.zone = try reader.string("zone")
        changes.thenMix = try reader.string("then_mix")
        if let problem = changes.problem() { throw ProtocolError(problem.code, "\(command): \(problem.message)") }
        return changes
    }
}
