import NoiseCore
import TimeScales

/// A place to tell Mars time at, as a person names it: a library site by any of its names (`jezero`), or a
/// longitude (`77.45E`). `noisectl mars`, `[mars] site` and the web page's Mars clock resolve names here, so the
/// same text means the same place everywhere. Pure.
public struct MarsLocation: Sendable, Equatable {
    /// What is shown: the site's name, or the longitude spelt out.
    public let name: String
    public let longitude: MarsLongitude
    /// The library site, when the text named one.
    public let site: MarsSite?

    public init(_ site: MarsSite) {
        self.name = site.name
        self.longitude = site.longitude
        self.site = site
    }

    public init(_ longitude: MarsLongitude) {
        self.name = longitude.description
        self.longitude = longitude
        self.site = nil
    }

    /// The prime meridian's site, the place used when none is given or saved.
    public static let primeMeridian = "airy-0"

    /// The place `text` names (a longitude first, then a site), or why none: the closest names and what is accepted.
    public static func named(_ text: String) -> Result<MarsLocation, ProtocolError> {
        if let longitude = MarsLongitude(parsing: text) { return .success(MarsLocation(longitude)) }
        return MarsSite.named(text).map(MarsLocation.init)
    }

    /// Everything the Mars clock shows here at `clock`'s instant, the mission sol included for a rover's site.
    public func reading(at clock: MarsClock, leapSeconds: LeapSeconds) -> MarsReading {
        let missionSol = site?.landing.map { landing in
            MarsSite.missionSol(
                at: clock, landing: MarsClock(unix: landing, leapSeconds: leapSeconds), longitude: longitude)
        }
        return MarsReading(clock, longitude: longitude, missionSol: missionSol)
    }
}
