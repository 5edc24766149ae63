import Glibc
import TimeScales

/// From SGP4's TEME frame to the Earth and an observer on it: a pseudo-Earth-fixed frame by GMST (IAU 1982; UT1
/// taken as UTC, polar motion left out: under 1 km on the ground, docs/satellites.md), WGS-84 geodetic
/// coordinates, and the topocentric azimuth, elevation, range and range rate.
public enum EarthFrames {
    /// WGS-84.
    public static let equatorialRadius = 6378.137
    public static let flattening = 1 / 298.257223563
    /// The Earth's rotation, rad/s.
    public static let rotationRate = 7.292115146706979e-5

    /// GMST at a Unix instant.
    public static func gmst(unix: Double) -> Double {
        Sidereal.gmst(julianDateUT1: TerrestrialTime.julianDate(unix: unix))
    }

    /// TEME position and velocity to Earth-fixed (the velocity relative to the rotating Earth).
    public static func earthFixed(
        _ position: Vector3, _ velocity: Vector3, gmst: Double
    ) -> (position: Vector3, velocity: Vector3) {
        let (c, s) = (cos(gmst), sin(gmst))
        let r = Vector3(c * position.x + s * position.y, -s * position.x + c * position.y, position.z)
        let v = Vector3(c * velocity.x + s * velocity.y, -s * velocity.x + c * velocity.y, velocity.z)
        // Minus ω × r: what the ground sees.
        return (r, v - Vector3(-rotationRate * r.y, rotationRate * r.x, 0))
    }

    /// TEME → Earth-fixed for a direction or position only (the Sun).
    public static func earthFixed(_ vector: Vector3, gmst: Double) -> Vector3 {
        let (c, s) = (cos(gmst), sin(gmst))
        return Vector3(c * vector.x + s * vector.y, -s * vector.x + c * vector.y, vector.z)
    }

    /// An Earth-fixed point of a geodetic place.
    public static func earthFixed(_ place: GeodeticPosition) -> Vector3 {
        let (phi, lambda) = (place.latitude * .pi / 180, place.longitude * .pi / 180)
        let e2 = flattening * (2 - flattening)
        let n = equatorialRadius / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let h = place.heightKm
        return Vector3(
            (n + h) * cos(phi) * cos(lambda), (n + h) * cos(phi) * sin(lambda), (n * (1 - e2) + h) * sin(phi))
    }

    /// The geodetic latitude, longitude and height of an Earth-fixed point (iterated to well under a metre).
    public static func geodetic(_ r: Vector3) -> GeodeticPosition {
        let e2 = flattening * (2 - flattening)
        let p = (r.x * r.x + r.y * r.y).squareRoot()
        var phi = atan2(r.z, p * (1 - e2))
        var height = 0.0
        for _ in 0..<6 {
            let n = equatorialRadius / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
            height = abs(cos(phi)) > 1e-9 ? p / cos(phi) - n : abs(r.z) - n * (1 - e2)
            phi = atan2(r.z, p * (1 - e2 * n / (n + height)))
        }
        return GeodeticPosition(latitude: phi * 180 / .pi, longitude: atan2(r.y, r.x) * 180 / .pi, heightKm: height)
    }

    /// Where a target (Earth-fixed position and velocity) stands from an observer.
    public static func look(from place: GeodeticPosition, at target: Vector3, velocity: Vector3 = .zero) -> LookAngles {
        Topocentric(place).look(at: target, velocity: velocity)
    }
}

/// An observer's place with its local frame (east, north, up) worked out once: a pass search looks from it
/// thousands of times.
public struct Topocentric: Sendable {
    public let place: GeodeticPosition
    /// Earth-fixed, km.
    public let site: Vector3
    public let east: Vector3
    public let north: Vector3
    public let up: Vector3

    public init(_ place: GeodeticPosition) {
        self.place = place
        site = EarthFrames.earthFixed(place)
        let (phi, lambda) = (place.latitude * .pi / 180, place.longitude * .pi / 180)
        let (sp, cp, sl, cl) = (sin(phi), cos(phi), sin(lambda), cos(lambda))
        east = Vector3(-sl, cl, 0)
        north = Vector3(-sp * cl, -sp * sl, cp)
        up = Vector3(cp * cl, cp * sl, sp)
    }

    /// Where a target (Earth-fixed position and velocity) stands from here.
    public func look(at target: Vector3, velocity: Vector3 = .zero) -> LookAngles {
        let rho = target - site
        let range = rho.length
        var azimuth = atan2(rho.dot(east), rho.dot(north)) * 180 / .pi
        if azimuth < 0 { azimuth += 360 }
        return LookAngles(
            azimuth: azimuth, elevation: elevation(of: target), rangeKm: range,
            rangeRate: rho.dot(velocity) / range)
    }

    /// The target's elevation alone, degrees.
    public func elevation(of target: Vector3) -> Double {
        let rho = target - site
        return asin(max(-1, min(1, rho.dot(up) / rho.length))) * 180 / .pi
    }
}

/// A place on (or above) the WGS-84 ellipsoid: degrees north and east, height in km.
public struct GeodeticPosition: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var heightKm: Double

    public init(latitude: Double, longitude: Double, heightKm: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.heightKm = heightKm
    }
}

/// An observer's view of a target: degrees (azimuth from north through east), km, km/s (positive: receding).
public struct LookAngles: Sendable, Equatable {
    public var azimuth: Double
    public var elevation: Double
    public var rangeKm: Double
    public var rangeRate: Double

    /// The 16-point compass direction of the azimuth: N, NNE, NE, … NNW.
    public var compass: String { Self.compass(azimuth) }

    /// The 16-point compass direction of an azimuth in degrees (0 to 360).
    public static func compass(_ azimuth: Double) -> String {
        let points = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        return points[Int((azimuth / 22.5).rounded()) % 16]
    }
}
