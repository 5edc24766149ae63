import NoiseCore
import NoiseTime

/// The settings of `alarm add` and `alarm edit`: each nil leaves the alarm's value (or the default) as it is.
/// Checked field by field so each mistake gets its own message; applying changes nothing until all pass.
public struct AlarmChanges: Sendable, Equatable, Codable {
    public var time: TimeOfDay?
    public var enabled: Bool?
    public var label: String?
    public var `repeat`: RepeatRule?
    public var sound: String?
    public var volume: Double?
    public var rampSeconds: Double?
    public var snoozeMinutes: Int?
    public var ringLimitSeconds: Double?
    /// An empty note removes the note.
    public var note: String?
    /// Makes the alarm a Mars alarm on this clock. On the wire it is `mars_site` (a site's id) or `mars_lon`, and
    /// `solar` (docs/protocol.md), which the parser resolves; not read back by `Decodable`.
    public var mars: MarsAlarmClock?
    /// A pass alarm's satellite and conditions (`pass_*` on the wire, read by the parser): with a satellite, they
    /// make a new alarm a pass alarm; on an edit they change a pass alarm's.
    public var pass: PassAlarmChanges?
    /// `.some(date)` makes it ring once on that date; `.some(nil)` takes the date away (it rings the next time its
    /// time comes). On the wire it is `date`, `YYYY-MM-DD` or "" (see `encode(to:)`); not read back by `Decodable`.
    public var date: LocalDate??
    /// An IANA zone it rings by; an empty one takes the zone away (the system's again).
    public var zone: String?
    /// A saved mix started when it is dismissed; an empty one takes it away.
    public var thenMix: String?
    /// Seconds of dawn before each ring; 0 takes the dawn away.
    public var dawnSeconds: Double?
    /// Whether it passes over the holidays file's days off.
    public var skipHolidays: Bool?
    /// A saved mix crossfading in over the dawn; an empty one takes it away.
    public var dawnMix: String?

    enum CodingKeys: String, CodingKey {
        case time, enabled, label, `repeat`, sound, volume, rampSeconds, snoozeMinutes, ringLimitSeconds, note, zone,
            thenMix, dawnSeconds, skipHolidays, dawnMix
    }

    /// The wire's names of `mars`, `pass` and `date`.
    enum ClockKeys: String, CodingKey {
        case solar, date
        case marsSite = "mars_site"
        case marsLon = "mars_lon"
        case passSatellite = "pass_satellite"
        case passVisible = "pass_visible"
        case passMinElevation = "pass_min_elevation"
        case passBefore = "pass_before"
    }

    public init(
        time: TimeOfDay? = nil, enabled: Bool? = nil, label: String? = nil, repeat rule: RepeatRule? = nil,
        sound: String? = nil, volume: Double? = nil, rampSeconds: Double? = nil, snoozeMinutes: Int? = nil,
        ringLimitSeconds: Double? = nil, note: String? = nil,
        mars: MarsAlarmClock? = nil, pass: PassAlarmChanges? = nil, date: LocalDate?? = nil, zone: String? = nil,
        thenMix: String? = nil, dawnSeconds: Double? = nil, skipHolidays: Bool? = nil, dawnMix: String? = nil
    ) {
        self.time = time
        self.enabled = enabled
        self.label = label
        self.repeat = rule
        self.sound = sound
        self.volume = volume
        self.rampSeconds = rampSeconds
        self.snoozeMinutes = snoozeMinutes
        self.ringLimitSeconds = ringLimitSeconds
        self.note = note
        self.mars = mars
        self.pass = pass
        self.date = date
        self.zone = zone
        self.thenMix = thenMix
        self.dawnSeconds = dawnSeconds
        self.skipHolidays = skipHolidays
        self.dawnMix = dawnMix
    }

    /// Every setting of `alarm`, to add it again as it is (`alarm import` of an export): a pass alarm's `time` and
    /// `repeat` are left out, as `alarm_add` takes none for one. The one conversion of an alarm back to settings.
    public init(restoring alarm: Alarm) {
        let fields = AlarmRuleFields(alarm.rule)
        let pass = fields.pass.map {
            PassAlarmChanges(
                satellite: $0.satellite, visibleOnly: $0.visibleOnly, minElevationDeg: $0.minElevationDeg,
                leadSeconds: $0.leadSeconds)
        }
        self.init(
            time: pass == nil ? fields.time : nil, enabled: alarm.enabled, label: alarm.label,
            repeat: pass == nil ? fields.repeat : nil, sound: alarm.sound, volume: alarm.volume,
            rampSeconds: alarm.rampSeconds, snoozeMinutes: alarm.snoozeMinutes,
            ringLimitSeconds: alarm.ringLimitSeconds, note: alarm.note, mars: fields.mars, pass: pass,
            date: fields.date.map { .some($0) }, zone: fields.zone, thenMix: alarm.thenMix,
            dawnSeconds: alarm.dawnSeconds, skipHolidays: alarm.skipHolidays, dawnMix: alarm.dawnMix)
    }

    /// As `alarm_add` and `alarm_edit` take them: the settings by their names, a Mars clock as its site's id or its
    /// longitude east (every digit, so it comes back the same), the pass settings as `pass_*`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encodeIfPresent(enabled, forKey: .enabled)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(self.repeat, forKey: .repeat)
        try container.encodeIfPresent(sound, forKey: .sound)
        try container.encodeIfPresent(volume, forKey: .volume)
        try container.encodeIfPresent(rampSeconds, forKey: .rampSeconds)
        try container.encodeIfPresent(snoozeMinutes, forKey: .snoozeMinutes)
        try container.encodeIfPresent(ringLimitSeconds, forKey: .ringLimitSeconds)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(zone, forKey: .zone)
        try container.encodeIfPresent(thenMix, forKey: .thenMix)
        try container.encodeIfPresent(dawnSeconds, forKey: .dawnSeconds)
        try container.encodeIfPresent(skipHolidays, forKey: .skipHolidays)
        try container.encodeIfPresent(dawnMix, forKey: .dawnMix)
        var clock = encoder.container(keyedBy: ClockKeys.self)
        if let date { try clock.encode(date?.description ?? "", forKey: .date) }
        if let mars {
            if let site = mars.site {
                try clock.encode(site, forKey: .marsSite)
            } else {
                try clock.encode(mars.lonEastDeg.description, forKey: .marsLon)
            }
            try clock.encode(mars.solar, forKey: .solar)
        }
        try clock.encodeIfPresent(pass?.satellite, forKey: .passSatellite)
        try clock.encodeIfPresent(pass?.visibleOnly, forKey: .passVisible)
        try clock.encodeIfPresent(pass?.minElevationDeg, forKey: .passMinElevation)
        try clock.encodeIfPresent(pass?.leadSeconds, forKey: .passBefore)
    }

    /// The first problem with these settings, as an `invalid_argument` error, or nil. Sound ids are checked
    /// against the catalog by the caller.
    public func problem() -> ProtocolError? {
        func invalid(_ text: String) -> ProtocolError { ProtocolError(.invalidArgument, text) }
        if let label, let reason = Self.textProblem(label, max: AlarmDefaults.maxLabelLength) {
            return invalid("label \(reason)")
        }
        if let note, let reason = Self.textProblem(note, max: AlarmDefaults.maxNoteLength) {
            return invalid("note \(reason)")
        }
        if let volume, !(volume.isFinite && (0...100).contains(volume)) {
            return invalid("volume must be 0 to 100, got \(volume.formatted)")
        }
        if let rampSeconds, !(rampSeconds.isFinite && AlarmDefaults.rampRange.contains(rampSeconds)) {
            return invalid(
                "ramp must be 0 to \(AlarmDefaults.rampRange.upperBound.formatted) seconds (0 for none), got \(rampSeconds.formatted)"
            )
        }
        if let snoozeMinutes, !AlarmDefaults.snoozeRange.contains(snoozeMinutes) {
            return invalid(
                "snooze must be 1 to 60 minutes (for example \(AlarmDefaults.suggestedSnoozeMinutes.map(String.init).joined(separator: ", "))), got \(snoozeMinutes)"
            )
        }
        if let ringLimitSeconds, !(ringLimitSeconds.isFinite && AlarmDefaults.ringLimitRange.contains(ringLimitSeconds))
        {
            return invalid("ring-for must be 10 s to 2 h, got \(DurationParser.describe(ringLimitSeconds))")
        }
        if let dawnSeconds, !(dawnSeconds.isFinite && AlarmDefaults.dawnRange.contains(dawnSeconds)) {
            return invalid(
                "dawn must be 0 (none) to \(DurationParser.describe(AlarmDefaults.dawnRange.upperBound)), e.g. 30m; "
                    + "got \(dawnSeconds.formatted) seconds")
        }
        return nil
    }

    /// A new alarm: these changes over the template's defaults; nil without a time. Throws when the settings make
    /// no one kind of alarm (a Mars clock and a date).
    public func newAlarm(id: Int64, template: AlarmTemplate = AlarmTemplate()) throws(AlarmRuleFields.Problem) -> Alarm?
    {
        if let satellite = pass?.satellite {
            // A pass alarm has no time of its own: it rings before each pass.
            let made = pass?.applied(to: PassAlarm(satellite: satellite))
            return try applied(to: template.alarm(id: id, time: TimeOfDay(hour: 0, minute: 0)), making: made)
        }
        guard let time else { return nil }
        return try applied(to: template.alarm(id: id, time: time))
    }

    /// The alarm with these changes; its rule is changed in the wire's flat fields, which the settings are, and
    /// made again from them. Throws when they make no one kind of alarm.
    public func applied(to alarm: Alarm) throws(AlarmRuleFields.Problem) -> Alarm {
        try applied(to: alarm, making: nil)
    }

    private func applied(to alarm: Alarm, making newPass: PassAlarm?) throws(AlarmRuleFields.Problem) -> Alarm {
        var result = alarm
        var fields = AlarmRuleFields(alarm.rule)
        if let time { fields.time = time }
        if let rule = self.repeat { fields.repeat = rule }
        if let mars { fields.mars = mars }
        if let newPass {
            fields.pass = newPass
        } else if let pass, let existing = fields.pass {
            fields.pass = pass.applied(to: existing)
        }
        if let date { fields.date = date }
        if let zone { fields.zone = zone.isEmpty ? nil : zone }
        result.rule = try fields.rule()
        if let enabled { result.enabled = enabled }
        if let label { result.label = label }
        if let sound { result.sound = sound }
        if let volume { result.volume = volume }
        if let rampSeconds { result.rampSeconds = rampSeconds }
        if let snoozeMinutes { result.snoozeMinutes = snoozeMinutes }
        if let ringLimitSeconds { result.ringLimitSeconds = ringLimitSeconds }
        if let note { result.note = note.isEmpty ? nil : note }
        if let thenMix { result.thenMix = thenMix.isEmpty ? nil : thenMix }
        if let dawnSeconds { result.dawnSeconds = dawnSeconds }
        if let skipHolidays { result.skipHolidays = skipHolidays }
        if let dawnMix { result.dawnMix = dawnMix.isEmpty ? nil : dawnMix }
        return result
    }

    static func textProblem(_ text: String, max: Int) -> String? {
        if text.count > max { return "is longer than \(max) characters" }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            return "must not contain control characters"
        }
        return nil
    }
}
