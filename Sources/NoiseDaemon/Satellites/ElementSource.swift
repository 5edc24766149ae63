import NoiseConfig

/// Where the element downloader gets its answers. An interface because the downloader's tests script the answers
/// and drive its loop on a hand-moved clock (`ElementDownloaderTests`); the daemon's one implementation is
/// `ElementFetcher` (AsyncHTTPClient, in NoiseDownload), which `noised` gives it (`DaemonConfiguration.elementSource`).
public protocol ElementSource: Sendable {
    /// The answer's HTTP status and body, at most `maxBytes` of it. Throws an error that says in words why no
    /// answer came (a timeout, the whole-transfer deadline, a refused connection, too large), or
    /// `CancellationError` when the task is cancelled. Called from the downloader's child tasks, several at once
    /// (one slow transfer must not hold up another); it must not block the thread.
    func fetch(_ url: String, maxBytes: Int) async throws -> (status: Int, body: [UInt8])
    /// Releases what it holds; called once, after the last fetch.
    func shutdown() async
}

/// Makes the daemon's element source from `[satellites]` (its timeout and deadline) when the downloader starts.
public typealias ElementSourceMaker = @Sendable (SatelliteSettings) -> any ElementSource
