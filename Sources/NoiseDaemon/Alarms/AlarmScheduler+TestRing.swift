import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// An alarm ringing as a test (`alarm test ID`): which, and until when (Unix seconds). Kept in memory only.
struct TestRing: Equatable {
    var alarmID: Int64
    var until: Double
}

/// `alarm test ID`: the alarm's tone now, as it will ring (its sound, volume and ramp, through the ringer), until
/// `AlarmDefaults.testRingSeconds` on the scheduler's clock, a `dismiss`, or a real ring that takes over. Nothing of
/// the schedule or the store changes: no snooze, no missed record, no look-after instant, no tone recorded as rung.
extension AlarmScheduler {
    /// Rings alarm `id` now as a test; answered with the alarm and when the test ends.
    public func test(_ id: Int64) async throws(ProtocolError) -> AlarmTestRing {
        guard let alarm = schedule.alarms[id] else { throw unknownAlarm(id) }
        if let ringing = schedule.ringing.keys.min() {
            throw ProtocolError(
                .invalidArgument,
                "alarm \(ringing) is ringing: dismiss or snooze it first (noisectl dismiss \(ringing)), "
                    + "then test alarm \(id)")
        }
        if let test = testRing {
            throw ProtocolError(
                .invalidArgument,
                "alarm \(test.alarmID) rings as a test already: dismiss it first (noisectl dismiss), then test alarm \(id)"
            )
        }
        if let prepared = tones.prepared {
            throw ProtocolError(
                .invalidArgument, "alarm \(prepared.alarmID) rings in a moment: test alarm \(id) after it")
        }
        let now = now()
        let test = TestRing(alarmID: id, until: now + AlarmDefaults.testRingSeconds)
        testRing = test
        logger.notice("alarm \(id) rings as a test until \(TriggerInfo(unix: test.until, zone: schedule.zone).local)")
        let report = await ringer.startAlarmTone(alarm: alarm, trigger: now)
        if let problem = report.audioProblem {
            logger.warning("alarm \(id) rings as a test but cannot be heard: \(problem)")
        }
        // The loop wakes to sleep until the test's end.
        clock.interrupt()
        let info = info(id) ?? AlarmInfo(alarm: alarm, nextTrigger: nil, snoozedUntil: nil, ringing: false)
        if testRing == test { hub.publish(.alarmRinging(info)) }
        return AlarmTestRing(alarm: info, until: TriggerInfo(unix: test.until, zone: schedule.zone))
    }

    /// Ends the test ring once its time is up.
    func endTestIfDue() async {
        guard let test = testRing, now() >= test.until else { return }
        await endTest()
    }

    /// Ends the test ring, if one rings: its tone stops and `alarm_dismissed` says so. `takenOver`: a real ring comes
    /// due, whose tone replaces it. Returns the alarm tested, as it is.
    @discardableResult
    func endTest(takenOver: Bool = false) async -> AlarmInfo? {
        guard let test = testRing else { return nil }
        testRing = nil
        logger.info("alarm \(test.alarmID)'s test ring ends\(takenOver ? ": a real ring comes due" : "")")
        await ringer.stopAlarmTone()
        guard let info = info(test.alarmID) else { return nil }
        hub.publish(.alarmDismissed(info))
        return info
    }
}
