import Logging
import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseSystem

/// What the schedule decided, carried out: tones prepared and rung, missed alarms recorded, events published.
extension AlarmScheduler {
    // MARK: Carrying out the schedule's actions

    func perform(_ actions: [AlarmSchedule.Action]) async {
        guard !actions.isEmpty else { return }
        var toneStopped = false
        do {
            // The labels of the alarms missed only: a map of every alarm's made each change cost as much as the store.
            let missed = actions.compactMap { action -> Int64? in
                if case .missed(let id, _, _) = action { id } else { nil }
            }
            let labels = Dictionary(
                missed.map { ($0, schedule.alarms[$0]?.label ?? "") }, uniquingKeysWith: { first, _ in first })
            try await store.record(actions, labels: labels, now: Int64(now().rounded(.down)))
        } catch {
            // Ringing matters more than the record: go on, and say so.
            logger.error("alarms: could not store the scheduler's state: \(error)")
        }
        for action in actions {
            switch action {
            case .ring(let alarmID, let trigger):
                await endTest(takenOver: true)
                tones.ringing(alarmID, trigger: trigger)
                await ring(alarmID, trigger: trigger)
            case .stopRinging:
                // One tone for all ringing alarms: stop it once, when the last one stops.
                if schedule.ringing.isEmpty && !toneStopped {
                    toneStopped = true
                    await ringer.stopAlarmTone()
                }
            case .missed(let alarmID, let trigger, let reason):
                let label = schedule.alarms[alarmID]?.label ?? ""
                let missed = recentMissed.record(
                    alarmID: alarmID, label: label, trigger: trigger, reason: reason, zone: schedule.zone)
                logger.warning(
                    "alarm \(alarmID) \(label.isEmpty ? "" : "(\(label)) ")missed (\(reason.rawValue)): \(missed.trigger.local)"
                )
                hub.publish(.alarmMissed(missed))
            case .snoozed(let alarmID, let until):
                logger.info("alarm \(alarmID) snoozed until \(TriggerInfo(unix: until, zone: schedule.zone).local)")
                if let info = info(alarmID) { hub.publish(.alarmSnoozed(info)) }
            case .dismissed(let alarmID, _):
                logger.info("alarm \(alarmID) dismissed")
                if let info = info(alarmID) { hub.publish(.alarmDismissed(info)) }
                await playAfterDismiss(alarmID)
            case .remove(let alarmID):
                // A timer whose ring is over: its events went out above; now it goes.
                _ = schedule.remove(alarmID)
                logger.info("timer \(alarmID) done and removed")
                changed(removed: [alarmID])
            case .skipSpent(let alarmID), .pauseEnded(let alarmID):
                // Its `skips` goes from the alarm's info: pages and `watch` are told.
                changed([alarmID])
            case .persistLookAfter, .persistSnooze, .disable:
                break
            }
        }
    }

    private func ring(_ alarmID: Int64, trigger: Double) async {
        guard let alarm = schedule.alarms[alarmID] else { return }
        let when = TriggerInfo(unix: trigger, zone: schedule.zone).local
        let title = alarm.label.isEmpty ? "" : "(\(alarm.label)) "
        logger.notice("alarm \(alarmID) \(title)ringing: \(when)")
        // The tone first (it returns within a second whatever the files do), so the event says what is heard.
        let report = await ringer.startAlarmTone(alarm: alarm, trigger: trigger)
        tones.record(report.tone, for: alarmID)
        if let note = report.tone.note {
            logger.warning(
                "alarm \(alarmID) \(title)rings with \(report.tone.sound.map { "'\($0)'" } ?? "the tone made in code"): \(note)"
            )
        }
        if let info = info(alarmID) { hub.publish(.alarmRinging(info)) }
        if let problem = report.audioProblem {
            logger.warning("alarm \(alarmID) rings but cannot be heard: \(problem)")
        }
        publishStatus()
    }
}
