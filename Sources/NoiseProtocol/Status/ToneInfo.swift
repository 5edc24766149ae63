import NoiseCore

/// The tone an alarm rang with, and why it was not the alarm's own sound when it was not: a missing or broken
/// file, or one too slow to open (a stalled mount) to sound on time. Part of the alarm's `AlarmInfo`, so the
/// ringing event, `status` and `alarm show` all say what was heard.
public struct ToneInfo: Sendable, Equatable, Codable {
    /// The sound id that rang, or nil for the tone made in code (when no file could be used).
    @ExplicitNull public var sound: String?
    /// Why the alarm's own sound did not ring, or nil when it did.
    @ExplicitNull public var note: String?

    public init(sound: String?, note: String?) {
        self.sound = sound
        self.note = note
    }
}
