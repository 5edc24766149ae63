/// `[satellites]` in config.toml: whether and where noised downloads satellites' elements (docs/satellites.md,
/// "Keeping the elements fresh"). Read by the downloader at each of its checks, so a reload applies at the next.
public struct SatelliteSettings: Sendable, Equatable {
    /// CelesTrak's GP endpoint; `?CATNR=<n>&FORMAT=json` or `?GROUP=active&FORMAT=json` is added.
    public static let defaultSource = "https://celestrak.org/NORAD/elements/gp.php"

    /// Download at all; off, the kept elements change only by `noisectl iss elements import`.
    public var download = true
    /// Where from: an http or https URL without a query.
    public var source = SatelliteSettings.defaultSource
    /// How long to wait to connect, and then for each part of the answer, in seconds.
    public var timeoutSeconds = 30.0
    /// How long a whole transfer may take, connection, head and body, in seconds: a source that drips bytes is
    /// cut off here.
    public var deadlineSeconds = 120.0
    /// The first retry's delay after a failed download, in seconds; each next one doubles, up to an hour.
    public var retrySeconds = 60.0

    public init() {}
}
