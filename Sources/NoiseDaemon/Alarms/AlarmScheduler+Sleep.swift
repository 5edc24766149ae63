import NoiseAlarms
import NoiseCore

/// Sleep and resume, as logind announces them (PrepareForSleep): a ringing tone fades before the machine
/// sleeps, and at resume every alarm is looked at again at once; a trigger that passed in between rings if it is
/// within the missed-alarm grace, else it is recorded missed with reason `suspended`.
extension AlarmScheduler {
    /// The machine is about to sleep: hold the alarms until it wakes, and fade a ringing tone (it sounds again at
    /// resume if its alarm still rings).
    public func prepareForSleep() async {
        asleepSince = now()
        logger.info("alarms: the machine is going to sleep")
        if !schedule.ringing.isEmpty { await ringer.stopAlarmTone() }
        await cancelPrepared()
        clock.interrupt()
    }

    /// The machine woke: what came due while it slept is rung or recorded missed now.
    public func resumed() async {
        guard asleepSince != nil else { return }
        logger.info("alarms: the machine woke up; looking at every alarm again")
        await examine()
        clock.interrupt()
    }

    /// Carries out what is due. After a sleep it counts lateness as `suspended`, and sounds again the tone of an
    /// alarm that still rings.
    func examine() async {
        let slept = asleepSince != nil
        asleepSince = nil
        let before = Set(schedule.ringing.keys)
        await perform(schedule.advance(to: now(), lateReason: slept ? .suspended : .late))
        if slept, let alarmID = before.intersection(schedule.ringing.keys).min(),
            let alarm = schedule.alarms[alarmID], let ring = schedule.ringing[alarmID]
        {
            _ = await ringer.startAlarmTone(alarm: alarm, trigger: ring.trigger)
        }
        await remindIfDue()
        publishNextIfChanged()
        await prepareUpcoming()
    }

    /// While logind says the machine sleeps, nothing rings (what comes due is looked at on resume); the hold ends
    /// by itself after `AlarmDefaults.sleepHoldSeconds` of wall time, so a resume signal that never comes cannot keep an
    /// alarm silent (after a real sleep the wall clock has moved on much further).
    func sleepHoldEnds() -> Double? {
        guard let since = asleepSince, now() - since < AlarmDefaults.sleepHoldSeconds else { return nil }
        return since + AlarmDefaults.sleepHoldSeconds
    }
}
