import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// Dawns carried out (docs/alarms.md, "Dawn"): the schedule says which began and which ended (`AlarmSchedule+Dawns`);
/// each is logged and published as `dawn_started` or `dawn_ended`, and `status` lists those under way. Settled after
/// every wake-up and every change, so an answered ring, a skip or an edit ends its dawn at once.
extension AlarmScheduler {
    func settleDawns() {
        let changes = schedule.dawnChanges(now: now())
        guard !changes.isEmpty else { return }
        schedule.settleDawns(changes)
        for change in changes {
            switch change {
            case .started(let dawn):
                logger.info(
                    "alarm \(dawn.alarmID): dawn of \(DurationParser.describe(dawn.lengthSeconds)) begins for its ring at \(dawnInfo(dawn).ringAt.local)"
                )
                hub.publish(.dawnStarted(dawnInfo(dawn)))
                if let mix = schedule.alarms[dawn.alarmID]?.dawnMix {
                    // The crossfade is the player's, and waits on it: the schedule's settling does not.
                    Task { await startDawnSound(dawn, mix: mix) }
                }
            case .ended(let dawn):
                logger.info("alarm \(dawn.alarmID): dawn ended")
                hub.publish(.dawnEnded(dawnInfo(dawn)))
            }
        }
    }

    /// A dawn's sound: the crossfade to its mix over what is left of the dawn (all of it, unless the dawn began late:
    /// an alarm set within it, a resume); a mix that cannot start is said in the log, and the alarm rings as ever.
    private func startDawnSound(_ dawn: AlarmSchedule.Dawn, mix: String) async {
        guard let alarm = schedule.alarms[dawn.alarmID] else { return }
        let seconds = dawn.ringAt - now()
        guard seconds > 0 else { return }
        if let problem = await ringer.playDawnSound(mix: mix, over: seconds, volume: alarm.volume) {
            logger.warning("alarm \(dawn.alarmID): its dawn's mix '\(mix)' could not start: \(problem.message)")
        } else {
            logger.info(
                "alarm \(dawn.alarmID): dawn crossfades to mix '\(mix)' over \(DurationParser.describe(seconds))")
        }
    }

    /// The dawns under way, by alarm id, as `status` shows them.
    func dawnInfos() -> [DawnInfo] {
        schedule.dawns.values.sorted { $0.alarmID < $1.alarmID }.map(dawnInfo)
    }

    private func dawnInfo(_ dawn: AlarmSchedule.Dawn) -> DawnInfo {
        DawnInfo(alarmID: dawn.alarmID, ringAt: dawn.ringAt, lengthSeconds: dawn.lengthSeconds, zone: schedule.zone)
    }
}
