import NoiseCore
import NoiseProtocol
import Orbits

/// `status`'s rows for the satellites' elements (docs/satellites.md, "Keeping the elements fresh"): each kept
/// set's age, warned past 7 days as every satellite view does and said to be refused past 14, when it was
/// downloaded; what the downloads wait for, when they last asked and look next, and why they fail.
enum ElementsStatusText {
    static let oldSeconds = 7 * 86_400.0

    static func rows(_ elements: ElementsStatus, now: Double) -> [[String]] {
        var rows = elements.satellites.map { satellite -> [String] in
            let age = now - satellite.epochUnix
            let name = "\(satellite.name ?? "satellite") (\(satellite.catalogNumber))"
            let refused = age > OrbitalElements.currentDays * 86_400
            let old =
                refused
                ? " (too old: passes and pass alarms refuse them past "
                    + "\(OrbitalElements.currentDays.formatted) days)"
                : age > oldSeconds ? " (predictions may be off by minutes)" : ""
            let downloaded =
                satellite.downloadedUnix.map { ", downloaded \(DurationParser.describe(max(0, now - $0))) ago" }
                ?? ", imported"
            return ["Elements", "\(name): \((age / 86_400).fixed(1)) days old" + old + downloaded]
        }
        if rows.isEmpty { rows.append(["Elements", none(elements)]) }
        if let downloads = downloads(elements, now: now) { rows.append(["Downloads", downloads]) }
        return rows
    }

    /// Why none are kept: off, nothing in use (so nothing is downloaded), or which first download is awaited.
    static func none(_ elements: ElementsStatus) -> String {
        if !elements.download { return "none kept (noisectl iss elements import FILE)" }
        guard !elements.waitingFor.isEmpty else {
            return "none kept, and no pass alarm wants any, so none are downloaded (noisectl alarm add --iss, "
                + "or noisectl iss elements import FILE)"
        }
        return "none kept yet: waiting for the first download of "
            + elements.waitingFor.map { String($0) }.joined(separator: ", ")
    }

    /// What the downloads do: off, in flight, failing, or when they last asked and look next.
    static func downloads(_ elements: ElementsStatus, now: Double) -> String? {
        guard elements.download else { return "off (satellites.download = false in config.toml)" }
        let ago = elements.lastTryUnix.map { "asked \(DurationParser.describe(max(0, now - $0))) ago" }
        let next = elements.nextTryUnix.map { "next check in \(DurationParser.describe(max(0, $0 - now)))" }
        if elements.downloading > 0 {
            let what = elements.downloading == 1 ? "1 satellite" : "\(elements.downloading) satellites"
            return "downloading \(what)" + (ago.map { " (\($0))" } ?? "")
        }
        let when = [ago ?? "not asked yet", next].compactMap { $0 }.joined(separator: ", ")
        if let error = elements.lastError { return "failing, retrying: \(error); \(when)" }
        return elements.lastTryUnix == nil && elements.nextTryUnix == nil ? nil : when
    }
}
