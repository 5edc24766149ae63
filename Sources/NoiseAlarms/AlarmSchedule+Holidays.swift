/// Holidays (docs/alarms.md, "Holidays"): an alarm with `skipHolidays` passes over every ring that falls on a day off
/// of the holidays file, on its own clock (`TriggerRule.next(after:skipping:pausedUntil:skipsHolidays:in:)`). The
/// scheduler reads the file; the schedule keeps what it says and which rings it passes over.
extension AlarmSchedule {
    /// A holidays file read anew (or gone, or unreadable: `.none`): the alarms that skip days off find their next
    /// triggers again. Nothing already handled comes back: each search starts at the alarm's `lookAfter`, as always.
    public mutating func setHolidays(_ newHolidays: Holidays) {
        guard newHolidays != holidays else { return }
        holidays = newHolidays
        for (alarmID, alarm) in alarms where alarm.skipHolidays { requeue(alarmID) }
    }

    /// The rings an alarm passes over for days off before its next trigger, with the day off's name, at most
    /// `limit` (what `alarm list` says: "skips Fri 25 Dec: Christmas Day"); none while it is paused past them.
    public func ringsOnDaysOff(of alarmID: Int64, limit: Int) -> [(trigger: Double, name: String)] {
        guard let alarm = alarms[alarmID], alarm.skipHolidays, !holidays.isEmpty, let next = nextTrigger(of: alarmID),
            var from = lookAfter[alarmID]
        else { return [] }
        if let end = pauses[alarmID].flatMap({ alarm.rule.pauseEnd($0, in: context) }) {
            from = max(from, end - TriggerRule.justBefore)
        }
        return alarm.rule.ringsOnDaysOff(after: from, before: next, limit: limit, in: context)
    }
}
