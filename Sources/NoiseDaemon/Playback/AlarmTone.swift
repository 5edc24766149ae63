import NoiseAudio
import NoiseProtocol

/// The one alarm tone the player holds (`Player+AlarmTones`): prepared ahead of its trigger so the device's
/// buffer does not make it late, then confirmed when its alarm rings.
struct AlarmTone: Sendable {
    /// Its voice in the mixer, which a stop fades out and whose first frames the onset is measured by.
    var voice: VoiceID
    /// The trigger it was scheduled for (Unix seconds): a prepared tone for a later trigger gives way to an alarm
    /// ringing now, and its onset is reported relative to this.
    var trigger: Double
    /// Whether its alarm rang; false while it is only prepared, when a change of the alarms may still cancel it.
    var rung: Bool
    /// Which sound it is, and why it is not the alarm's own when it is not.
    var tone: ToneInfo
}
