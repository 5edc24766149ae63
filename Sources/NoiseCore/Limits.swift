/// The defaults and limits several modules share, in one place so the daemon, the client, the docs and the tests
/// agree. A feature's own live with it (`LifeLimits`, `AlarmDefaults`, `WebLimits`, `ElementLimits`,
/// `LANCertificates`, `ControlLimits`, `AudioLimits`, `StoreLimits`, `DaemonLimits`, `ConfigLimits`, `CatalogLimits`,
/// `NoisectlLimits`, `TerminalSize.maxCells`), so this bottom layer need not know the whole product.
public enum Limits {
    /// Semantic version of both programs.
    public static let version = "0.1.0"
    /// Version of the socket protocol; bumped on an incompatible change.
    public static let protocolVersion = 1

    /// The longest request line the daemon reads; a longer one is refused and the connection closed.
    public static let maxLineBytes = 64 * 1024
    /// The most alarms one `alarm_list` reply holds: a longer list is read in pages (`offset`), so neither the daemon
    /// nor a client ever holds a whole list of 100,000 alarms.
    public static let maxListPage = 1000
    /// A warning that repeats (a refused connection) is logged at most once in this many seconds, with a count of
    /// the ones held back.
    public static let repeatedWarningWindowSeconds: Int64 = 60
    /// Events queued for a subscriber that does not read; past this it is disconnected.
    public static let maxQueuedEvents = 256

    /// How often a device that failed is tried again.
    public static let deviceRetrySeconds = 3.0

    /// Decoded-sound memory cache, in MiB.
    public static let defaultCacheMiB = 64
    /// Allocations from this size up are mapped from the kernel and given back when freed (glibc's
    /// `M_MMAP_THRESHOLD`, fixed: left to itself glibc raises it after the first large free, so later large
    /// buffers stay in the heap after use). A daemon that now and then builds a large reply (a diary export) or
    /// decodes a sound must not keep that memory for the months it runs.
    public static let mappedAllocationBytes: Int32 = 256 << 10
    /// Fade applied by play and stop when the command names none, in seconds.
    public static let defaultFadeSeconds = 0.5
    /// Fade-out at the end of a sleep timer when the command names none, in seconds.
    public static let defaultSleepFadeSeconds = 30.0
    /// Longest fade accepted, in seconds.
    public static let maxFadeSeconds = 600.0
    /// Longest sleep timer accepted, in seconds (a day).
    public static let maxTimerSeconds = 86_400.0

    /// Sound ids, categories: lowercase letters, digits and '-', starting with a letter.
    public static let maxIdLength = 32
    /// Shortest audio an imported sound must decode to, in seconds.
    public static let minImportSeconds = 0.1
    /// Longest audio an import accepts, in seconds: a mistaken multi-hour file must not fill the disk.
    public static let maxImportSeconds = 3.0 * 3600
    /// The most the user's imported sounds may take together, in MiB, unless `sounds.import_quota` says otherwise:
    /// room for two of the largest imports, or about 7 hours of MP3 at 320 kbit/s; imports past it are refused.
    public static let defaultImportQuotaMiB = 1024
    public static let importQuotaMiB = 1...1_048_576

    /// The last instant a stored time may name: 9999-12-31T23:59:59Z.
    public static let latestInstant = 253_402_300_799.0

    // MARK: noiseweb (docs/web.md)

    /// How long a pairing code from `noisectl web pair` stays good: time to scan it, trust the certificate and open it.
    public static let pairCodeSeconds = 600.0
    /// How long a login code that `noisectl web` made stays good, in seconds: time enough for a browser to start,
    /// short enough that a code left in a terminal's scroll-back is worthless.
    public static let loginCodeSeconds = 120.0
    /// Random bytes in a login code and in a session token (each shown as twice as many hex digits).
    public static let webSecretBytes = 32
}
