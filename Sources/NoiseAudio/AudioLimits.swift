/// The audio path's format and the device's buffer, with the engine they shape.
public enum AudioLimits {
    /// Sample rate of the mixer and the output stream.
    public static let sampleRate = 44_100
    /// Channels of the mixer and the output stream (interleaved).
    public static let channels = 2
    /// Output buffer of the device; ALSA picks periods of about a quarter of it. 500 ms, as MPD's ALSA output
    /// uses: each period costs a wake-up and a trip through the sound server, so larger periods make playback
    /// cheaper (`make bench`); the price is that a command is heard up to this much later.
    public static let deviceLatencyMicroseconds: UInt32 = 500_000
    /// Periods in that buffer. Two (250 ms each) rather than ALSA's usual four: each period is a wake-up of the output
    /// thread and of the sound server's client thread, so this halves them (`make bench`, row 5); the output thread
    /// then has 250 ms to write the next period before an underrun, far more than it ever needs.
    public static let devicePeriods: UInt32 = 2
    /// How long a device opened ahead of a sound (`AudioEngine.openAhead`, while `play` loads it) waits for it
    /// before it is closed again: only a load that failed leaves it waiting that long.
    public static let openAheadSeconds = 3.0
    /// Time over which a volume change is ramped, so it does not click (zipper noise).
    public static let volumeRampSeconds = 0.05
}
