import NoiseCore

/// A place on Mars to tell the time at: landing sites and landmarks, planetographic coordinates, east positive.
public struct MarsSite: Sendable, Equatable {
    /// What users type (`jezero`), and what is shown.
    public let id: String
    public let name: String
    /// The place, as a rover team says it: `Jezero`, `Gale`.
    public let place: String
    public let longitude: MarsLongitude
    /// Degrees north.
    public let latitude: Double
    /// Where the coordinates come from.
    public let source: String
    /// The rover's landing (Unix seconds, UTC) when its mission counts sols from it (sol 0 is the landing sol).
    public let landing: Double?

    init(
        _ id: String, _ name: String, place: String, east: Double, north: Double, _ source: String,
        landing: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.place = place
        self.longitude = MarsLongitude(east: east)
        self.latitude = north
        self.source = source
        self.landing = landing
    }

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
        return .failure(
            ProtocolError(
                .invalidArgument,
                "no Mars site is called '\(text.prefix(40))'\(hint) "
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
