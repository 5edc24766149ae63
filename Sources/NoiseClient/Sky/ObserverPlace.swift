import NoiseConfig
import NoiseCore
import NoiseSystem
import Orbits

/// Where the observer is for satellite views: config.toml's `[location]`, else the city of the system's time zone
/// in the tz database's `zone1970.tab` (said in every view, as it may be far off). noisectl's `--at` and the web
/// page's geolocation give a place of their own instead.
public struct ObserverPlace: Sendable, Equatable {
    public var position: GeodeticPosition
    public var name: String
    /// Why the place is only approximate, or nil.
    public var note: String?

    public init(position: GeodeticPosition, name: String, note: String? = nil) {
        self.position = position
        self.name = name
        self.note = note
    }

    /// Why no place could be found, with how to set one.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// `[location]` when it has both coordinates, else the time zone's city.
    public static func resolve(settings: LocationSetting, zones: SystemTimeZoneSource) throws(Failure) -> ObserverPlace
    {
        if let (latitude, longitude) = settings.coordinates {
            let position = GeodeticPosition(
                latitude: latitude, longitude: longitude, heightKm: settings.elevationMeters / 1000)
            return ObserverPlace(position: position, name: settings.name ?? format(position))
        }
        guard let city = ZoneCity.of(zones) else {
            throw Failure(
                description: "no location is set and the time zone (\(zones.systemZone().identifier)) names no city to "
                    + "start from; set one: noisectl location set 51.5074,-0.1278 --name London (or give --at LAT,LON)")
        }
        return ObserverPlace(position: city.position, name: city.name, note: city.note)
    }

    /// `51.5074° N 0.1278° W`.
    public static func format(_ position: GeodeticPosition) -> String {
        let lat = abs(position.latitude).fixed(4) + (position.latitude >= 0 ? "° N" : "° S")
        let lon = abs(position.longitude).fixed(4) + (position.longitude >= 0 ? "° E" : "° W")
        return lat + " " + lon
    }
}
