import ClockFace
import NoiseClient
import NoiseSystem
import NoiseTime

/// `/api/world`: the saved world clocks (`[world] zones`, as `noisectl world` shows them) for the web page's
/// analog face and its list, read from the system's tz database by NoiseTime. Each zone comes with its offset and
/// when that offset next changes, so the page turns its hands from the browser's clock and asks again only then.
public struct WorldAPI: Sendable {
    let store: ConfigStore
    let zones: SystemTimeZoneSource

    public init(store: ConfigStore, zones: SystemTimeZoneSource) {
        self.store = store
        self.zones = zones
    }

    /// A zone as the page draws it.
    public struct Zone: Encodable, Sendable {
        public var zone: String
        public var city: String
        /// Seconds east of UTC now.
        public var utcOffsetSeconds: Int
        public var abbreviation: String
        /// When the offset next changes (daylight saving), or nil.
        public var nextChangeUnix: Int64?
    }

    public struct Answer: Encodable, Sendable {
        public var unix: Int64
        /// `[world] zones` as config.toml lists them (a zone the tz database lacks included): what the page's Add and
        /// Remove change and send back whole (`POST /api/world`).
        public var saved: [String]
        public var here: Zone
        /// `noisectl world --json`'s rows, in the saved order.
        public var rows: [WorldClockRow]
        public var zones: [Zone]
        /// The analog face's complication for each saved zone, as the terminal face writes it: `Kolkata +5:30`.
        public var complications: [String]
        /// Saved zones the tz database does not have, and a config.toml that cannot be used.
        public var warnings: [String]
    }

    /// Blocking (config.toml and the zone files): run off the event loops.
    public func answer(at unix: Int64) -> Answer {
        let (settings, warning) = store.clockSettingsOrDefaults()
        var warnings = warning.map { [$0] } ?? []
        var rules: [ZoneRules] = []
        for name in settings.worldZones {
            do { rules.append(try zones.zone(named: name)) } catch {
                warnings.append(
                    "the saved zone '\(name)' is not in the system's tz database; remove it with 'noisectl world remove \(name)'"
                )
            }
        }
        let here = zones.systemZone()
        let hereOffset = here.offset(at: unix)
        return Answer(
            unix: unix, saved: settings.worldZones, here: Self.zone(here, at: unix),
            rows: WorldClockRow.rows(at: unix, zones: rules, local: here),
            zones: rules.map { Self.zone($0, at: unix) },
            complications: rules.map {
                ComplicationText.zoneDifference(
                    zone: $0.identifier, zoneOffset: $0.offset(at: unix), localOffset: hereOffset)
            },
            warnings: warnings)
    }

    static func zone(_ rules: ZoneRules, at unix: Int64) -> Zone {
        Zone(
            zone: rules.identifier, city: WorldClockRow.city(of: rules.identifier),
            utcOffsetSeconds: rules.offset(at: unix),
            abbreviation: rules.abbreviation(at: unix), nextChangeUnix: rules.nextTransition(after: unix))
    }
}
