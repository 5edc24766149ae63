import ArgumentParser
import NoiseConfig
import NoiseSystem
import NoiseTime
import Orbits

/// Where the observer is for satellite views: `--at LAT,LON[,M]`, else config.toml's `[location]`, else the city
/// of the system's time zone in the tz database's `zone1970.tab` (said in every view, as it may be far off).
struct ObserverPlace {
    var position: GeodeticPosition
    var name: String
    /// Why the place is only approximate, or nil.
    var note: String?

    static func resolve(at given: ObserverPlace?, settings: LocationSetting,
                        zones: SystemTimeZoneSource = World.zoneSource) throws -> ObserverPlace {
        if let given { return given }
        if let (latitude, longitude) = settings.coordinates {
            let position = GeodeticPosition(latitude: latitude, longitude: longitude, heightKm: settings.elevationMeters / 1000)
            return ObserverPlace(position: position, name: settings.name ?? format(position), note: nil)
        }
        guard let city = ZoneCity.of(zones) else {
            throw ValidationError("no location is set and the time zone (\(zones.systemZone().identifier)) names no city to "
                + "start from; set one: noisectl location set 51.5074,-0.1278 --name London (or give --at LAT,LON)")
        }
        return ObserverPlace(position: city.position, name: city.name, note: city.note)
    }

    /// `51.5074,-0.1278`, `51.5074N,0.1278W` or with metres, `51.5074,-0.1278,35`; a transform, so its messages
    /// leave the option's name to argument-parser's.
    static func parse(_ text: String) throws -> ObserverPlace {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.filter { $0 != " " } }
        let parts = fields.enumerated().map { index, field -> Double? in
            guard index < 2, let last = field.last, "NSEWnsew".contains(last) else { return Double(field) }
            let hemisphere = last.uppercased()
            guard (index == 0 ? "NS" : "EW").contains(hemisphere), !field.hasPrefix("-"), let value = Double(field.dropLast()) else {
                return nil
            }
            return hemisphere == "S" || hemisphere == "W" ? -value : value
        }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0?.isFinite == true }) else {
            throw ValidationError("'\(text.prefix(40))' is not LAT,LON or LAT,LON,METRES "
                + "(e.g. 51.5074,-0.1278 or 51.5074N,0.1278W; degrees north and east are positive)")
        }
        let (latitude, longitude, metres) = (parts[0]!, parts[1]!, parts.count == 3 ? parts[2]! : 0)
        guard (-90...90).contains(latitude), (-180...180).contains(longitude), (-500...9000).contains(metres) else {
            throw ValidationError("latitude -90 to 90, longitude -180 to 180 (east positive), "
                + "elevation -500 to 9000 m; got \(text.prefix(40))")
        }
        let position = GeodeticPosition(latitude: latitude, longitude: longitude, heightKm: metres / 1000)
        return ObserverPlace(position: position, name: format(position), note: nil)
    }

    static func format(_ position: GeodeticPosition) -> String {
        let lat = abs(position.latitude).fixed(4) + (position.latitude >= 0 ? "° N" : "° S")
        let lon = abs(position.longitude).fixed(4) + (position.longitude >= 0 ? "° E" : "° W")
        return lat + " " + lon
    }
}
