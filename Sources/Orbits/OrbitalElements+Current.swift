import NoiseCore
import NoiseTime

/// Whether a set still tells where the satellite is at an instant, before passes or a position are computed from
/// it (docs/satellites.md, "Elements too old"). `checkUsable` decides whether a set may be kept at all; this,
/// whether a kept set may be used at the instant asked about.
extension OrbitalElements {
    /// Elements are used this many days from their epoch at most, either way: the ISS's drag moves it along its
    /// track by about a minute in a week of stale elements and by many minutes past two, with nothing to show it
    /// (1,062 days on, the ISS's elements put it 116 km up). CelesTrak publishes its sets daily.
    public static let currentDays = 14.0
    /// A perigee lower than this (km above the equator) is in the atmosphere: 120 km is the entry interface,
    /// where re-entry begins; an orbit there ends within hours.
    public static let lowestPerigeeKm = 120.0
    /// How to get fresh elements, said with every refusal.
    public static let refreshAdvice =
        "get fresh ones with noisectl iss elements import FILE (a TLE or OMM file, such "
        + "as CelesTrak's stations.txt), or let noised download them ([satellites] download, on by default)"

    /// Throws when passes or a position at `instant` (Unix seconds) should not be computed from the set: its epoch
    /// more than `currentDays` from the instant, SGP4 refusing it then (a decay), or its perigee then under
    /// `lowestPerigeeKm`. Measured against the instant asked about, not the wall clock, so a past instant is checked
    /// with the elements of its time. Pure; one SGP4 step.
    public func checkCurrent(atUnix instant: Double) throws(UnusableElements) {
        func refuse(_ reason: String) -> UnusableElements {
            UnusableElements(catalogNumber: catalogNumber, name: name, reason: reason + "; " + Self.refreshAdvice)
        }
        let days = (instant - epochUnix) / 86_400
        let epoch = "\(ISO8601.format(seconds: epochUnix.rounded(.down), offsetSeconds: 0).prefix(16))Z"
        guard abs(days) <= Self.currentDays else {
            let age =
                days >= 0 ? "\(days.fixed(1)) days old" : "\((-days).fixed(1)) days newer than the instant asked about"
            throw refuse(
                "the elements are \(age) (epoch \(epoch)); passes and positions take elements at most "
                    + "\(Self.currentDays.formatted) days from their epoch, as their predictions drift by minutes "
                    + "after that")
        }
        let state: (position: Vector3, velocity: Vector3)
        do {
            state = try SGP4(self).state(minutesSinceEpoch: (instant - epochUnix) / 60)
        } catch {
            throw refuse("SGP4 finds the orbit decayed \(days.fixed(1)) days after the epoch \(epoch): \(error)")
        }
        let perigee = Self.perigeeHeightKm(position: state.position, velocity: state.velocity)
        guard perigee >= Self.lowestPerigeeKm else {
            throw refuse(
                "its perigee is \(perigee.fixed(0)) km up \(days.fixed(1)) days after the epoch \(epoch), "
                    + "under the atmosphere's \(Self.lowestPerigeeKm.formatted) km (it is re-entering)")
        }
    }

    /// The height of the perigee (km above the equatorial radius) of the osculating orbit through a TEME state;
    /// −∞ for an orbit that is not closed.
    static func perigeeHeightKm(position r: Vector3, velocity v: Vector3, gravity: GravityModel = .wgs72) -> Double {
        let energy = v.dot(v) / 2 - gravity.mu / r.length
        guard energy < 0 else { return -.infinity }
        let a = -gravity.mu / (2 * energy)
        let h = r.cross(v)
        let e = (max(0, 1 + 2 * energy * h.dot(h) / (gravity.mu * gravity.mu))).squareRoot()
        return a * (1 - e) - gravity.radius
    }
}
