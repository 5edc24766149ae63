import NoiseCore

/// IANA zone names as the product accepts them, from a request, the config or the command line.
public enum ZoneName {
    /// Relative, no empty, '.' or '..' parts, only the characters IANA names use, so a name can never lead
    /// out of the zoneinfo folder. Whether the zone exists is for the system's tz database to say.
    public static func isWellFormed(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        return identifier.utf8.count <= 255 && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            && identifier.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0)
                    || "/_-+.".unicodeScalars.contains($0)
            }
    }
}

extension ZoneName {
    /// What an unknown zone is told, the same wherever a zone is typed: the lookup's own words, then up to three
    /// close names, or how names look when none is close.
    public static func unknownMessage(_ name: String, among identifiers: [String]) -> String {
        let close = suggestions(for: name, among: identifiers)
        let hint =
            close.isEmpty
            ? "zones are named like Europe/Berlin or America/New_York"
            : "did you mean \(close.joined(separator: ", "))?"
        return ZoneRules.Failure.unknownZone(name).description + "; " + hint
    }

    /// Close names, ignoring case and spaces typed for '_', and zones whose city matches ("berlin").
    public static func suggestions(for name: String, among identifiers: [String]) -> [String] {
        let typed = name.lowercased().replacing(" ", with: "_")
        let byLowercase = Dictionary(identifiers.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let cities = identifiers.filter { $0.lowercased().split(separator: "/").last.map(String.init) == typed }
        let close = Suggestions.closest(to: typed, among: Array(byLowercase.keys), limit: 3)
            .compactMap { byLowercase[$0] }
        var seen = Set<String>()
        return (cities + close).filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }
}
