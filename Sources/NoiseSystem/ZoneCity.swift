import NoiseTime
import Orbits

/// The city that names the system's time zone, where the tz database's `zone1970.tab` puts it: where the observer
/// is taken to be when no location is set (said in every view, as it may be far off).
public struct ZoneCity: Sendable {
    public var position: GeodeticPosition
    /// `London`, from `Europe/London`.
    public var name: String
    public var zone: String

    /// Nil when the zone names no city in the table (UTC, a POSIX TZ string).
    public static func of(_ zones: SystemTimeZoneSource) -> ZoneCity? {
        let zone = zones.systemZone().identifier
        let table =
            SystemTimeZoneSource.contents(ofFile: zones.zoneinfo + "/zone1970.tab")
            .map { ZoneCoordinates.parse(String(decoding: $0, as: UTF8.self)) } ?? [:]
        guard let city = table[zone] else { return nil }
        let name = String((zone.split(separator: "/").last ?? Substring(zone)).map { $0 == "_" ? " " : $0 })
        return ZoneCity(
            position: GeodeticPosition(latitude: city.latitude, longitude: city.longitude), name: name, zone: zone)
    }

    /// What every view says of it.
    public var note: String {
        "no location set: using \(name), the city of the time zone \(zone) (noisectl location set LAT,LON for your own)"
    }
}
