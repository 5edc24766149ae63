import NoiseAlarms
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseTime

/// The missed alarms: listed and forgotten on request (`alarm missed`, `alarm missed --clear`).
extension AlarmScheduler {
    /// The missed alarms the store keeps, newest first (`status` shows the last `missedShown`).
    public func missed() async throws(ProtocolError) -> [MissedInfo] {
        let missed = try await storeChanges.read("the missed alarms") {
            try await store.missed(limit: AlarmDefaults.missedKept)
        }
        return RecentMissed.info(missed, zone: schedule.zone)
    }

    /// Forgets every missed alarm: `status`, `alarm missed` and the next start show none.
    public func clearMissed() async throws(ProtocolError) -> MissedCleared {
        let cleared = try await storeChanges.change("the missed alarms could not be forgotten") {
            try await store.clearMissed()
        }
        recentMissed.clear()
        hub.publish(.missedCleared(MissedCleared(cleared: cleared)))
        return MissedCleared(cleared: cleared)
    }
}
