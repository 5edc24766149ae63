import NoiseCore
import NoiseTime

/// When an alarm rings next: a pure function of the alarm's time and repeat rule, the instant after which to
/// look, and the zone's rules. The scheduler, `noisectl alarm when` and the tests all use this one function.
///
/// Policy, for a local wall time on a given day:
/// - it exists once: that instant;
/// - it happens twice (fall-back overlap): the first occurrence only;
/// - it does not exist (spring-forward gap): the same offset after the gap's start, i.e. shifted forward by
///   the gap's length (02:30 in New York on the spring-forward day rings at 03:30 EDT);
/// - the whole day does not exist (Pacific/Apia skipped 2011-12-30): no trigger that day.
/// The trigger returned is strictly after the instant given.
public enum NextTrigger {
    /// The longest a search looks ahead, in days: a weekly alarm whose day was skipped waits two weeks.
    static let searchDays: Int64 = 16

    /// The first trigger strictly after `instant` (Unix seconds), or nil when there is none within the search.
    public static func next(time: TimeOfDay, rule: RepeatRule, after instant: Int64, zone: ZoneRules) -> Int64? {
        let firstDay = localDay(of: instant, zone: zone) - 1
        for day in firstDay...(firstDay + searchDays) {
            guard rule.isOnce || rule.contains(Weekday(rawValue: CivilDate.weekday(days: day))!) else { continue }
            if let trigger = occurrence(on: day, at: time, zone: zone), trigger > instant { return trigger }
        }
        return nil
    }

    /// The next `count` triggers after `instant` (for a repeating rule; a once rule has at most one).
    public static func upcoming(
        time: TimeOfDay, rule: RepeatRule, after instant: Int64, zone: ZoneRules,
        count: Int
    ) -> [Int64] {
        var triggers: [Int64] = []
        var from = instant
        while triggers.count < count, let trigger = next(time: time, rule: rule, after: from, zone: zone) {
            triggers.append(trigger)
            if rule.isOnce { break }
            from = trigger
        }
        return triggers
    }

    /// The instant a wall time on local day `day` (days since 1970-01-01) rings, by the policy above.
    public static func occurrence(on day: Int64, at time: TimeOfDay, zone: ZoneRules) -> Int64? {
        let wall = day * 86_400 + Int64(time.secondsSinceMidnight)
        // Offsets a day either side: transitions are never closer together than that in real zones.
        let before = zone.offset(at: wall - 86_400)
        let after = zone.offset(at: wall + 86_400)
        let candidates = Set([before, after, zone.offset(at: wall)]).map { wall - Int64($0) }
        if let first = candidates.filter({ zone.offset(at: $0) == Int(wall - $0) }).min() { return first }
        // A gap. A whole day skipped (a jump of a day or more) has no trigger; otherwise shift forward.
        guard after > before, after - before < 86_400 else { return nil }
        return wall - Int64(before)
    }

    /// The local calendar day (days since 1970-01-01) that `instant` falls on.
    public static func localDay(of instant: Int64, zone: ZoneRules) -> Int64 {
        CivilDate.floorDivide(instant + Int64(zone.offset(at: instant)), 86_400)
    }
}
