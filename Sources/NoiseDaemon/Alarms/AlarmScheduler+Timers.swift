import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseTime

/// Timers (`noisectl timer 10m`): alarms whose rule is an instant (`TriggerRule.instant`), on the same schedule,
/// store, ring, snooze and dismiss as every alarm; removed once their ring is over.
extension AlarmScheduler {
    /// A timer ringing `seconds` from now (to the second), with the config's alarm settings but no ramp: a timer
    /// rings at full volume at once, as a kitchen timer does.
    public func addTimer(seconds: Double, label: String?, sound: String?) async throws(ProtocolError) -> AlarmInfo {
        try await checkSound(sound)
        let firesAt = Int64(now().rounded(.down)) + Int64(seconds.rounded())
        let local = firesAt + Int64(schedule.zone.offset(at: firesAt))
        let secondOfDay = Int(local - CivilDate.floorDivide(local, 86_400) * 86_400)
        let time = TimeOfDay(hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
        var timer = template.alarm(id: 0, time: time)
        timer.rule = .instant(firesAt, localTime: time)
        timer.label = label ?? "Timer " + DurationParser.describe(seconds.rounded())
        timer.rampSeconds = 0
        if let sound { timer.sound = sound }
        return try await insert(timer)
    }

    /// The timers still to ring, the soonest first.
    public func timers() -> [AlarmInfo] {
        // Only the timers are made into infos: `status` is published on every change, and making all 10,000 alarms'
        // infos there made adding alarms quadratic (found by the bench's row 8).
        schedule.timerIDs.compactMap(info).sorted(by: soonestFirst)
    }

    /// Cancels the timers `ids` (every timer when nil): all of them, or none when one is not a timer.
    public func cancelTimers(_ ids: [Int64]?) async throws(ProtocolError) -> CancelledTimers {
        let pending = schedule.timerIDs.sorted()
        if let unknown = ids?.first(where: { !pending.contains($0) }) {
            let list = pending.isEmpty ? "there are no timers" : "timers: " + IDRanges.text(pending)
            throw ProtocolError(.unknownAlarm, "no timer has id \(unknown); \(list)")
        }
        return CancelledTimers(cancelled: try await remove(ids ?? pending))
    }
}
