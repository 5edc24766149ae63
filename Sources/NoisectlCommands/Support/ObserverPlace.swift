import ArgumentParser
import NoiseClient
import NoiseConfig
import NoiseSystem
import NoiseTime
import Orbits

/// noisectl's side of `ObserverPlace` (NoiseClient): `--at LAT,LON[,M]` read from the command line, and the
/// place resolved with its failure said as argument-parser says a bad option.
extension ObserverPlace {
    static func resolve(
        at given: ObserverPlace?, settings: LocationSetting,
        zones: SystemTimeZoneSource = World.zoneSource
    ) throws -> ObserverPlace {
        if let given { return given }
        do { return try resolve(settings: settings, zones: zones) } catch { throw ValidationError(error.description) }
    }

    /// `51.5074,-0.1278`, `51.5074N,0.1278W` or with metres, `51.5074,-0.1278,35`; a transform, so its messages
    /// leave the option's name to argument-parser's.
    static func parse(_ text: String) throws -> ObserverPlace {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.filter { $0 != " " } }
        let parts = fields.enumerated().map { index, field -> Double? in
            guard index < 2, let last = field.last, "NSEWnsew".contains(last) else { return Double(field) }
            let hemisphere = last.uppercased()
            guard (index == 0 ? "NS" : "EW").contains(hemisphere), !field.hasPrefix("-"),
                let value = Double(field.dropLast())
            else {
                return nil
            }
            return hemisphere == "S" || hemisphere == "W" ? -value : value
        }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0?.isFinite == true }) else {
            throw ValidationError(
                "'\(text.prefix(40))' is not LAT,LON or LAT,LON,METRES "
                    + "(e.g. 51.5074,-0.1278 or 51.5074N,0.1278W; degrees north and east are positive)")
        }
        let (latitude, longitude, metres) = (parts[0]!, parts[1]!, parts.count == 3 ? parts[2]! : 0)
        guard (-90...90).contains(latitude), (-180...180).contains(longitude), (-500...9000).contains(metres) else {
            throw ValidationError(
                "latitude -90 to 90, longitude -180 to 180 (east positive), "
                    + "elevation -500 to 9000 m; got \(text.prefix(40))")
        }
        let position = GeodeticPosition(latitude: latitude, longitude: longitude, heightKm: metres / 1000)
        return ObserverPlace(position: position, name: format(position), note: nil)
    }
}
