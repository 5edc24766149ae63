import NoiseTime

/// `alarm pause ID --until DATE`: no ring before that date, then as before (docs/alarms.md, "Pausing an alarm"). A
/// pause is the date the alarm rings again from; the next trigger is looked for from that date's start on the
/// alarm's own wall clock (`TriggerRule.next(after:skipping:pausedUntil:skipsHolidays:in:)`), and once that instant has come the
/// pause is forgotten.
extension AlarmSchedule {
    /// Why an alarm cannot be paused until a date.
    public enum PauseRefusal: Error, Sendable, Equatable {
        /// It is off: it has no ring to hold back.
        case disabled
        /// It rings now: a dismiss or a snooze answers that ring.
        case ringing
        /// It is snoozed: its snooze would still ring before the date.
        case snoozed(until: Double)
        /// It rings once (a once alarm, a date, a timer): pausing it past its ring is switching it off.
        case ringsOnce
        /// The date has begun on the alarm's clock already (at this instant): a pause until it holds nothing back.
        case begun(Double)
        /// The alarm's zone is unknown: there is no clock to find the date's start on.
        case unknownZone
    }

    /// The instant a pause until `date` ends for this alarm (its start on the alarm's clock), or why there can be
    /// no such pause at `now`.
    public func pauseEnd(of alarmID: Int64, until date: LocalDate, now: Double) -> Result<Double, PauseRefusal> {
        guard let alarm = alarms[alarmID], alarm.enabled else { return .failure(.disabled) }
        if ringing[alarmID] != nil { return .failure(.ringing) }
        if let snooze = snoozes[alarmID] { return .failure(.snoozed(until: snooze.ringAt)) }
        if alarm.rule.ringsOnce { return .failure(.ringsOnce) }
        guard let end = alarm.rule.pauseEnd(date, in: context) else { return .failure(.unknownZone) }
        if end <= now { return .failure(.begun(end)) }
        return .success(end)
    }

    /// Pauses an alarm until `date` (checked by `pauseEnd(of:until:now:)`, stored first); a pause it had is replaced.
    public mutating func pause(_ alarmID: Int64, until date: LocalDate) {
        pauses[alarmID] = date
        requeue(alarmID)
    }

    /// Ends a pause now (`alarm pause --undo`): the alarm rings by its rule again. Returns the date it was paused
    /// until, nil when it was not paused.
    public mutating func unpause(_ alarmID: Int64) -> LocalDate? {
        guard let date = pauses.removeValue(forKey: alarmID) else { return nil }
        requeue(alarmID)
        return date
    }

    /// Whether an alarm put in place of the one with its id keeps that one's pause: it does while it is on and
    /// repeats (a new time, label or repeat keeps it: a pause is about days, not about the ring; switching it off, or
    /// making it ring once, ends it).
    public func keepsPause(_ alarm: Alarm) -> Bool {
        pauses[alarm.id] != nil && alarm.enabled && !alarm.rule.ringsOnce
    }

    /// Each pause with the instant it ends, in its alarm's clock now (a pause whose zone is unknown has none).
    var pauseEnds: [(alarmID: Int64, end: Double)] {
        pauses.compactMap { alarmID, date in
            alarms[alarmID]?.rule.pauseEnd(date, in: context).map { (alarmID, $0) }
        }
    }

    /// The pauses whose date has begun by `now`: each is forgotten, and the alarm's `lookAfter` moves to just before
    /// that date's start, so that no ring the pause held back is found later and reported missed.
    mutating func endPauses(now: Double) -> [Action] {
        var actions: [Action] = []
        for (alarmID, end) in pauseEnds.sorted(by: { $0.alarmID < $1.alarmID }) where end <= now {
            pauses[alarmID] = nil
            let floor = end - TriggerRule.justBefore
            lookAfter[alarmID] = max(lookAfter[alarmID] ?? floor, floor)
            requeue(alarmID)
            actions += [
                .persistLookAfter(alarmID: alarmID, instant: lookAfter[alarmID]!), .pauseEnded(alarmID: alarmID),
            ]
        }
        return actions
    }
}
