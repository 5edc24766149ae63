import MarsTime
import NoiseCore

/// Which clock on Mars a Mars alarm reads: a longitude (a library site's, or one given), and mean or true solar
/// time. The alarm's `time` is then a time of that clock, and its repeat is once or every sol.
public struct MarsAlarmClock: Sendable, Hashable, Codable {
    /// The site library's id (`perseverance`) when the alarm was set at a site; nil for a bare longitude.
    @ExplicitNull public var site: String?
    /// Planetographic, positive east, 0 ..< 360.
    public var lonEastDeg: Double
    /// Local true solar time (the sundial's) instead of local mean solar time.
    public var solar: Bool

    public init(site: String? = nil, lonEastDeg: Double, solar: Bool = false) {
        self.site = site
        self.lonEastDeg = MarsLongitude(east: lonEastDeg).east
        self.solar = solar
    }

    /// At a library site, by any of its names; the site's own error (with "did you mean") otherwise.
    public static func at(site name: String, solar: Bool) throws(ProtocolError) -> MarsAlarmClock {
        let site = try MarsSite.named(name).get()
        return MarsAlarmClock(site: site.id, lonEastDeg: site.longitude.east, solar: solar)
    }

    public var longitude: MarsLongitude { MarsLongitude(east: lonEastDeg) }

    /// `LMST` or `LTST`.
    public var clockName: String { solar ? "LTST" : "LMST" }

    /// "Jezero" style: the site's name, or the longitude.
    public var placeName: String {
        site.flatMap { try? MarsSite.named($0).get().place } ?? longitude.description
    }
}
