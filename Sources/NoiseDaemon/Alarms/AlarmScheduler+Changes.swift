import NoiseAlarms
import NoiseProtocol

/// What every change to the alarms ends with: the subscribers told which alarms changed, and the loop woken.
extension AlarmScheduler {
    /// Alarms `ids` changed (one that is gone, a timer done, counts as removed), and `removed` went: subscribers are
    /// told which, and the loop wakes to sleep until the right deadline (and re-check a prepared tone).
    func changed(_ ids: [Int64] = [], removed: [Int64] = [], reload: Bool = false) {
        settleDawns()
        publishNextIfChanged()
        let kept = ids.compactMap(info)
        let gone = removed + ids.filter { schedule.alarms[$0] == nil }
        hub.publish(
            .alarmsChanged(AlarmsChanged(count: schedule.alarms.count, alarms: kept, removed: gone, reload: reload)))
        clock.interrupt()
    }

    func publishNextIfChanged() {
        let next = next()
        guard next != lastNext else { return }
        lastNext = next
        hub.publish(.nextAlarm(NextAlarm(alarm: next)))
    }
}
