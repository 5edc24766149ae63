import NoiseCore

/// What the scheduler needs from the audio side to ring. The player is the one implementation; the protocol
/// lets scheduler tests record rings without an audio device.
public protocol AlarmRinger: Sendable {
    /// Schedules the tone to sound exactly at `trigger` (called shortly before it).
    func prepareAlarmTone(alarm: Alarm, trigger: Int64) async
    /// Drops a prepared tone whose trigger will not ring.
    func cancelPreparedTone() async
    /// Rings (keeping a prepared tone, else starting one now; one tone for any number of ringing alarms);
    /// returns why it cannot be heard, if it cannot.
    func startAlarmTone(alarm: Alarm, trigger: Int64) async -> String?
    func stopAlarmTone() async
    /// The `unknown_sound` error (with the closest ids) when `id` names no sound in the catalog; alarms may use
    /// any sound.
    func soundProblem(_ id: String) async -> ProtocolError?
    /// When the last alarm tone started, relative to its trigger.
    func onset() async -> OnsetInfo?
}

extension Player: AlarmRinger {
    public func soundProblem(_ id: String) async -> ProtocolError? {
        currentLibrary.sound(id: id) == nil ? currentLibrary.unknownSoundError(id) : nil
    }

    public func onset() async -> OnsetInfo? {
        lastOnset.map { OnsetInfo(writtenSeconds: $0.written, heardSeconds: $0.heard) }
    }
}
