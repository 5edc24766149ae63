import NoiseTime

extension SystemTimeZoneSource {
    /// The rules of each zone named, or, when some are not in the tz database, one message naming every unknown
    /// one with close names suggested (`noisectl world add` and the world page's Add check zones with this, so a
    /// typo saves nothing and both say the same words).
    public func zones(named names: [String]) -> Result<[ZoneRules], UnknownZones> {
        var rules: [ZoneRules] = []
        var unknown: [String] = []
        for name in names {
            do { rules.append(try zone(named: name)) } catch { unknown.append(name) }
        }
        guard unknown.isEmpty else {
            // Listing the database opens every zone file: only done when something is wrong.
            let identifiers = identifiers()
            return .failure(
                UnknownZones(
                    names: unknown,
                    message: unknown.map { ZoneName.unknownMessage($0, among: identifiers) }
                        .joined(separator: "\n")))
        }
        return .success(rules)
    }

    /// Zone names the tz database does not have, and the words that say so.
    public struct UnknownZones: Error, Sendable {
        public var names: [String]
        public var message: String
    }
}
