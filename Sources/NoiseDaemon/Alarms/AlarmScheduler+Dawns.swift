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
            case .ended(let dawn):
                logger.info("alarm \(dawn.alarmID): dawn ended")
                hub.publish(.dawnEnded(dawnInfo(dawn)))
            }
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
