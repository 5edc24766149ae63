/// The element downloads' limits and pace (docs/satellites.md, "Keeping the elements fresh"), with the downloader
/// they limit.
enum ElementLimits {
    /// A satellite's elements are downloaded again once its last download is this old (seconds): CelesTrak
    /// publishes the ISS's a few times a day, and a day-old set is still good to seconds over the next passes.
    static let elementsRefreshSeconds = 86_400.0
    /// The element downloader's longest sleep (seconds): it looks again at least this often, and its retries
    /// back off to this.
    static let elementsCheckSeconds = 3600.0
    /// Largest element download: CelesTrak's answer for one satellite is under 1 KB; a cap keeps a wrong source
    /// (a captive portal, a file) from filling memory.
    static let maxElementsDownloadBytes = 1 << 20
    /// Largest group download (CelesTrak's `GROUP=active` in OMM JSON is about 10 MB for some 10,000 satellites).
    static let maxElementsGroupDownloadBytes = 32 << 20
    /// More satellites than this due at once are taken from one group download rather than asked for one by one;
    /// it is also the most asked for one by one in a check, and the most downloads at once.
    static let elementsSingleRequestsMax = 8
    /// The most satellites one batched request names (`?CATNR=a,b,…`, after a group answer that lacked them): its URL
    /// stays under 4 KB, which every HTTP server takes.
    static let elementsBatchMax = 500
}
