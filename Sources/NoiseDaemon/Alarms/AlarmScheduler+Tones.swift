import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// The alarms that ring a sound, and giving them the default tone when that sound is removed (`sounds remove`).
extension AlarmScheduler {
    /// The alarms (timers too) whose tone is `sound`, by id.
    public func alarms(ringing sound: String) -> [Alarm] {
        schedule.alarms.values.filter { $0.sound == sound }.sorted { $0.id < $1.id }
    }

    /// Gives every alarm whose tone is `sound` the default tone in one store change, and nothing else of them: the
    /// config's `alarms.sound`, or the built-in `classic` when that is `sound` itself. Returns them as they are now.
    public func giveDefaultTone(replacing sound: String) async throws(ProtocolError) -> [AlarmInfo] {
        let ids = alarms(ringing: sound).map(\.id)
        guard !ids.isEmpty else { return [] }
        let tone = template.sound == sound ? AlarmDefaults.sound : template.sound
        try await storeChanges.change(Self.notSaved) { try await store.setSound(tone, ofAlarms: ids) }
        for id in ids { schedule.setSound(tone, ofAlarm: id) }
        changed(ids)
        return ids.compactMap { info($0) }
    }
}
