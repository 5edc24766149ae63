import Glibc

extension PassFinder {
    /// Bounds from the orbit's size and shape, each with a margin for drag, the flattening and the elements' error.
    struct Reach: Sendable {
        /// The fastest the elevation can change while the satellite is below the horizon, degrees per second: its
        /// fastest speed (at perigee, plus the observer's own on the turning Earth) across the shortest range it
        /// can have there (the horizon's, at perigee height), with half again as margin.
        let climbRate: Double
        /// The fastest the angle between the satellite's direction from the Earth's centre and the observer's up
        /// can change, radians per second: its angular speed at perigee and the Earth's turning.
        let turnRate: Double
        /// The farthest it gets from the Earth's centre, km.
        let apogee: Double
        let observerRadius: Double

        init(_ elements: OrbitalElements, gravity: GravityModel, observerRadius: Double) {
            let meanMotion = elements.meanMotion * 2 * .pi / 86_400
            let a = cbrt(gravity.mu / (meanMotion * meanMotion))
            let e = min(elements.eccentricity, 0.99)
            let perigee = a * (1 - e)
            let perigeeSpeed = (gravity.mu * (1 + e) / perigee).squareRoot()
            let speed = perigeeSpeed + EarthFrames.rotationRate * observerRadius
            let horizonRange = (max(perigee * perigee - observerRadius * observerRadius, 1)).squareRoot()
            climbRate = 1.5 * speed / horizonRange * 180 / .pi
            turnRate = 1.05 * perigeeSpeed / perigee + EarthFrames.rotationRate
            apogee = 1.01 * a * (1 + e)
            self.observerRadius = observerRadius
        }

        /// The half-angle, about the observer's up, of the cone the satellite must be in to stand `elevation`
        /// degrees high or more: at its farthest, a point seen at that elevation is this far round the Earth.
        func cone(elevation: Double) -> Double {
            let e = max(0, elevation) * .pi / 180
            return acos(min(1, observerRadius * cos(e) / apogee)) - e + PassFinder.coneMargin
        }
    }
}
