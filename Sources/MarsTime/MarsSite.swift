import NoiseCore

/// A place on Mars to tell the time at: landing sites and landmarks, planetographic coordinates, east positive.
public struct MarsSite: Sendable, Equatable {
    /// What users type (`jezero`), and what is shown.
    public let id: String
    public let name: String
    public let longitude: MarsLongitude
    /// Degrees north.
    public let latitude: Double
    /// Where the coordinates come from.
    public let source: String
    /// The rover's landing (Unix seconds, UTC) when its mission counts sols from it (sol 0 is the landing sol).
    public let landing: Double?

    init(_ id: String, _ name: String, east: Double, north: Double, _ source: String, landing: Double? = nil) {
        self.id = id
        self.name = name
        self.longitude = MarsLongitude(east: east)
        self.latitude = north
        self.source = source
        self.landing = landing
    }

    /// The sites, in the order they are listed.
    public static let all: [MarsSite] = [
        MarsSite("airy-0", "Prime meridian (Airy-0)", east: 0, north: -5.07, "IAU/IAG 2015 (Archinal et al. 2018): Airy-0 defines 0°"),
        MarsSite("viking-1", "Viking 1 (Chryse Planitia)", east: 312.05, north: 22.27, "NASA NSSDCA 1975-075C"),
        MarsSite("viking-2", "Viking 2 (Utopia Planitia)", east: 134.29, north: 47.64, "NASA NSSDCA 1975-083C"),
        MarsSite("pathfinder", "Mars Pathfinder (Ares Vallis)", east: 326.78, north: 19.13, "NASA NSSDCA 1996-068A"),
        MarsSite("spirit", "Spirit (Gusev crater)", east: 175.298, north: -14.5718,
                 "NASA GISS Mars24 worked example B (184.702° W)"),
        MarsSite("opportunity", "Opportunity (Meridiani Planum)", east: 354.4734, north: -1.9462, "NASA JPL MER mission"),
        MarsSite("phoenix", "Phoenix (Vastitas Borealis)", east: 234.25, north: 68.22, "NASA NSSDCA 2007-034A"),
        MarsSite("curiosity", "Curiosity (Gale crater)", east: 137.4417, north: -4.5895, "NASA JPL MSL mission",
                 landing: 1_344_230_277),   // 2012-08-06 05:17:57 UTC
        MarsSite("insight", "InSight (Elysium Planitia)", east: 135.623, north: 4.502, "NASA JPL InSight mission"),
        MarsSite("perseverance", "Perseverance (Jezero crater)", east: 77.4508, north: 18.4447, "NASA JPL Mars 2020 mission",
                 landing: 1_613_681_700),   // 2021-02-18 20:55 UTC
        MarsSite("zhurong", "Zhurong (Utopia Planitia)", east: 109.925, north: 25.066, "CNSA Tianwen-1 (Ding et al. 2022)"),
        MarsSite("olympus-mons", "Olympus Mons", east: 226.2, north: 18.65, "USGS Gazetteer of Planetary Nomenclature"),
    ]

    /// Other names for sites, as people say them.
    static let aliases: [String: String] = [
        "jezero": "perseverance", "gale": "curiosity", "gusev": "spirit", "meridiani": "opportunity",
        "prime": "airy-0", "airy": "airy-0", "utopia": "zhurong", "olympus": "olympus-mons",
    ]

    /// The site a name means (case-insensitive, ids and aliases), or why none does, with the closest names.
    public static func named(_ text: String) -> Result<MarsSite, ProtocolError> {
        let key = text.lowercased().replacingSpaces
        let id = aliases[key] ?? key
        if let site = all.first(where: { $0.id == id }) { return .success(site) }
        let names = all.map(\.id) + aliases.keys.sorted()
        let close = Suggestions.closest(to: key, among: names)
        let hint = close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"
        return .failure(ProtocolError(.invalidArgument, "no Mars site is called '\(text.prefix(40))'\(hint) "
            + "(sites: \(all.map(\.id).joined(separator: ", ")))"))
    }

    /// The mission sol at an instant, counted at the site's local mean midnight: sol 0 is the landing sol.
    public static func missionSol(at clock: MarsClock, landing: MarsClock, longitude: MarsLongitude) -> Int {
        let offset = longitude.east / 360
        return Int((clock.msd + offset).rounded(.down)) - Int((landing.msd + offset).rounded(.down))
    }
}

extension String {
    var replacingSpaces: String { String(map { $0 == " " || $0 == "_" ? "-" : $0 }) }
}
