/// Identifies one voice in the mixer; a sound played again after it ended gets a new one.
public typealias VoiceID = UInt64

/// What the daemon asks of the mixer. Sent to the output thread, applied between two periods.
///
/// `@unchecked Sendable`: `start` hands a `PCMSource` over to the output thread; the sender keeps no reference.
public enum MixerCommand: @unchecked Sendable {
    /// Adds a voice at `gain`, fading in from silence over `fadeFrames`.
    case start(VoiceID, source: any PCMSource, gain: Float, fadeFrames: Int)
    /// Moves a voice's gain to `gain` with a short ramp.
    case setGain(VoiceID, gain: Float)
    /// Moves a voice's gain to `gain` over `frames`, linearly: a sleep timer's fade to its floor, and back up when
    /// the timer is extended or cleared. Unlike `fadeOut` the voice stays, so the fade can be taken back.
    case rampGain(VoiceID, gain: Float, frames: Int)
    /// Fades a voice to silence over `fadeFrames`, then removes it.
    case fadeOut(VoiceID, fadeFrames: Int)
    /// Fades every voice out.
    case fadeOutAll(fadeFrames: Int)
    /// Moves the master gain with a short ramp.
    case setMasterGain(Float)
    /// Adds an alarm tone that starts sounding when the stream reaches wall-clock time `startAt` (Unix seconds;
    /// nil: at once), so an alarm known in advance is heard on its second, not a device buffer late. It rises from
    /// silence to `gain` over `rampFrames`; while it sounds, noise voices are ducked. Its first frames are
    /// reported (`AudioEvent.alarmAudio`).
    case startAlarm(VoiceID, source: any PCMSource, gain: Float, rampFrames: Int, startAt: Double?)
}
