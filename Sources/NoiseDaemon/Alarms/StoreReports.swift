import NoiseProtocol
import NoiseStore

// The store's own answers to `check` and `rebuilt`, as the protocol sends them.

extension StoreCheck {
    init(_ health: NoiseDatabase.Health) {
        self.init(
            path: health.path, sound: health.sound, integrity: health.integrity, alarms: health.alarms,
            skippedAlarms: health.skippedAlarms, problems: health.problems, storeProblem: health.readOnlyReason,
            corruptCopy: health.corruptCopy)
    }
}

extension StoreRecovery {
    init(_ rebuilt: NoiseDatabase.Rebuilt) {
        self.init(
            path: rebuilt.path, recovered: rebuilt.recovered, kept: rebuilt.kept, dropped: rebuilt.dropped,
            corruptCopy: rebuilt.corruptCopy)
    }
}
