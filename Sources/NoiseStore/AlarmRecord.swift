import GRDB
import NoiseCore

/// One row of the `alarm` table. The schema holds the constraints; this maps rows to `Alarm`s.
struct AlarmRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "alarm"

    var id: Int64?
    var time: String
    var enabled: Bool
    var label: String
    var repeatMask: Int
    var sound: String
    var volume: Double
    var rampSeconds: Double
    var snoozeMinutes: Int
    var ringLimitSeconds: Double
    var note: String?
    /// The instant after which the next trigger is looked for (see `AlarmSchedule`).
    var lookAfter: Int64
    var createdAt: Int64

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let lookAfter = Column(CodingKeys.lookAfter)
        static let enabled = Column(CodingKeys.enabled)
    }

    init(_ alarm: Alarm, lookAfter: Int64, createdAt: Int64) {
        id = alarm.id > 0 ? alarm.id : nil
        time = alarm.time.description
        enabled = alarm.enabled
        label = alarm.label
        repeatMask = Int(alarm.repeat.mask)
        sound = alarm.sound
        volume = alarm.volume
        rampSeconds = alarm.rampSeconds
        snoozeMinutes = alarm.snoozeMinutes
        ringLimitSeconds = alarm.ringLimitSeconds
        note = alarm.note
        self.lookAfter = lookAfter
        self.createdAt = createdAt
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The alarm this row holds; nil for a row the schema would not have let in (a corrupt time).
    var alarm: Alarm? {
        guard let id, let parsed = try? TimeOfDay.parse(time) else { return nil }
        return Alarm(id: id, time: parsed, enabled: enabled, label: label, repeat: RepeatRule(mask: UInt8(repeatMask & 0x7F)),
                     sound: sound, volume: volume, rampSeconds: rampSeconds, snoozeMinutes: snoozeMinutes,
                     ringLimitSeconds: ringLimitSeconds, note: note)
    }
}

/// One row of the `snooze` table: a snoozed alarm and when it rings again.
struct SnoozeRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "snooze"

    var alarmId: Int64
    var ringAt: Int64
    var trigger: Int64
}

/// A missed alarm, kept for `status` and `alarm missed` even if the alarm is removed later.
public struct MissedAlarm: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "missed"

    public var id: Int64?
    public var alarmId: Int64
    public var label: String
    public var trigger: Int64
    public var reason: String
    public var recordedAt: Int64

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
