/// A person's answers to a ringing or snoozed alarm: snooze and dismiss.
extension AlarmSchedule {
    /// Snoozes every ringing alarm (or only `alarmID`) for `minutes` (default: each alarm's own snooze).
    public mutating func snooze(now: Double, minutes: Int? = nil, only alarmID: Int64? = nil) -> [Action] {
        var actions: [Action] = []
        for (alarmID, ring) in ringing(only: alarmID) {
            guard let alarm = alarms[alarmID] else { continue }
            ringing[alarmID] = nil
            let snooze = Snooze(ringAt: now + Double((minutes ?? alarm.snoozeMinutes) * 60), trigger: ring.trigger)
            snoozes[alarmID] = snooze
            actions += [
                .persistSnooze(alarmID: alarmID, snooze: snooze), .stopRinging(alarmID: alarmID),
                .snoozed(alarmID: alarmID, until: snooze.ringAt),
            ]
            if !ring.fromSnooze { actions += handled(alarmID, trigger: ring.trigger) }
        }
        return actions
    }

    /// The alarms `dismiss` acts on, by id: `alarmID` when it rings or is snoozed; else every ringing alarm, or,
    /// with none ringing, every snoozed one (as GNOME Clocks and KClock offer Dismiss on a snoozed alarm).
    public func dismissible(only alarmID: Int64? = nil) -> [Int64] {
        if let alarmID { return ringing[alarmID] != nil || snoozes[alarmID] != nil ? [alarmID] : [] }
        return ringing.isEmpty ? snoozes.keys.sorted() : ringing.keys.sorted()
    }

    /// Dismisses what `dismissible(only:)` names: a ring stops; a snooze ends without ringing again. Either way the
    /// trigger is dealt with, and a once alarm is done.
    public mutating func dismiss(now: Double, only alarmID: Int64? = nil) -> [Action] {
        var actions: [Action] = []
        for alarmID in dismissible(only: alarmID) {
            if let ring = ringing.removeValue(forKey: alarmID) {
                actions += [.stopRinging(alarmID: alarmID), .dismissed(alarmID: alarmID, trigger: ring.trigger)]
                actions += conclude(alarmID, trigger: ring.trigger, fromSnooze: ring.fromSnooze)
            } else if let snooze = snoozes.removeValue(forKey: alarmID) {
                actions.append(.dismissed(alarmID: alarmID, trigger: snooze.trigger))
                actions += conclude(alarmID, trigger: snooze.trigger, fromSnooze: true)
            }
        }
        return actions
    }
}
