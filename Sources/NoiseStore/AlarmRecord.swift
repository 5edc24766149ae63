import NoiseAlarms
import NoiseCore
import NoiseSQLite
import NoiseTime

/// One row of the `alarm` table. The schema holds the constraints; this maps rows to `Alarm`s. Each column is
/// written as the type GRDB's record encoding gave it (a `Bool` the integer 0 or 1, a `Double` a real).
struct AlarmRecord {
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
    var firesAt: Int64?
    /// A Mars alarm's clock (v3): a site's id or nil, its east longitude, and whether it is true solar time.
    var marsSite: String?
    var marsLonEast: Double?
    var marsSolar: Bool?
    /// A pass alarm's satellite and conditions (v4).
    var passSatellite: Int?
    var passVisible: Bool?
    var passMinElevation: Double?
    var passLeadSeconds: Double?
    /// A once alarm's date, the zone it rings by, the mix started when it is dismissed (v7).
    var date: String?
    var zone: String?
    var thenMix: String?
    /// Seconds of dawn before each ring, 0 for none (v9).
    var dawnSeconds: Double
    /// Whether it passes over the holidays file's days off (v11).
    var skipHolidays: Bool
    /// The saved mix crossfading in over the dawn (v12).
    var dawnMix: String?
    /// The instant after which the next trigger is looked for (see `AlarmSchedule`); fractional for a Mars alarm.
    var lookAfter: Double
    var createdAt: Int64

    init(_ alarm: Alarm, lookAfter: Double, createdAt: Int64) {
        id = alarm.id > 0 ? alarm.id : nil
        // The rule as the table's flat columns, which it has had since before the rule was a type.
        let fields = AlarmRuleFields(alarm.rule)
        time = fields.time.description
        enabled = alarm.enabled
        label = alarm.label
        repeatMask = Int(fields.repeat.mask)
        sound = alarm.sound
        volume = alarm.volume
        rampSeconds = alarm.rampSeconds
        snoozeMinutes = alarm.snoozeMinutes
        ringLimitSeconds = alarm.ringLimitSeconds
        note = alarm.note
        firesAt = fields.firesAt
        marsSite = fields.mars?.site
        marsLonEast = fields.mars?.lonEastDeg
        marsSolar = fields.mars?.solar
        passSatellite = fields.pass?.satellite
        passVisible = fields.pass?.visibleOnly
        passMinElevation = fields.pass?.minElevationDeg
        passLeadSeconds = fields.pass?.leadSeconds
        date = fields.date?.description
        zone = fields.zone
        thenMix = alarm.thenMix
        dawnSeconds = alarm.dawnSeconds
        skipHolidays = alarm.skipHolidays
        dawnMix = alarm.dawnMix
        self.lookAfter = lookAfter
        self.createdAt = createdAt
    }

    /// Every column but `id`, in the order `values` gives them.
    private static let columns = [
        "time", "enabled", "label", "repeatMask", "sound", "volume", "rampSeconds", "snoozeMinutes",
        "ringLimitSeconds", "note", "firesAt", "marsSite", "marsLonEast", "marsSolar", "passSatellite", "passVisible",
        "passMinElevation", "passLeadSeconds", "date", "zone", "thenMix", "dawnSeconds", "skipHolidays", "dawnMix",
        "lookAfter", "createdAt",
    ]

    private var values: [any SQLiteValueConvertible] {
        [
            time, enabled, label, repeatMask, sound, volume, rampSeconds, snoozeMinutes, ringLimitSeconds, note,
            firesAt, marsSite, marsLonEast, marsSolar, passSatellite, passVisible, passMinElevation, passLeadSeconds,
            date, zone, thenMix, dawnSeconds, skipHolidays, dawnMix, lookAfter, createdAt,
        ]
    }

    /// Inserts the row (with its `id`, or a new one when it has none) and keeps the id it was given.
    mutating func insert(_ db: SQLiteConnection) throws {
        let names = (["id"] + Self.columns).joined(separator: ", ")
        let marks = Array(repeating: "?", count: Self.columns.count + 1).joined(separator: ", ")
        try db.execute(sql: "INSERT INTO alarm (\(names)) VALUES (\(marks))", arguments: [id] + values)
        id = db.lastInsertedRowID
    }

    /// Writes every column of the row `id`.
    func update(_ db: SQLiteConnection) throws {
        let assignments = Self.columns.map { "\($0) = ?" }.joined(separator: ", ")
        try db.execute(sql: "UPDATE alarm SET \(assignments) WHERE id = ?", arguments: values + [id])
    }

    static func count(_ db: SQLiteConnection) throws -> Int {
        try db.fetchValue(sql: "SELECT count(*) FROM alarm") ?? 0
    }
}

/// An alarm row as read from disk, with the two instants the scheduler starts from.
struct StoredAlarm: Sendable {
    var alarm: Alarm
    var lookAfter: Double
    var createdAt: Int64

    var record: AlarmRecord { AlarmRecord(alarm, lookAfter: lookAfter, createdAt: createdAt) }
}

extension AlarmRecord {
    /// Reads one row column by column, checking each value the way `alarm_add` checks it: a row the schema or the
    /// alarm's rules would not have let in (a damaged page, a hand edit) is refused with the reason, never turned
    /// into an alarm that fails later (a volume of Inf made every `alarm_list` fail).
    static func decode(_ row: SQLiteRow) throws(StoredRowProblem) -> StoredAlarm {
        let reader = try StoredRowReader(row: row, key: "id")
        let id = reader.id
        let timeText = try reader.text("time")
        guard let time = try? TimeOfDay.parse(timeText) else {
            throw StoredRowProblem(id: id, reason: "time is \(StoredRowReader.shown(timeText)), not a time of day")
        }
        let enabled = try reader.integer("enabled")
        let mask = try reader.integer("repeatMask")
        guard (0...1).contains(enabled) else {
            throw StoredRowProblem(id: id, reason: "enabled is \(enabled), not 0 or 1")
        }
        guard (0...127).contains(mask) else {
            throw StoredRowProblem(id: id, reason: "repeatMask is \(mask), not 0 to 127")
        }
        // Nor before v11.
        let skipHolidays = try reader.optionalInteger("skipHolidays") ?? 0
        guard (0...1).contains(skipHolidays) else {
            throw StoredRowProblem(id: id, reason: "skipHolidays is \(skipHolidays), not 0 or 1")
        }
        let sound = try reader.text("sound")
        guard !sound.isEmpty else { throw StoredRowProblem(id: id, reason: "sound is empty") }
        let snooze = try reader.integer("snoozeMinutes")
        let changes = AlarmChanges(
            label: try reader.text("label"), volume: try reader.real("volume"),
            rampSeconds: try reader.real("rampSeconds"), snoozeMinutes: Int(clamping: snooze),
            ringLimitSeconds: try reader.real("ringLimitSeconds"), note: try reader.optionalText("note"),
            // A file from before v9 is inspected (a private copy, `StoreInspection`) before it is migrated: no column.
            dawnSeconds: try reader.optionalReal("dawnSeconds") ?? 0)
        if let problem = changes.problem() { throw StoredRowProblem(id: id, reason: problem.message) }
        let fields = AlarmRuleFields(
            time: time, repeat: RepeatRule(mask: UInt8(mask)),
            firesAt: try reader.optionalInteger("firesAt"), mars: try marsClock(reader),
            pass: try passAlarm(reader), date: try date(reader), zone: try reader.optionalText("zone"))
        let rule: TriggerRule
        do { rule = try fields.rule() } catch { throw StoredRowProblem(id: id, reason: error.description) }
        let alarm = Alarm(
            id: id, rule: rule, enabled: enabled == 1, label: changes.label!, sound: sound,
            volume: changes.volume!, rampSeconds: changes.rampSeconds!, snoozeMinutes: changes.snoozeMinutes!,
            ringLimitSeconds: changes.ringLimitSeconds!, note: changes.note,
            thenMix: try reader.optionalText("thenMix"), dawnSeconds: changes.dawnSeconds!,
            skipHolidays: skipHolidays == 1, dawnMix: try reader.optionalText("dawnMix"))
        if let problem = alarm.ruleProblem { throw StoredRowProblem(id: id, reason: problem) }
        return StoredAlarm(
            alarm: alarm, lookAfter: try reader.real("lookAfter"), createdAt: try reader.integer("createdAt"))
    }
}

extension AlarmRecord {
    /// A Mars alarm's clock: all three columns, or none (an Earth alarm).
    private static func marsClock(_ reader: StoredRowReader) throws(StoredRowProblem) -> MarsAlarmClock? {
        guard let east = try reader.optionalReal("marsLonEast") else { return nil }
        guard east.isFinite, (0..<360).contains(east) else {
            throw StoredRowProblem(id: reader.id, reason: "marsLonEast is \(east), not 0 to 360")
        }
        let solar = try reader.optionalInteger("marsSolar") ?? 0
        guard (0...1).contains(solar) else {
            throw StoredRowProblem(id: reader.id, reason: "marsSolar is \(solar), not 0 or 1")
        }
        return MarsAlarmClock(site: try reader.optionalText("marsSite"), lonEastDeg: east, solar: solar == 1)
    }

    private static func date(_ reader: StoredRowReader) throws(StoredRowProblem) -> LocalDate? {
        guard let text = try reader.optionalText("date") else { return nil }
        do { return try LocalDate.parse(text) } catch {
            throw StoredRowProblem(id: reader.id, reason: "date is \(StoredRowReader.shown(text)), not a date")
        }
    }

    /// A pass alarm's satellite and conditions: all four columns, or none. Their ranges are `Alarm.ruleProblem`'s.
    private static func passAlarm(_ reader: StoredRowReader) throws(StoredRowProblem) -> PassAlarm? {
        guard let satellite = try reader.optionalInteger("passSatellite") else { return nil }
        guard let visible = try reader.optionalInteger("passVisible"), (0...1).contains(visible),
            let elevation = try reader.optionalReal("passMinElevation"),
            let lead = try reader.optionalReal("passLeadSeconds")
        else {
            throw StoredRowProblem(
                id: reader.id,
                reason: "a pass alarm's passVisible, passMinElevation or passLeadSeconds is missing or wrong")
        }
        return PassAlarm(
            satellite: Int(clamping: satellite), visibleOnly: visible == 1, minElevationDeg: elevation,
            leadSeconds: lead)
    }
}

/// One row of the `snooze` table: a snoozed alarm and when it rings again.
struct SnoozeRecord {
    var alarmId: Int64
    var ringAt: Double
    var trigger: Double

    func insert(_ db: SQLiteConnection) throws {
        try db.execute(
            sql: "INSERT INTO snooze (alarmId, ringAt, trigger) VALUES (?, ?, ?)",
            arguments: [alarmId, ringAt, trigger])
    }

    /// Inserts the row, or replaces the alarm's snooze.
    func save(_ db: SQLiteConnection) throws {
        try db.execute(
            sql: """
                INSERT INTO snooze (alarmId, ringAt, trigger) VALUES (?, ?, ?)
                ON CONFLICT (alarmId) DO UPDATE SET ringAt = excluded.ringAt, trigger = excluded.trigger
                """, arguments: [alarmId, ringAt, trigger])
    }
}
