/// The daemon's own limits: its file threads, how long an alarm's tone may take to load, what it keeps on disk and
/// copies in, with the actors they limit.
public enum DaemonLimits {
    /// Threads for blocking file work (decoding, imports, catalog and config reads): enough that one hung file
    /// (a stalled network mount) leaves the others working, few enough that hundreds of requests cannot start
    /// hundreds of threads.
    public static let fileWorkThreads = 4
    /// How much of the time before a trigger an alarm's tone may take to load; the rest is kept for the device
    /// buffer (`AudioLimits.deviceLatencyMicroseconds`) and a margin, so the tone still starts on the trigger's
    /// instant. A tone not loaded by then (its file is on a stalled mount) gives way to the tone made in code.
    public static let toneReadyMarginSeconds = 0.7
    /// How long a tone started on the spot (no time to prepare it: the trigger was found late) may take to load
    /// before the tone made in code rings instead.
    public static let lateToneLoadSeconds = 0.5
    /// Decoded sounds kept on disk across restarts (`$XDG_CACHE_HOME/noised/decoded`), in MiB: about 25 minutes
    /// of audio (10.1 MiB a minute), room for every bundled noise and tone (about 114 MiB) twice over.
    public static let decodedSoundCacheMiB = 256
    /// Largest file an import copies: three hours at 320 kbit/s is 432 MB.
    public static let maxImportBytes = 512 << 20
}
