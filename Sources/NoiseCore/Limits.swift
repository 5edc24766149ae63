/// The defaults and limits several features share, in one place so the daemon, the client, the docs and the tests
/// agree. A feature's own live with it (`LifeLimits`, `AlarmDefaults`, `WebLimits`, `ElementLimits`,
/// `LANCertificates`), so this bottom layer need not know the whole product.
public enum Limits {
    /// Semantic version of both programs.
    public static let version = "0.1.0"
    /// Version of the socket protocol; bumped on an incompatible change.
    public static let protocolVersion = 1

    /// The longest request line the daemon reads; a longer one is refused and the connection closed.
    public static let maxLineBytes = 64 * 1024
    /// After refusing a line over the limit, how long the daemon goes on reading (and dropping) what the client
    /// still sends before it closes: closing with unread data would reset the connection and lose the refusal.
    public static let overlongLineDrainSeconds: Int64 = 10
    /// Connections served at once. A new one over the limit takes the place of an idle one (which is told why and
    /// closed); only when every connection is busy with a request is the new one refused.
    public static let maxConnections = 512
    /// The most alarms one `alarm_list` reply holds: a longer list is read in pages (`offset`), so neither the daemon
    /// nor a client ever holds a whole list of 100,000 alarms.
    public static let maxListPage = 1000
    /// Subscribed connections at once, below `maxConnections` so that requests always have room; a new subscription
    /// over it takes the place of another subscriber.
    public static let maxSubscribers = 256
    /// Reply and event bytes the daemon holds, across all connections, for clients that do not read them; past this
    /// the connection holding the most is closed.
    public static let maxQueuedReplyBytes = 64 << 20
    /// Connections the kernel holds waiting to be accepted: a burst of clients (a status bar's widgets at log-in)
    /// waits there instead of being refused with EAGAIN.
    public static let listenBacklog: Int32 = 512
    /// A warning that repeats (a refused connection) is logged at most once in this many seconds, with a count of
    /// the ones held back.
    public static let repeatedWarningWindowSeconds: Int64 = 60
    /// Events queued for a subscriber that does not read; past this it is disconnected.
    public static let maxQueuedEvents = 256
    /// How long a connection may stay silent before it is closed (subscribers are exempt).
    public static let idleConnectionSeconds: Int64 = 300

    /// Threads for blocking file work (decoding, imports, catalog and config reads): enough that one hung file
    /// (a stalled network mount) leaves the others working, few enough that hundreds of requests cannot start
    /// hundreds of threads.
    public static let fileWorkThreads = 4
    /// How much of the time before a trigger an alarm's tone may take to load; the rest is kept for the device
    /// buffer (`deviceLatencyMicroseconds`) and a margin, so the tone still starts on the trigger's instant. A tone
    /// not loaded by then (its file is on a stalled mount) gives way to the tone made in code.
    public static let toneReadyMarginSeconds = 0.7
    /// How long a tone started on the spot (no time to prepare it: the trigger was found late) may take to load
    /// before the tone made in code rings instead.
    public static let lateToneLoadSeconds = 0.5

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
    /// How often a device that failed is tried again.
    public static let deviceRetrySeconds = 3.0

    /// Decoded-sound memory cache, in MiB.
    public static let defaultCacheMiB = 64
    /// Decoded sounds kept on disk across restarts (`$XDG_CACHE_HOME/noised/decoded`), in MiB: about 25 minutes
    /// of audio (10.1 MiB a minute), room for every bundled noise and tone (about 114 MiB) twice over.
    public static let decodedSoundCacheMiB = 256
    /// Allocations from this size up are mapped from the kernel and given back when freed (glibc's
    /// `M_MMAP_THRESHOLD`, fixed: left to itself glibc raises it after the first large free, so later large
    /// buffers stay in the heap after use). A daemon that now and then builds a large reply (a diary export) or
    /// decodes a sound must not keep that memory for the months it runs.
    public static let mappedAllocationBytes: Int32 = 256 << 10
    /// Fade applied by play and stop when the command names none, in seconds.
    public static let defaultFadeSeconds = 0.5
    /// Fade-out at the end of a sleep timer when the command names none, in seconds.
    public static let defaultSleepFadeSeconds = 30.0
    /// Time over which a volume change is ramped, so it does not click (zipper noise).
    public static let volumeRampSeconds = 0.05
    /// Longest fade accepted, in seconds.
    public static let maxFadeSeconds = 600.0
    /// Longest sleep timer accepted, in seconds (a day).
    public static let maxTimerSeconds = 86_400.0

    /// Sound ids, categories: lowercase letters, digits and '-', starting with a letter.
    public static let maxIdLength = 32
    /// Saved mixes: names as long as sound ids, and at most this many (a mix is a handful of rows).
    public static let maxMixes = 200
    /// Longest display name of a sound.
    public static let maxNameLength = 80
    /// Shortest audio an imported sound must decode to, in seconds.
    public static let minImportSeconds = 0.1
    /// Longest audio an import accepts, in seconds: a mistaken multi-hour file must not fill the disk.
    public static let maxImportSeconds = 3.0 * 3600
    /// Largest file an import copies: three hours at 320 kbit/s is 432 MB.
    public static let maxImportBytes = 512 << 20
    /// The most the user's imported sounds may take together, in MiB, unless `sounds.import_quota` says otherwise:
    /// room for two of the largest imports, or about 7 hours of MP3 at 320 kbit/s; imports past it are refused.
    public static let defaultImportQuotaMiB = 1024
    public static let importQuotaMiB = 1...1_048_576

    /// Longest text of one config problem (which quotes the bad value), in characters.
    public static let maxProblemCharacters = 300

    /// Alarm ids a damaged store is probed for one by one when its table cannot be read through (docs/reliability.md).
    public static let maxStoreProbeIDs: Int64 = 100_000
    /// Findings of SQLite's `quick_check`/`integrity_check` kept in a report; the first says what kind of damage.
    public static let maxStoreCheckLines = 20

    /// Largest terminal side `--size` accepts, in cells.
    public static let maxTerminalCells = 1000
    /// How often the terminal clock tries to reach a daemon that is not running, in seconds.
    public static let clockReconnectSeconds = 5
    /// How long the terminal clock waits for a reply before it takes the daemon for gone (and keeps ticking).
    public static let clockDaemonWaitSeconds = 2
    /// Zones `noisectl world add` keeps in the config.
    public static let maxWorldZones = 24

    /// Digits after an instant's seconds that an option accepts (`date --iso-8601=ns` writes 9); an instant keeps
    /// milliseconds, the rest rounded, as no alarm rings finer.
    public static let maxInstantFractionDigits = 9
    /// The last instant a stored time may name: 9999-12-31T23:59:59Z.
    public static let latestInstant = 253_402_300_799.0

    // MARK: noiseweb (docs/web.md)

    /// The port noiseweb listens on, on 127.0.0.1, unless `[web] listen` or `--listen` says otherwise; `noisectl
    /// web` builds its URL from the same setting. Unassigned by IANA, and far from the usual development ports.
    public static let defaultWebPort = 7470
    /// The LAN mode's port (`[web] lan`, HTTPS), beside the loopback one.
    public static let defaultWebLANPort = 7471
    /// How long a pairing code from `noisectl web pair` stays good: time to scan it, trust the certificate and open it.
    public static let pairCodeSeconds = 600.0
    /// How long a login code that `noisectl web` made stays good, in seconds: time enough for a browser to start,
    /// short enough that a code left in a terminal's scroll-back is worthless.
    public static let loginCodeSeconds = 120.0
    /// Random bytes in a login code and in a session token (each shown as twice as many hex digits).
    public static let webSecretBytes = 32
}
