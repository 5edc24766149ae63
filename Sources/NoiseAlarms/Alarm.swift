import NoiseCore
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

    public init(id: Int64, time: TimeOfDay, enabled: Bool = true, label: String = "", repeat rule: RepeatRule = .once,
                sound: String = AlarmDefaults.sound, volume: Double = AlarmDefaults.volume,
                rampSeconds: Double = AlarmDefaults.rampSeconds, snoozeMinutes: Int = AlarmDefaults.snoozeMinutes,
                ringLimitSeconds: Double = AlarmDefaults.ringLimitSeconds, note: String? = nil, firesAt: Int64? = nil,
                mars: MarsAlarmClock? = nil, pass: PassAlarm? = nil) {
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
    }

    /// Why the alarm's rule cannot be: a Mars alarm on weekdays (a sol is not an Earth day). Nil when it can.
    public var ruleProblem: String? {
        if pass != nil && mars != nil { return "an alarm rings on Mars time or before satellite passes, not both" }
        if let problem = pass?.problem { return problem }
        guard mars != nil, !self.repeat.isOnce, self.repeat != .daily else { return nil }
        return "a Mars alarm rings once or every sol (repeat once or sols), not on Earth weekdays (\(self.repeat))"
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
