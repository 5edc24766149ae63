import NoiseAlarms
import NoiseCore

/// Sleep and resume, as logind announces them (`SleepHold`): a ringing tone fades before the machine sleeps, and
/// at resume every alarm is looked at again at once; a trigger that passed in between rings if it is within the
/// missed-alarm grace, else it is recorded missed with reason `suspended`.
extension AlarmScheduler {
    /// The machine is about to sleep: hold the alarms until it wakes, and fade a ringing tone (it sounds again at
    /// resume if its alarm still rings).
    public func prepareForSleep() async {
        sleepHold.fallAsleep(at: now())
        logger.info("alarms: the machine is going to sleep")
        if !schedule.ringing.isEmpty { await ringer.stopAlarmTone() }
        await cancelPrepared()
        clock.interrupt()
    }

    /// The machine woke: what came due while it slept is rung or recorded missed now.
    public func resumed() async {
        guard sleepHold.isAsleep else { return }
        logger.info("alarms: the machine woke up; looking at every alarm again")
        await examine()
        clock.interrupt()
    }

    /// Carries out what is due. After a sleep it counts lateness as `suspended`, and sounds again the tone of an
    /// alarm that still rings.
    func examine() async {
        let slept = sleepHold.wake()
        let before = Set(schedule.ringing.keys)
        await perform(schedule.advance(to: now(), lateReason: slept ? .suspended : .late))
        if slept, let alarmID = before.intersection(schedule.ringing.keys).min(),
            let alarm = schedule.alarms[alarmID], let ring = schedule.ringing[alarmID]
        {
            _ = await ringer.startAlarmTone(alarm: alarm, trigger: ring.trigger)
        }
        settleDawns()
        await remindIfDue()
        publishNextIfChanged()
        await prepareUpcoming()
    }
}
