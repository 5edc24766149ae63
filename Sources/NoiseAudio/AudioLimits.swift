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
    /// How long the device stays open, drained and silent, after the last sound ends (or after a `play` opened it
    /// ahead of its sound, `AudioEngine.openAhead`): a play within it does not open the device again (through
    /// PulseAudio's ALSA plugin an open is a connection to the server, 1–5 ms; docs/performance.md, row 9). Then it
    /// is closed, so an idle daemon holds no device and its output thread sleeps without a deadline (row 4c). Short:
    /// while open, PulseAudio's ALSA plugin keeps a stream (corked) on the sink and its thread wakes now and then.
    public static let keepOpenSeconds = 3.0
    /// Time over which a volume change is ramped, so it does not click (zipper noise).
    public static let volumeRampSeconds = 0.05
}
