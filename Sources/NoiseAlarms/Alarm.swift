import NoiseCore
import NoiseTime
/// An alarm as stored and as sent over the socket.
public struct Alarm: Sendable, Equatable, Codable {
    /// Short and stable: assigned by the store, never reused.
    public var id: Int64
    /// Local wall time in the system time zone; for a Mars alarm, the time of its Mars clock.
    public var time: TimeOfDay
    public var enabled: Bool
    public var label: String
    public var `repeat`: RepeatRule
    /// A catalog sound id, of kind alarm or loop.
    public var sound: String
    /// 0 to 100, on the same cubic law as noise volumes.
    public var volume: Double
    /// Seconds over which the tone rises from silence to `volume`; 0 rings at full volume at once.
    public var rampSeconds: Double
    public var snoozeMinutes: Int
    /// How long it rings unattended before it stops and counts as missed.
    public var ringLimitSeconds: Double
    @ExplicitNull public var note: String?
    /// A timer's instant (Unix seconds); nil for an alarm at a wall time. `time` is then its local time of day,
    /// for display, and `repeat` is once. See `TriggerRule`.
    @ExplicitNull public var firesAt: Int64?
    /// A Mars alarm's clock (its `repeat` is then once or daily, meaning every sol); nil on Earth time.
    @ExplicitNull public var mars: MarsAlarmClock?
    /// A pass alarm's satellite and conditions: it rings before each pass that meets them; its `time` and `repeat`
    /// mean nothing (00:00, daily). Nil for alarms on a clock.
    @ExplicitNull public var pass: PassAlarm?
    /// The one day a once alarm rings on (`alarm add 07:00 --date 2026-12-24`), in its zone; nil rings the next
    /// time its time comes.
    @ExplicitNull public var date: LocalDate?
    /// The IANA zone whose wall clock it rings by (`--zone Europe/Berlin`), wherever the machine is; nil: the
    /// system's zone, followed when it changes.
    @ExplicitNull public var zone: String?
    /// A saved mix started when the alarm is dismissed (`--then @morning`); nil: nothing plays after it.
    @ExplicitNull public var thenMix: String?

    public init(id: Int64, time: TimeOfDay, enabled: Bool = true, label: String = "", repeat rule: RepeatRule = .once,
                sound: String = AlarmDefaults.sound, volume: Double = AlarmDefaults.volume,
                rampSeconds: Double = AlarmDefaults.rampSeconds, snoozeMinutes: Int = AlarmDefaults.snoozeMinutes,
                ringLimitSeconds: Double = AlarmDefaults.ringLimitSeconds, note: String? = nil, firesAt: Int64? = nil,
                mars: MarsAlarmClock? = nil, pass: PassAlarm? = nil, date: LocalDate? = nil, zone: String? = nil,
                thenMix: String? = nil) {
        self.id = id
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
        self.firesAt = firesAt
        self.mars = mars
        self.pass = pass
        self.date = date
        self.zone = zone
        self.thenMix = thenMix
    }

    /// Why the alarm's rule cannot be: a Mars alarm on weekdays (a sol is not an Earth day). Nil when it can.
    public var ruleProblem: String? {
        if pass != nil && mars != nil { return "an alarm rings on Mars time or before satellite passes, not both" }
        if let problem = pass?.problem { return problem }
        if let thenMix, let problem = MixName.problem(thenMix) { return "then_mix '\(thenMix.prefix(40))' \(problem)" }
        if let problem = earthClockProblem { return problem }
        guard mars != nil, !self.repeat.isOnce, self.repeat != .daily else { return nil }
        return "a Mars alarm rings once or every sol (repeat once or sols), not on Earth weekdays (\(self.repeat))"
    }

    /// Why a date or zone cannot go with the rest: both are for alarms on an Earth wall clock, a date only for one
    /// that rings once.
    private var earthClockProblem: String? {
        guard date != nil || zone != nil else { return nil }
        let what = date != nil ? "date" : "time zone"
        if firesAt != nil { return "a timer rings a while from now: it takes no \(what)" }
        if mars != nil { return "a Mars alarm rings on a Mars clock: it takes no \(what)" }
        if pass != nil { return "a pass alarm rings before each pass: it takes no \(what)" }
        if let zone, !ZoneName.isWellFormed(zone) { return "zone '\(zone.prefix(40))' is not a zone name such as Europe/Berlin" }
        if let date, !self.repeat.isOnce {
            return "an alarm on a date (\(date)) rings once: give no repeat (\(self.repeat)), or no date"
        }
        return nil
    }
}

extension RepeatRule {
    /// Encoded as its canonical text (`weekdays`, `mon,wed,fri`).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try RepeatRule.parse(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
