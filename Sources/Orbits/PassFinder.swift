import Foundation

/// One moment of a pass as the observer sees it.
public struct PassPoint: Sendable, Equatable {
    public var unix: Double
    public var look: LookAngles
}

/// A pass over an observer: above the horizon from rise to set, highest at culmination; visible (to the eye) where
/// the satellite is sunlit while the observer's Sun is 6° or more below the horizon.
public struct SatellitePass: Sendable, Equatable {
    public var rise: PassPoint
    public var culmination: PassPoint
    public var set: PassPoint
    /// The visible part, when there is one.
    public var visibleFrom: PassPoint?
    public var visibleUntil: PassPoint?
    /// The brightest estimated magnitude while visible.
    public var magnitude: Double?

    public var maxElevation: Double { culmination.look.elevation }
    public var duration: Double { self.set.unix - rise.unix }
    public var visible: Bool { visibleFrom != nil }
}

/// Finds the passes of a satellite over an observer: the elevation scanned a minute at a time for its maxima,
/// each maximum found to 0.1 s (golden section), rise and set by bisection on the elevation to 0.1 s, the visible
/// part likewise. Pure.
public struct PassFinder: Sendable {
    public let model: SGP4
    public let observer: GeodeticPosition
    /// Passes whose highest point is lower are left out (rise and set are still at the horizon).
    public var minElevation: Double
    /// The satellite's standard magnitude (at 1,000 km, half lit): the ISS's is −1.8.
    public var standardMagnitude: Double
    /// The Sun's altitude below which the sky is dark enough to see a satellite.
    public var darkSky = -6.0

    static let scanStep = 60.0
    static let precision = 0.1

    public init(model: SGP4, observer: GeodeticPosition, minElevation: Double = 10, standardMagnitude: Double = -1.8) {
        self.model = model
        self.observer = observer
        self.minElevation = minElevation
        self.standardMagnitude = standardMagnitude
    }

    /// Everything about the satellite as seen at `unix`.
    public func sighting(at unix: Double) throws(SGP4Error) -> Sighting {
        let (r, v) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
        let gmst = EarthFrames.gmst(unix: unix)
        let fixed = EarthFrames.earthFixed(r, v, gmst: gmst)
        let look = EarthFrames.look(from: observer, at: fixed.position, velocity: fixed.velocity)
        let sun = Sunlight.position(unix: unix)
        let sunAltitude = EarthFrames.look(from: observer, at: EarthFrames.earthFixed(sun, gmst: gmst)).elevation
        let toSun = sun - r
        let site = EarthFrames.earthFixed(observer)
        let toObserver = EarthFrames.earthFixed(site, gmst: -gmst) - r
        let phase = acos(max(-1, min(1, toSun.dot(toObserver) / (toSun.length * toObserver.length))))
        return Sighting(unix: unix, teme: r, velocity: v, subpoint: EarthFrames.geodetic(fixed.position), look: look,
                        illumination: Sunlight.illumination(satellite: r, sun: sun), sunAltitude: sunAltitude,
                        magnitude: Sunlight.magnitude(standard: standardMagnitude, rangeKm: look.rangeKm, phaseAngle: phase))
    }

    /// The passes that culminate between `start` and `end` (Unix seconds), in order.
    public func passes(from start: Double, to end: Double) throws(SGP4Error) -> [SatellitePass] {
        var passes: [SatellitePass] = []
        var (before, here) = (try elevation(start - Self.scanStep), try elevation(start))
        var t = start
        while t < end {
            let after = try elevation(t + Self.scanStep)
            if here >= before && here > after {
                let top = try culmination(around: t)
                if top.look.elevation >= max(0, minElevation), top.unix >= start, top.unix < end {
                    passes.append(try pass(culminating: top))
                }
            }
            (before, here) = (here, after)
            t += Self.scanStep
        }
        return passes
    }

    func elevation(_ unix: Double) throws(SGP4Error) -> Double {
        let (r, _) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
        return EarthFrames.look(from: observer, at: EarthFrames.earthFixed(r, gmst: EarthFrames.gmst(unix: unix))).elevation
    }

    func point(_ unix: Double) throws(SGP4Error) -> PassPoint {
        PassPoint(unix: unix, look: try sighting(at: unix).look)
    }

    /// The highest point within a scan step either side of `t`: golden-section search.
    func culmination(around t: Double) throws(SGP4Error) -> PassPoint {
        let ratio = (5.0.squareRoot() - 1) / 2
        var (a, b) = (t - Self.scanStep, t + Self.scanStep)
        var c = b - ratio * (b - a)
        var d = a + ratio * (b - a)
        var (fc, fd) = (try elevation(c), try elevation(d))
        while b - a > Self.precision {
            if fc > fd {
                (b, d, fd) = (d, c, fc)
                c = b - ratio * (b - a)
                fc = try elevation(c)
            } else {
                (a, c, fc) = (c, d, fd)
                d = a + ratio * (b - a)
                fd = try elevation(d)
            }
        }
        return try point((a + b) / 2)
    }

    func pass(culminating top: PassPoint) throws(SGP4Error) -> SatellitePass {
        let rise = try crossing(from: top.unix, step: -Self.scanStep) { $0 >= 0 }
        let set = try crossing(from: top.unix, step: Self.scanStep) { $0 >= 0 }
        var pass = SatellitePass(rise: try point(rise), culmination: top, set: try point(set))
        try findVisiblePart(of: &pass)
        return pass
    }

    /// From `start` (where `holds` is true of the elevation) stepping by `step` until it is not, then bisection
    /// to 0.1 s: the last instant it holds.
    func crossing(from start: Double, step: Double, holds: (Double) -> Bool) throws(SGP4Error) -> Double {
        var inside = start
        var outside = start + step
        // A pass lasts minutes, not hours: a bound keeps a geostationary "pass" from running on.
        for _ in 0..<1440 where holds(try elevation(outside)) {
            inside = outside
            outside += step
        }
        return try bisect(inside, outside) { unix throws(SGP4Error) in holds(try elevation(unix)) }
    }

    func bisect(_ inside: Double, _ outside: Double,
                _ holds: (Double) throws(SGP4Error) -> Bool) throws(SGP4Error) -> Double {
        var (inside, outside) = (inside, outside)
        while abs(outside - inside) > Self.precision {
            let middle = (inside + outside) / 2
            if try holds(middle) { inside = middle } else { outside = middle }
        }
        return inside
    }

    /// Where in the pass the satellite can be seen, sampled every 5 s and refined to 0.1 s, and its brightest.
    func findVisiblePart(of pass: inout SatellitePass) throws(SGP4Error) {
        func seen(_ unix: Double) throws(SGP4Error) -> Bool {
            let sighting = try sighting(at: unix)
            return sighting.sunlit && sighting.sunAltitude < darkSky
        }
        var first: Double?
        var last: Double?
        var brightest: Double?
        var previous: (unix: Double, seen: Bool)?
        var t = pass.rise.unix
        while true {
            let sighting = try sighting(at: t)
            let now = sighting.sunlit && sighting.sunAltitude < darkSky
            if now { brightest = min(brightest ?? .infinity, sighting.magnitude) }
            if let before = previous, before.seen != now {
                // The edge, found from the side where it is seen.
                let edge = try bisect(now ? t : before.unix, now ? before.unix : t, seen)
                if now { first = first ?? edge } else { last = edge }
            } else if previous == nil && now {
                first = t
            }
            if now { last = t }
            previous = (t, now)
            if t >= pass.set.unix { break }
            t = min(t + 5, pass.set.unix)
        }
        guard let first, let last else { return }
        pass.visibleFrom = try point(first)
        pass.visibleUntil = try point(last)
        pass.magnitude = brightest
    }
}

/// The satellite at one instant: where it is, how the observer sees it, and whether it can be seen.
public struct Sighting: Sendable {
    public var unix: Double
    public var teme: Vector3
    public var velocity: Vector3
    public var subpoint: GeodeticPosition
    public var look: LookAngles
    /// 1 in full sunlight, 0 in the Earth's umbra (`Sunlight.illumination`).
    public var illumination: Double
    /// The Sun's altitude at the observer, degrees.
    public var sunAltitude: Double
    public var magnitude: Double

    /// Sunlit when the Sun's centre stands clear of the Earth's limb (half its disc or more), as skyfield decides.
    public var sunlit: Bool { illumination >= 0.5 }
}
