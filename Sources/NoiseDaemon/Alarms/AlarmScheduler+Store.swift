import Logging
import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseSystem

/// Changes of the store and what a refusal becomes; the store's check and rebuild, asked for by `noisectl store
/// check` and `store recover`, and its close at shutdown.
extension AlarmScheduler {
    // MARK: The store

    /// What a refused change of an alarm says.
    static let notSaved = "the alarm could not be saved"

    /// The schedule's actions after an alarm was inserted or updated, less its look-after instant: the insert or the
    /// update wrote that in its own transaction, so `alarm add` and `alarm edit` are one store transaction (a ring or
    /// a snooze the edit ends is recorded after, as any other).
    static func written(_ actions: [AlarmSchedule.Action], alarmID: Int64, now: Double) -> [AlarmSchedule.Action] {
        actions.filter { $0 != .persistLookAfter(alarmID: alarmID, instant: now) }
    }

    public func checkStore() -> StoreCheck {
        StoreCheck(database.check())
    }

    /// Rebuilds a database opened from a damaged file and goes on with it, writable; the alarms stay scheduled as
    /// they are (the rebuilt file holds the same ones).
    public func recoverStore() throws(ProtocolError) -> StoreRecovery {
        let rebuilt: NoiseDatabase.Rebuilt
        do {
            rebuilt = try database.rebuild(lookAfter: schedule.lookAfter, snoozes: schedule.snoozes)
        } catch {
            let reason = NoiseDatabase.describe(error)
            logger.error("alarms: the store was not rebuilt: \(reason)")
            throw ProtocolError(.storageFailed, "the alarm store was not rebuilt, so nothing changed: \(reason)")
        }
        let report = StoreRecovery(rebuilt)
        guard rebuilt.recovered else { return report }
        board.publish(storeFailure: nil)
        let leftOut = report.dropped.isEmpty ? "" : ", alarms \(IDRanges.text(report.dropped)) left out"
        logger.notice(
            "alarms: the store \(report.path) was rebuilt: \(report.kept) alarms kept\(leftOut); the damaged file stays as \(report.corruptCopy ?? "?")"
        )
        publishStatus()
        changed(reload: true)
        return report
    }

    /// At shutdown, once nothing else runs.
    public func closeStore() throws {
        try database.close()
    }
}
