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

    public init(download: Bool, satellites: [Satellite], lastError: String?) {
        self.download = download
        self.satellites = satellites
        self.lastError = lastError
    }
}
