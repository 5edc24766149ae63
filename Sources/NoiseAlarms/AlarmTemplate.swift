import NoiseCore

/// What a new alarm gets for every setting `alarm add` leaves out: `AlarmDefaults` unless the config's
/// `[alarms]` table says otherwise.
public struct AlarmTemplate: Sendable, Equatable {
    public var sound = AlarmDefaults.sound
    public var volume = AlarmDefaults.volume
    public var rampSeconds = AlarmDefaults.rampSeconds
    public var snoozeMinutes = AlarmDefaults.snoozeMinutes
    public var ringLimitSeconds = AlarmDefaults.ringLimitSeconds
    public var dawnSeconds = AlarmDefaults.dawnSeconds

    public init() {}

    public func alarm(id: Int64, time: TimeOfDay) -> Alarm {
        Alarm(
            id: id, time: time, sound: sound, volume: volume, rampSeconds: rampSeconds,
            snoozeMinutes: snoozeMinutes, ringLimitSeconds: ringLimitSeconds, dawnSeconds: dawnSeconds)
    }
}
