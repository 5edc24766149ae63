import MarsTime
import NoiseAlarms
import NoiseCore
import NoiseTime

/// The settings `alarm_add` and `alarm_edit` share, read into `AlarmChanges`.
enum AlarmChangesReader {
    static let fields = [
        "time", "enabled", "label", "repeat", "sound", "volume", "ramp_seconds", "snooze_minutes",
        "ring_limit_seconds", "note", "mars_site", "mars_lon", "solar",
        "pass_satellite", "pass_visible", "pass_min_elevation", "pass_before", "date", "zone",
        "then_mix", "dawn_seconds", "skip_holidays", "dawn_mix",
    ]

    /// `mars_site` (a site's name) or `mars_lon` (`77.45E`), and `solar`: the clock a Mars alarm reads.
    private static func marsClock(_ reader: ArgumentReader, command: String) throws(ProtocolError) -> MarsAlarmClock? {
        let (site, lon, solar) = (
            try reader.string("mars_site"), try reader.string("mars_lon"), try reader.bool("solar")
        )
        switch (site, lon) {
        case (nil, nil):
            guard solar == nil else {
                throw ProtocolError(.invalidArgument, "\(command): 'solar' goes with 'mars_site' or 'mars_lon'")
            }
            return nil
        case (let site?, nil):
            do { return try MarsAlarmClock.at(site: site, solar: solar ?? false) } catch {
                throw ProtocolError(error.code, "\(command): \(error.message)")
            }
        case (nil, let text?):
            guard let longitude = MarsLongitude(parsing: text) else {
                throw ProtocolError(
                    .invalidArgument,
                    "\(command): mars_lon '\(text.prefix(40))' is not a longitude; use \(MarsLongitude.accepted)")
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

    static func changes(_ reader: ArgumentReader, command: String) throws(ProtocolError) -> AlarmChanges {
        var changes = AlarmChanges()
        if let text = try reader.string("time") {
            do { changes.time = try TimeOfDay.parse(text) } catch {
                throw ProtocolError(.invalidArgument, "\(command): \(error)")
            }
        }
        if let text = try reader.string("repeat") {
            do { changes.repeat = try RepeatRule.parse(text) } catch {
                throw ProtocolError(.invalidArgument, "\(command): \(error)")
            }
        }
        changes.enabled = try reader.bool("enabled")
        changes.label = try reader.string("label")
        changes.sound = try reader.string("sound")
        changes.volume = try reader.number("volume", in: 0...100)
        changes.rampSeconds = try reader.number("ramp_seconds", in: AlarmDefaults.rampRange, unit: "seconds")
        changes.snoozeMinutes = try reader.integer("snooze_minutes", in: AlarmDefaults.snoozeRange, unit: "minutes")
        changes.ringLimitSeconds = try reader.number(
            "ring_limit_seconds", in: AlarmDefaults.ringLimitRange, unit: "seconds")
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
        changes.dawnSeconds = try reader.number("dawn_seconds", in: AlarmDefaults.dawnRange, unit: "seconds")
        changes.skipHolidays = try reader.bool("skip_holidays")
        changes.dawnMix = try reader.string("dawn_mix")
        if let problem = changes.problem() { throw ProtocolError(problem.code, "\(command): \(problem.message)") }
        return changes
    }
}
