import NoiseCore

/// The satellites' elements as the daemon's downloader last saw them: part of `status` (docs/satellites.md,
/// "Keeping the elements fresh"). Times are Unix seconds, so a client works out the ages at its own now.
public struct ElementsStatus: Sendable, Equatable, Codable {
    /// One kept satellite.
    public struct Satellite: Sendable, Equatable, Codable {
        public var catalogNumber: Int
        @ExplicitNull public var name: String?
        /// The kept set's epoch: the elements' age is counted from it.
        public var epochUnix: Double
        /// When its elements were last downloaded; nil when they were only imported.
        @ExplicitNull public var downloadedUnix: Double?

        public init(catalogNumber: Int, name: String?, epochUnix: Double, downloadedUnix: Double?) {
            self.catalogNumber = catalogNumber
            self.name = name
            self.epochUnix = epochUnix
            self.downloadedUnix = downloadedUnix
        }
    }

    /// Whether downloads are on (`satellites.download`).
    public var download: Bool
    /// The kept satellites, in catalog order.
    public var satellites: [Satellite]
    /// Why the last check's downloads failed, until one succeeds.
    @ExplicitNull public var lastError: String?
    /// The satellites in use (a pass alarm's) whose elements are not kept yet: what a download is awaited for.
    /// Empty while downloads are off, and when nothing is in use (then nothing is downloaded at all).
    public var waitingFor: [Int]
    /// The satellites whose download is in flight now.
    public var downloading: Int
    /// When the daemon last asked the source (Unix seconds, since it started); null before it has.
    @ExplicitNull public var lastTryUnix: Double?
    /// When it looks next (a retry, or the next satellite falling due; Unix seconds); null while a download is in
    /// flight (its end is the next look) and while downloads are off.
    @ExplicitNull public var nextTryUnix: Double?

    public init(
        download: Bool, satellites: [Satellite], lastError: String?, waitingFor: [Int] = [],
        downloading: Int = 0, lastTryUnix: Double? = nil, nextTryUnix: Double? = nil
    ) {
        self.download = download
        self.satellites = satellites
        self.lastError = lastError
        self.waitingFor = waitingFor
        self.downloading = downloading
        self.lastTryUnix = lastTryUnix
        self.nextTryUnix = nextTryUnix
    }
}
