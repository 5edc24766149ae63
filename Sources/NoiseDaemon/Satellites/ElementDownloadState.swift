import NoiseProtocol
import Orbits

/// What the element downloader carries from one check to the next, in its `run()` task's own variable (nothing
/// else touches it), and the `status` made from it: what it waits for, when it last asked and when it looks next.
struct ElementDownloadState {
    var backoff: DownloadBackoff
    /// The last failure's reason per transfer or satellite, so a repeated one is not logged as a warning again.
    var failures: [String: String] = [:]
    var wasOff = false
    /// The last failure, shown in `status` until no satellite waits for a retry.
    var lastError: String?
    /// The satellites being downloaded.
    var inFlight: Set<Int> = []
    /// When a satellite whose download failed may be asked for again (wall clock).
    var notBefore: [Int: Double] = [:]
    /// When the group last answered (wall clock): after that, what it lacked is asked for in one batch, and the
    /// group again only after a refresh. A group that gave no answer is retried as a group.
    var groupAnswered: Double?
    /// The kept sets and download times as last read or written.
    var kept: [Int: OrbitalElements] = [:]
    var downloaded: [Int: Double] = [:]
    var download = true
    /// The satellites in use (kept, or a pass alarm's), as of the last check.
    var wanted: Set<Int> = []
    /// When the last request was sent, and when the next check is due (wall clock; nil while a transfer runs,
    /// whose end is the next check).
    var lastTry: Double?
    var nextCheck: Double?

    init(backoff: DownloadBackoff) {
        self.backoff = backoff
    }

    /// What `status` shows of it.
    var status: ElementsStatus {
        let satellites = kept.values.sorted { $0.catalogNumber < $1.catalogNumber }.map {
            ElementsStatus.Satellite(
                catalogNumber: $0.catalogNumber, name: $0.name, epochUnix: $0.epochUnix,
                downloadedUnix: downloaded[$0.catalogNumber])
        }
        guard download else { return ElementsStatus(download: false, satellites: satellites, lastError: nil) }
        var status = ElementsStatus(download: true, satellites: satellites, lastError: lastError)
        status.waitingFor = wanted.subtracting(kept.keys).sorted()
        status.downloading = inFlight.count
        status.lastTryUnix = lastTry
        status.nextTryUnix = inFlight.isEmpty ? nextCheck : nil
        return status
    }
}
