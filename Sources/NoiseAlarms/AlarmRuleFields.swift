import NoiseCore
import NoiseTime

/// An alarm's `TriggerRule` in the flat shape the wire (docs/protocol.md's alarm object) and the `alarm` table
/// have always had: a time and a repeat every alarm carries, and optional fields that say which kind it is. The
/// one place the two shapes meet, both ways, used at the edges only: `Alarm`'s Codable, the store's rows,
/// `AlarmChanges` (whose settings are the wire's), the import and the backup.
public struct AlarmRuleFields: Sendable, Equatable {
    public var time: TimeOfDay
    public var `repeat`: RepeatRule
    public var firesAt: Int64?
    public var mars: MarsAlarmClock?
    public var pass: PassAlarm?
    public var date: LocalDate?
    public var zone: String?

    public init(
        time: TimeOfDay, repeat days: RepeatRule = .once, firesAt: Int64? = nil, mars: MarsAlarmClock? = nil,
        pass: PassAlarm? = nil, date: LocalDate? = nil, zone: String? = nil
    ) {
        self.time = time
        self.repeat = days
        self.firesAt = firesAt
        self.mars = mars
        self.pass = pass
        self.date = date
        self.zone = zone
    }

    /// The fields of `rule`. A pass alarm has no time or days of its own: the wire has always said 00:00, daily.
    public init(_ rule: TriggerRule) {
        switch rule {
        case .wallClock(let time, let days, let zone):
            self.init(time: time, repeat: days, zone: zone)
        case .onDate(let date, let time, let zone):
            self.init(time: time, date: date, zone: zone)
        case .instant(let firesAt, let localTime):
            self.init(time: localTime, firesAt: firesAt)
        case .marsClock(let time, let clock, let everySol):
            self.init(time: time, repeat: everySol ? .daily : .once, mars: clock)
        case .satellitePass(let alarm):
            self.init(time: TimeOfDay(hour: 0, minute: 0), repeat: .daily, pass: alarm)
        }
    }

    /// Why fields cannot make one rule: they name two kinds of alarm, or days that kind has not.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The rule these fields describe, or the first reason they describe none, in `alarm_add`'s words. A pass
    /// alarm's time and repeat are not read.
    public func rule() throws(Problem) -> TriggerRule {
        if pass != nil && mars != nil {
            throw Problem("an alarm rings on Mars time or before satellite passes, not both")
        }
        if firesAt != nil, mars != nil || pass != nil {
            throw Problem(
                "a timer rings a while from now: it takes no \(mars != nil ? "Mars clock" : "satellite pass")")
        }
        if date != nil || zone != nil {
            let what = date != nil ? "date" : "time zone"
            if firesAt != nil { throw Problem("a timer rings a while from now: it takes no \(what)") }
            if mars != nil { throw Problem("a Mars alarm rings on a Mars clock: it takes no \(what)") }
            if pass != nil { throw Problem("a pass alarm rings before each pass: it takes no \(what)") }
        }
        if let firesAt { return .instant(firesAt, localTime: time) }
        if let pass { return .satellitePass(pass) }
        if let mars {
            // A sol is not an Earth day: a Mars alarm's days are once or every sol (`daily` on the wire).
            guard self.repeat.isOnce || self.repeat == .daily else {
                throw Problem(
                    "a Mars alarm rings once or every sol (repeat once or sols), not on Earth weekdays (\(self.repeat))"
                )
            }
            return .marsClock(time, mars, everySol: !self.repeat.isOnce)
        }
        if let date {
            guard self.repeat.isOnce else {
                throw Problem("an alarm on a date (\(date)) rings once: give no repeat (\(self.repeat)), or no date")
            }
            return .onDate(date, time, zone: zone)
        }
        return .wallClock(time, self.repeat, zone: zone)
    }
}
