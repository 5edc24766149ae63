import NoiseCore

/// What the scheduler needs from the audio side to ring. The player is the one implementation; the protocol
/// lets scheduler tests record rings without an audio device.
public protocol AlarmRinger: Sendable {
    /// Starts the tone (one tone for any number of ringing alarms); returns why it cannot be heard, if it cannot.
    func startAlarmTone(alarm: Alarm, trigger: Int64) async -> String?
    func stopAlarmTone() async
    /// Whether `id` names a sound in the catalog (alarms may use any sound).
    func hasSound(_ id: String) async -> Bool
}

extension Player: AlarmRinger {
    public func hasSound(_ id: String) async -> Bool {
        currentLibrary.sound(id: id) != nil
    }
}
