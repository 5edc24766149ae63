/// `sound_remove`'s reply: the sound that went, and the alarms that rang it and now ring the default tone instead
/// (`force`), empty when none did.
public struct SoundRemoved: Sendable, Equatable, Codable {
    public var removed: SoundInfo
    public var alarmsChanged: [AlarmInfo]

    public init(removed: SoundInfo, alarmsChanged: [AlarmInfo]) {
        self.removed = removed
        self.alarmsChanged = alarmsChanged
    }
}
