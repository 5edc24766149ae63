import NoiseCore
import NoiseTime

/// An alarm as stored and as sent over the socket.
public struct Alarm: Sendable, Equatable {
    /// Short and stable: assigned by the store, never reused.
    public var id: Int64
    /// When it rings: one case per kind of alarm (a wall time, a date, a timer, a Mars clock, satellite passes).
    /// The wire and the store spell it as flat fields (`AlarmRuleFields`), mapped in `Alarm+Codable` and the store.
    public var rule: TriggerRule
    public var enabled: Bool
    public var label: String
    /// A catalog sound id, of kind alarm or loop.
    public var sound: String
    /// 0 to 100, on the same cubic law as noise volumes.
    public var volume: Double
    /// Seconds over which the tone rises from silence to `volume`; 0 rings at full volume at once.
    public var rampSeconds: Double
    public var snoozeMinutes: Int
    /// How long it rings unattended before it stops and counts as missed.
    public var ringLimitSeconds: Double
    public var note: String?
    /// A saved mix started when the alarm is dismissed (`--then @morning`); nil: nothing plays after it.
    public var thenMix: String?
    /// Seconds before each ring that its dawn begins (the pages' sunrise, `dawn_started`); 0 for none.
    public var dawnSeconds: Double
    /// A saved mix that crossfades in over the dawn from what plays, rising to the alarm's volume (`--dawn-sound
    /// @MIX`); nil: the dawn is only light.
    public var dawnMix: String?
    /// Whether it passes over the days off of the holidays file (`--skip-holidays`, `[alarms] holidays`).
    public var skipHolidays: Bool

    public init(
        id: Int64, rule: TriggerRule, enabled: Bool = true, label: String = "", sound: String = AlarmDefaults.sound,
        volume: Double = AlarmDefaults.volume, rampSeconds: Double = AlarmDefaults.rampSeconds,
        snoozeMinutes: Int = AlarmDefaults.snoozeMinutes, ringLimitSeconds: Double = AlarmDefaults.ringLimitSeconds,
        note: String? = nil, thenMix: String? = nil, dawnSeconds: Double = AlarmDefaults.dawnSeconds,
        skipHolidays: Bool = false, dawnMix: String? = nil
    ) {
        self.id = id
        self.rule = rule
        self.enabled = enabled
        self.label = label
        self.sound = sound
        self.volume = volume
        self.rampSeconds = rampSeconds
        self.snoozeMinutes = snoozeMinutes
        self.ringLimitSeconds = ringLimitSeconds
        self.note = note
        self.thenMix = thenMix
        self.dawnSeconds = dawnSeconds
        self.skipHolidays = skipHolidays
        self.dawnMix = dawnMix
    }

    /// An alarm at a wall time on the days of `days`, in the system zone or `zone`: the common kind.
    public init(
        id: Int64, time: TimeOfDay, enabled: Bool = true, label: String = "", repeat days: RepeatRule = .once,
        sound: String = AlarmDefaults.sound, volume: Double = AlarmDefaults.volume,
        rampSeconds: Double = AlarmDefaults.rampSeconds, snoozeMinutes: Int = AlarmDefaults.snoozeMinutes,
        ringLimitSeconds: Double = AlarmDefaults.ringLimitSeconds, note: String? = nil, zone: String? = nil,
        thenMix: String? = nil, dawnSeconds: Double = AlarmDefaults.dawnSeconds, skipHolidays: Bool = false
    ) {
        self.init(
            id: id, rule: .wallClock(time, days, zone: zone), enabled: enabled, label: label, sound: sound,
            volume: volume, rampSeconds: rampSeconds, snoozeMinutes: snoozeMinutes,
            ringLimitSeconds: ringLimitSeconds, note: note, thenMix: thenMix, dawnSeconds: dawnSeconds,
            skipHolidays: skipHolidays)
    }

    /// The time of day it shows: its wall time; a timer's, where it was set; a Mars alarm's on its Mars clock;
    /// 00:00 for a pass alarm, which has none.
    public var time: TimeOfDay { AlarmRuleFields(rule).time }

    /// The IANA zone whose wall clock it rings by (`--zone Europe/Berlin`), wherever the machine is; nil: the
    /// system's zone, followed when it changes, or a kind of alarm no Earth zone moves.
    public var zone: String? { rule.zoneName }

    /// A pass alarm's satellite and conditions; nil for alarms on a clock.
    public var pass: PassAlarm? {
        if case .satellitePass(let alarm) = rule { return alarm }
        return nil
    }

    /// A timer rings once at an instant and is removed when its ring is over.
    public var isTimer: Bool {
        if case .instant = rule { return true }
        return false
    }

    /// Why a setting cannot be, though the rule holds together: a pass alarm's conditions, the then-mix's name,
    /// the zone's. Nil when all can. (What cannot be a rule at all is `AlarmRuleFields.rule()`'s.)
    public var ruleProblem: String? {
        if let problem = pass?.problem { return problem }
        if let thenMix, let problem = MixName.problem(thenMix) { return "then_mix '\(thenMix.prefix(40))' \(problem)" }
        if let dawnMix, let problem = MixName.problem(dawnMix) { return "dawn_mix '\(dawnMix.prefix(40))' \(problem)" }
        if dawnMix != nil, dawnSeconds == 0 {
            return "dawn_mix (--dawn-sound) plays over the dawn: give it a dawn (dawn_seconds, --dawn 30m), or take it "
                + "away (dawn_mix \"\", --dawn-sound none)"
        }
        if let zone, !ZoneName.isWellFormed(zone) {
            return "zone '\(zone.prefix(40))' is not a zone name such as Europe/Berlin"
        }
        if skipHolidays, let kind = rule.namesItsDay {
            return "skip_holidays (--skip-holidays) is for alarms that repeat or ring the next time their time comes; "
                + "\(kind) rings when it says"
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
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
