import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// What the scheduler needs from the audio side to ring. The player is the one implementation; the protocol
/// lets scheduler tests record rings without an audio device.
public protocol AlarmRinger: Sendable {
    /// Schedules the tone to sound exactly at `trigger` (called shortly before it); returns within `readyWithin`,
    /// with the tone made in code scheduled when the alarm's sound could not be loaded in that time.
    func prepareAlarmTone(alarm: Alarm, trigger: Double, readyWithin: Duration) async
    /// Drops a prepared tone whose trigger will not ring.
    func cancelPreparedTone() async
    /// Rings (keeping a prepared tone, else starting one now; one tone for any number of ringing alarms);
    /// returns which tone sounds and why it cannot be heard, if it cannot. Returns within a second whatever the
    /// files do.
    func startAlarmTone(alarm: Alarm, trigger: Double) async -> RingReport
    func stopAlarmTone() async
    /// The `unknown_sound` error (with the closest ids) when `id` names no sound in the catalog; alarms may use
    /// any sound.
    func soundProblem(_ id: String) async -> ProtocolError?
    /// The `unknown_mix` error when no saved mix has this name (an alarm's `then_mix`).
    func mixProblem(_ name: String) async -> ProtocolError?
    /// Starts a saved mix after a dismissed alarm; the reason when it cannot.
    func playAfterAlarm(mix: String) async -> ProtocolError?
    /// Crossfades from what plays to a saved mix over `seconds` (an alarm's dawn sound), its sounds rising to their
    /// saved volumes scaled by `volume`; the reason when it cannot.
    func playDawnSound(mix: String, over seconds: Double, volume: Double) async -> ProtocolError?
}

/// What ringing started: the tone, and why it cannot be heard (the device is in error), if it cannot.
public struct RingReport: Sendable, Equatable {
    public var tone: ToneInfo
    public var audioProblem: String?

    public init(tone: ToneInfo, audioProblem: String? = nil) {
        self.tone = tone
        self.audioProblem = audioProblem
    }
}

extension Player: AlarmRinger {
    public func soundProblem(_ id: String) async -> ProtocolError? {
        library.sound(id: id) == nil ? library.unknownSoundError(id) : nil
    }

    public func mixProblem(_ name: String) async -> ProtocolError? {
        do { _ = try await savedMix(named: name) } catch { return error }
        return nil
    }

    public func playAfterAlarm(mix: String) async -> ProtocolError? {
        do { _ = try await play(Commands.Play(sounds: [], mix: mix)) } catch { return error }
        return nil
    }
}
