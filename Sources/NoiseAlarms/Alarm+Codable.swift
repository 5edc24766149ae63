import NoiseCore
import NoiseTime

/// The wire's alarm object (docs/protocol.md): the rule spelled as the flat fields it has always had
/// (`AlarmRuleFields`), every optional written as an explicit null, so scripts can test every documented key.
extension Alarm: Codable {
    enum CodingKeys: String, CodingKey {
        case id, time, enabled, label, `repeat`, sound, volume, rampSeconds, snoozeMinutes, ringLimitSeconds, note
        case firesAt, mars, pass, date, zone, thenMix, dawnSeconds, skipHolidays, dawnMix
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = AlarmRuleFields(
            time: try container.decode(TimeOfDay.self, forKey: .time),
            repeat: try container.decode(RepeatRule.self, forKey: .repeat),
            firesAt: try container.decodeIfPresent(Int64.self, forKey: .firesAt),
            mars: try container.decodeIfPresent(MarsAlarmClock.self, forKey: .mars),
            pass: try container.decodeIfPresent(PassAlarm.self, forKey: .pass),
            date: try container.decodeIfPresent(LocalDate.self, forKey: .date),
            zone: try container.decodeIfPresent(String.self, forKey: .zone))
        let rule: TriggerRule
        do { rule = try fields.rule() } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
        self.init(
            id: try container.decode(Int64.self, forKey: .id), rule: rule,
            enabled: try container.decode(Bool.self, forKey: .enabled),
            label: try container.decode(String.self, forKey: .label),
            sound: try container.decode(String.self, forKey: .sound),
            volume: try container.decode(Double.self, forKey: .volume),
            rampSeconds: try container.decode(Double.self, forKey: .rampSeconds),
            snoozeMinutes: try container.decode(Int.self, forKey: .snoozeMinutes),
            ringLimitSeconds: try container.decode(Double.self, forKey: .ringLimitSeconds),
            note: try container.decodeIfPresent(String.self, forKey: .note),
            thenMix: try container.decodeIfPresent(String.self, forKey: .thenMix),
            // An export from before dawns has none.
            dawnSeconds: try container.decodeIfPresent(Double.self, forKey: .dawnSeconds) ?? 0,
            // Nor from before holidays.
            skipHolidays: try container.decodeIfPresent(Bool.self, forKey: .skipHolidays) ?? false,
            dawnMix: try container.decodeIfPresent(String.self, forKey: .dawnMix))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let fields = AlarmRuleFields(rule)
        try container.encode(id, forKey: .id)
        try container.encode(fields.time, forKey: .time)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(label, forKey: .label)
        try container.encode(fields.repeat, forKey: .repeat)
        try container.encode(sound, forKey: .sound)
        try container.encode(volume, forKey: .volume)
        try container.encode(rampSeconds, forKey: .rampSeconds)
        try container.encode(snoozeMinutes, forKey: .snoozeMinutes)
        try container.encode(ringLimitSeconds, forKey: .ringLimitSeconds)
        try container.encode(ExplicitNull(wrappedValue: note), forKey: .note)
        try container.encode(ExplicitNull(wrappedValue: fields.firesAt), forKey: .firesAt)
        try container.encode(ExplicitNull(wrappedValue: fields.mars), forKey: .mars)
        try container.encode(ExplicitNull(wrappedValue: fields.pass), forKey: .pass)
        try container.encode(ExplicitNull(wrappedValue: fields.date), forKey: .date)
        try container.encode(ExplicitNull(wrappedValue: fields.zone), forKey: .zone)
        try container.encode(ExplicitNull(wrappedValue: thenMix), forKey: .thenMix)
        try container.encode(dawnSeconds, forKey: .dawnSeconds)
        try container.encode(skipHolidays, forKey: .skipHolidays)
        try container.encode(ExplicitNull(wrappedValue: dawnMix), forKey: .dawnMix)
    }
}
