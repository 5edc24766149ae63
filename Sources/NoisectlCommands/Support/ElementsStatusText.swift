import NoiseCore
import NoiseProtocol
import Orbits

/// `status`'s rows for the satellites' elements (docs/satellites.md, "Keeping the elements fresh"): each kept
/// set's age, warned past 7 days as every satellite view does and said to be refused past 14, when it was
/// downloaded, and why downloads fail.
enum ElementsStatusText {
    static let oldSeconds = 7 * 86_400.0

    static func rows(_ elements: ElementsStatus, now: Double) -> [[String]] {
        var rows = elements.satellites.map { satellite -> [String] in
            let age = now - satellite.epochUnix
            let name = "\(satellite.name ?? "satellite") (\(satellite.catalogNumber))"
            let refused = age > OrbitalElements.currentDays * 86_400
            let old = refused ? " (too old: passes and pass alarms refuse them past "
                + "\(OrbitalElements.currentDays.formatted) days)" : age > oldSeconds ? " (predictions may be off by minutes)" : ""
            let downloaded = satellite.downloadedUnix.map { ", downloaded \(DurationParser.describe(max(0, now - $0))) ago" }
                ?? ", imported"
            return ["Elements", "\(name): \((age / 86_400).fixed(1)) days old" + old + downloaded]
        }
        if rows.isEmpty {
            rows.append(["Elements", elements.download ? "none kept yet (the ISS's are being downloaded)"
                                                       : "none kept (noisectl iss elements import FILE)"])
        }
        if !elements.download {
            rows.append(["Downloads", "off (satellites.download = false in config.toml)"])
        } else if let error = elements.lastError {
            rows.append(["Downloads", "failing, retrying: \(error)"])
        }
        return rows
    }
}
