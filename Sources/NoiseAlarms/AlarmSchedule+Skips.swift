/// `alarm skip`: an alarm passes over its next ring, and only that one (docs/alarms.md, "Skipping a ring"). A skip is
/// the instant of the ring it skips; the next trigger passes over it (`TriggerRule.next(after:skipping:pausedUntil:skipsHolidays:in:)`), and
/// once that instant has passed the skip is spent: it never skips a later ring.
extension AlarmSchedule {
    /// Why an alarm's next ring cannot be skipped.
    public enum SkipRefusal: Error, Sendable, Equatable {
        /// It is off: it has no ring to skip.
        case disabled
        /// It rings now: a dismiss or a snooze answers that ring.
        case ringing
        /// It rings once (a once alarm, a date, a timer): skipping its ring would leave nothing, which is disabling it.
        case ringsOnce
        /// It skips a ring already, the one at this instant.
        case alreadySkips(Double)
        /// It has no next trigger (its zone is unknown, a pass alarm without a sky).
        case noNextRing
    }

    /// The ring `alarm skip` would skip: the alarm's next trigger now, or why there is none to skip.
    public func ringToSkip(of alarmID: Int64) -> Result<Double, SkipRefusal> {
        guard let alarm = alarms[alarmID], alarm.enabled else { return .failure(.disabled) }
        if ringing[alarmID] != nil { return .failure(.ringing) }
        if alarm.rule.ringsOnce { return .failure(.ringsOnce) }
        if let skip = skips[alarmID] { return .failure(.alreadySkips(skip)) }
        guard let trigger = nextTrigger(of: alarmID) else { return .failure(.noNextRing) }
        return .success(trigger)
    }

    /// Skips the ring at `trigger` (from `ringToSkip(of:)`, stored first): the next trigger becomes the one after it.
    public mutating func skip(_ alarmID: Int64, ringAt trigger: Double) {
        skips[alarmID] = trigger
        requeue(alarmID)
    }

    /// Takes a skip back (`alarm skip --undo`): the skipped ring rings after all. Returns the instant it skipped, nil
    /// when it skipped none.
    public mutating func unskip(_ alarmID: Int64) -> Double? {
        guard let skip = skips.removeValue(forKey: alarmID) else { return nil }
        requeue(alarmID)
        return skip
    }

    /// Whether an alarm put in place of the one with its id keeps that one's skip: it does while it is on and rings
    /// by the same rule (a new label keeps it; a new time or repeat, or switching it off, ends it).
    public func keepsSkip(_ alarm: Alarm) -> Bool {
        guard skips[alarm.id] != nil, let old = alarms[alarm.id] else { return false }
        return alarm.enabled && old.rule == alarm.rule
    }

    /// The skips whose ring has passed by `now`: each is forgotten, and the alarm's `lookAfter` moves past its ring,
    /// so that no later recomputation (a new zone, an edit's label) finds the skipped ring again and rings it late.
    mutating func spendSkips(now: Double) -> [Action] {
        var actions: [Action] = []
        for (alarmID, skip) in skips.sorted(by: { $0.key < $1.key }) where skip <= now {
            skips[alarmID] = nil
            actions += handled(alarmID, trigger: skip) + [.skipSpent(alarmID: alarmID)]
        }
        return actions
    }
}
