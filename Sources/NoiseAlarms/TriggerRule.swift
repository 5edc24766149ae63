import MarsTime
import NoiseCore
import NoiseTime
import Orbits
import TimeScales

/// When an alarm rings: every kind of alarm is a case of this one rule, and `next(after:in:)` is the one place
/// that says when it rings next. The scheduler knows nothing else about kinds of alarms.
public enum TriggerRule: Sendable, Hashable {
    /// A local wall time on the days of the repeat rule (none: once, the next time that time comes), in the
    /// system zone or the named one.
    case wallClock(TimeOfDay, RepeatRule, zone: String?)
    /// Once, at a local wall time on one date, in the system zone or the named one; nothing once it has passed.
    case onDate(LocalDate, TimeOfDay, zone: String?)
    /// Once, at an instant (Unix seconds): a timer (`noisectl timer 10m`), which no time-zone change moves.
    /// `localTime` is its time of day where it was set, only for display.
    case instant(Int64, localTime: TimeOfDay)
    /// A time of a clock on Mars, every sol or once (docs/mars.md): no Earth time zone moves it, a leap second does.
    case marsClock(TimeOfDay, MarsAlarmClock, everySol: Bool)
    /// A while before each pass of a satellite over the observer that qualifies (docs/satellites.md): the
    /// satellite's elements and the observer's place move it.
    case satellitePass(PassAlarm)

    /// What a rule may need to know about the world to find its next trigger.
    public struct Context: Sendable {
        public var zone: ZoneRules
        /// The zones alarms name, by identifier (the scheduler reads them from the tz database); an alarm whose
        /// zone is not here has no trigger.
        public var namedZones: [String: ZoneRules]
        public var leapSeconds: LeapSeconds
        /// The satellites' elements and the observer, for pass alarms; nil when either is unknown.
        public var sky: SatelliteSky?
        /// The days off that alarms skipping holidays pass over (`[alarms] holidays`).
        public var holidays: Holidays

        public init(
            zone: ZoneRules, namedZones: [String: ZoneRules] = [:], leapSeconds: LeapSeconds = .builtIn,
            sky: SatelliteSky? = nil, holidays: Holidays = .none
        ) {
            self.zone = zone
            self.namedZones = namedZones
            self.leapSeconds = leapSeconds
            self.sky = sky
            self.holidays = holidays
        }

        /// The rules of the zone an alarm names, or the system's for none.
        public func rules(named name: String?) -> ZoneRules? {
            guard let name else { return zone }
            return namedZones[name]
        }
    }

    /// Whether the alarm is done after one ring (a once alarm is then disabled, a timer removed).
    public var ringsOnce: Bool {
        switch self {
        case .wallClock(_, let days, _): days.isOnce
        case .onDate, .instant: true
        case .marsClock(_, _, let everySol): !everySol
        case .satellitePass: false
        }
    }

    /// Where the next trigger is looked for once `trigger` is dealt with: after it; for a pass alarm, after
    /// anywhere new elements could move that pass's trigger to (passes, and so their triggers, are over an hour
    /// apart), so one pass never rings twice.
    public func settled(after trigger: Double) -> Double {
        if case .satellitePass = self { return trigger + PassAlarm.settleSeconds }
        return trigger
    }

    /// The first trigger strictly after `instant` (Unix seconds), or nil when there is none. Earth rules ring on
    /// whole seconds; a Mars rule on the millisecond.
    public func next(after instant: Double, in context: Context) -> Double? {
        switch self {
        case .wallClock(let time, let days, let zone):
            guard let rules = context.rules(named: zone) else { return nil }
            return NextTrigger.next(time: time, rule: days, after: Int64(instant.rounded(.down)), zone: rules).map(
                Double.init)
        case .onDate(let date, let time, let zone):
            guard let rules = context.rules(named: zone),
                let trigger = NextTrigger.occurrence(on: date.dayNumber, at: time, zone: rules)
            else { return nil }
            return Double(trigger) > instant ? Double(trigger) : nil
        case .instant(let at, _):
            return Double(at) > instant ? Double(at) : nil
        case .marsClock(let time, let clock, _):
            let hours = Double(time.secondsSinceMidnight) / 3600
            guard
                let exact = MarsTimeOfDay.next(
                    hours: hours, longitude: clock.longitude, solar: clock.solar,
                    after: instant, count: 1, leapSeconds: context.leapSeconds
                ).first
            else { return nil }
            let trigger = (exact * 1000).rounded() / 1000
            // Rounding to the millisecond may land on `instant` itself: the trigger after is a sol later.
            return trigger > instant ? trigger : next(after: instant + 0.001, in: context)
        case .satellitePass(let alarm):
            return context.sky.flatMap { alarm.next(after: instant, in: $0)?.trigger }
        }
    }

    /// The first trigger strictly after `instant`, passing over the ring at `skip` (`alarm skip`), every ring before
    /// the start of `pausedUntil` (`alarm pause`) and, when `skipsHolidays`, every ring on a day off (`--skip-holidays`).
    /// A skip names an instant, not a day, so a daylight-saving change in between skips exactly that ring; a skip that
    /// is no trigger (the zone changed since) passes over nothing. A pause is a floor: the search starts where the
    /// date starts on the alarm's own wall clock (`pauseEnd`), so a zone change moves it with the alarm. A day off is
    /// the day the ring falls on, on the alarm's own clock (`dayOff(at:in:)`).
    public func next(
        after instant: Double, skipping skip: Double?, pausedUntil: LocalDate? = nil, skipsHolidays: Bool = false,
        in context: Context
    ) -> Double? {
        var from = instant
        if let pausedUntil {
            guard let end = pauseEnd(pausedUntil, in: context) else { return nil }
            // A trigger at the very start of the date rings: the search is strictly after, so it starts just before.
            from = max(from, end - Self.justBefore)
        }
        for _ in 0..<Self.passedOverLimit {
            guard let trigger = next(after: from, in: context) else { return nil }
            let dayOff = skipsHolidays ? self.dayOff(at: trigger, in: context) : nil
            guard trigger == skip || dayOff != nil else { return trigger }
            from = settled(after: trigger)
        }
        return nil
    }

    /// The rings `next(after:skipping:pausedUntil:skipsHolidays:in:)` passes over for days off, after `instant` and
    /// before `ring` (its answer), at most `limit` of them: what `alarm list` says ("skips Fri 25 Dec: Christmas Day").
    public func ringsOnDaysOff(
        after instant: Double, before ring: Double, limit: Int, in context: Context
    ) -> [(trigger: Double, name: String)] {
        var passed: [(trigger: Double, name: String)] = []
        var from = instant
        while passed.count < limit, let trigger = next(after: from, in: context), trigger < ring {
            if let name = dayOff(at: trigger, in: context) { passed.append((trigger, name)) }
            from = settled(after: trigger)
        }
        return passed
    }

    /// The day off a ring at `trigger` falls on, on the alarm's own clock (its zone, or the system's), or nil.
    public func dayOff(at trigger: Double, in context: Context) -> String? {
        guard !context.holidays.isEmpty, let rules = context.rules(named: zoneName) else { return nil }
        return context.holidays.dayOff(at: Int64(trigger.rounded(.down)), zone: rules)
    }

    /// How many rings one search passes over at most (a skip and days off): a daily alarm through a year of days off.
    static let passedOverLimit = 400

    /// Less than the finest step a rule rings on (a Mars rule's millisecond).
    static let justBefore = 0.0005

    /// The instant `alarm pause --until date` lets the alarm ring from: the first instant of that date on the alarm's
    /// wall clock (its zone, or the system's; a Mars or pass alarm's is the system's); nil when its zone is unknown.
    public func pauseEnd(_ date: LocalDate, in context: Context) -> Double? {
        context.rules(named: zoneName).map { Double(date.start(in: $0)) }
    }

    /// What a rule that names the one day it rings is (a date, a timer), for a refusal of `skip_holidays`; nil for
    /// the rules whose ring can move to the next working day.
    public var namesItsDay: String? {
        switch self {
        case .onDate: "an alarm on a date"
        case .instant: "a timer"
        case .wallClock, .marsClock, .satellitePass: nil
        }
    }

    /// The zone an Earth wall-clock rule names (nil: the system's, or a rule with no wall clock of its own).
    public var zoneName: String? {
        switch self {
        case .wallClock(_, _, let zone), .onDate(_, _, let zone): zone
        case .instant, .marsClock, .satellitePass: nil
        }
    }
}
