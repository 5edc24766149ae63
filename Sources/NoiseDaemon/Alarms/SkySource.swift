import NoiseAlarms
import NoiseConfig
import NoiseSystem
import Orbits

/// What pass alarms know of the world, as read: the sky, or why there is none, and a note when the observer's
/// place is only the time zone's city.
public struct SkyReading: Sendable {
    public var sky: SatelliteSky?
    public var problem: String?
    public var note: String?

    public init(sky: SatelliteSky?, problem: String? = nil, note: String? = nil) {
        self.sky = sky
        self.problem = problem
        self.note = note
    }
}

/// Where pass alarms learn the satellites' elements and the observer's place. One real implementation
/// (`FileSkySource`); scheduler tests give a fixed sky.
public protocol SkySource: Sendable {
    /// The files a change of which may change the sky (watched with the time zone's).
    var files: [String] { get }
    /// Reads them. Blocking: call it off the cooperative pool.
    func read() -> SkyReading
}

/// The elements kept in the cache (`iss elements import`, the downloads) and the config's `[location]`, else the
/// city of the system's time zone.
public struct FileSkySource: SkySource {
    let cache: ElementCache
    let config: ConfigReader
    let zones: SystemTimeZoneSource

    public init(cache: ElementCache, config: ConfigReader, zones: SystemTimeZoneSource) {
        self.cache = cache
        self.config = config
        self.zones = zones
    }

    public var files: [String] { [cache.path, config.path] }

    public func read() -> SkyReading {
        let elements: [OrbitalElements]
        do { elements = try cache.read() ?? [] } catch { return SkyReading(sky: nil, problem: error.description) }
        guard !elements.isEmpty else {
            return SkyReading(sky: nil, problem: "no orbital elements yet: noisectl iss elements import FILE")
        }
        let location = config.read().settings.clock.location
        if let (latitude, longitude) = location.coordinates {
            let observer = GeodeticPosition(
                latitude: latitude, longitude: longitude, heightKm: location.elevationMeters / 1000)
            return SkyReading(sky: SatelliteSky(elements: elements, observer: observer))
        }
        guard let city = ZoneCity.of(zones) else {
            return SkyReading(
                sky: nil, problem: "no location set, and the time zone names no city: noisectl location set LAT,LON")
        }
        return SkyReading(sky: SatelliteSky(elements: elements, observer: city.position), note: city.note)
    }
}
