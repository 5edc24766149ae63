/// Identifies one voice in the mixer; a sound played again after it ended gets a new one.
public typealias VoiceID = UInt64

/// What the daemon asks of the mixer. Sent to the output thread, applied between two periods.
///
/// `@unchecked Sendable`: `start` hands a `PCMSource` over to the output thread; the sender keeps no reference.
public enum MixerCommand: @unchecked Sendable {
    /// Adds a voice at `gain`, fading in from silence over `fadeFrames`.
    case start(VoiceID, source: any PCMSource, gain: Float, fadeFrames: Int)
    /// Brings a voice's envelope back to full over `fadeFrames` (a sound fading out that is played again).
    case resume(VoiceID, fadeFrames: Int)
    /// Moves a voice's gain to `gain` with a short ramp.
    case setGain(VoiceID, gain: Float)
    /// Fades a voice to silence over `fadeFrames`, then removes it.
    case fadeOut(VoiceID, fadeFrames: Int)
    /// Fades every voice out.
    case fadeOutAll(fadeFrames: Int)
    /// Moves the master gain with a short ramp.
    case setMasterGain(Float)
    /// Adds an alarm tone: it rises from silence to `gain` over `rampFrames`, is not ducked, and is reported
    /// (`AudioEvent.alarmAudioWritten`) when its first frames go to the device.
    case startAlarm(VoiceID, source: any PCMSource, gain: Float, rampFrames: Int)
    /// Lowers every noise voice (not alarm tones) to `gain`, ramped over a quarter second; 1 restores them.
    case setDuck(Float)
}
