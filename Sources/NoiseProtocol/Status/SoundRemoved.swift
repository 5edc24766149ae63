import NoiseAlarms

/// `sound_remove`'s reply: the sound that went, and the alarms that rang it and now ring the default tone instead
/// (`force`), empty when none did.
public struct SoundRemoved: Sendable, Equatable, Codable {
    public var removed: SoundInfo
    public var alarmsChanged: [AlarmInfo]

    public init(removed: SoundInfo, alarmsChanged: [AlarmInfo]) {
        self.removed = removed
        self.alarmsChanged = alarmsChanged
    }

    /// "alarm 3 (Work)", "alarms 3 (Work), 5 and 7": the alarms a removal concerns, as its refusal and its reply say.
    public static func naming(_ alarms: [Alarm]) -> String {
        let names = alarms.map { $0.label.isEmpty ? "\($0.id)" : "\($0.id) (\($0.label))" }
        let list = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return (alarms.count == 1 ? "alarm " : "alarms ") + list
    }
}
