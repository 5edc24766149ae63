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

/// Finds the passes of a satellite over an observer. Below the horizon it steps no further than the satellite could
/// climb to the horizon in the time (`climbRate`), so no rise is stepped over; each rise and set is found by
/// bisection on the elevation to 0.1 s, the highest point between them by golden section, the visible part by
/// sampling and bisection. Pure.
public struct PassFinder: Sendable {
    public let model: SGP4
    public let observer: GeodeticPosition
    /// Passes whose highest point is lower are left out (rise and set are still at the horizon).
    public var minElevation: Double
    /// The satellite's standard magnitude (at 1,000 km, half lit): the ISS's is −1.8.
    public var standardMagnitude: Double
    /// The Sun's altitude below which the sky is dark enough to see a satellite.
    public var darkSky = -6.0
    /// The fastest the satellite's elevation can change while it is below the horizon, degrees per second.
    let climbRate: Double

    static let scanStep = 60.0
    static let precision = 0.1
    /// The brightest magnitude is looked for this often along the visible part, seconds.
    static let magnitudeStep = 10.0
    /// Steps below the horizon: never under a second (a graze above it shorter than that peaks under 0.3° for the
    /// ISS), never over ten minutes.
    static let stepRange = 1.0...600.0

    public init(model: SGP4, observer: GeodeticPosition, minElevation: Double = 10, standardMagnitude: Double = -1.8) {
        self.model = model
        self.observer = observer
        self.minElevation = minElevation
        self.standardMagnitude = standardMagnitude
        climbRate = Self.climbRate(model.elements, gravity: model.gravity, observerHeightKm: observer.heightKm)
    }

    /// A bound on how fast the elevation of a satellite below the horizon can change: its fastest speed (at perigee,
    /// plus the observer's own speed on the turning Earth) across the shortest range it can have there (the
    /// horizon's, at perigee height), with a margin of a half for drag, the flattening and the elements' error.
    static func climbRate(_ elements: OrbitalElements, gravity: GravityModel, observerHeightKm: Double) -> Double {
        let meanMotion = elements.meanMotion * 2 * .pi / 86_400
        let a = cbrt(gravity.mu / (meanMotion * meanMotion))
        let e = min(elements.eccentricity, 0.99)
        let perigee = a * (1 - e)
        let speed = (gravity.mu * (1 + e) / perigee).squareRoot() + EarthFrames.rotationRate * EarthFrames.equatorialRadius
        let observerRadius = EarthFrames.equatorialRadius + max(0, observerHeightKm)
        let horizonRange = (max(perigee * perigee - observerRadius * observerRadius, 1)).squareRoot()
        return 1.5 * speed / horizonRange * 180 / .pi
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
        // A pass under way at `start` is found from its rise.
        var t = try elevation(start) >= 0 ? try crossing(from: start, step: -Self.scanStep) { $0 >= 0 } - 1 : start
        while let rise = try nextRise(after: t, before: end) {
            let set = try crossing(from: rise, step: Self.scanStep) { $0 >= 0 }
            let top = try culmination(between: rise, and: set)
            if top.unix >= end { break }
            if top.look.elevation >= max(0, minElevation), top.unix >= start {
                passes.append(try pass(rise: rise, culmination: top, set: set))
            }
            t = set + Self.precision
        }
        return passes
    }

    /// The first rise after `t` (where the satellite is below the horizon) and before `end`, to 0.1 s.
    func nextRise(after t: Double, before end: Double) throws(SGP4Error) -> Double? {
        var (below, depth) = (t, try elevation(t))
        while below < end {
            let step = min(max(-depth / climbRate, Self.stepRange.lowerBound), Self.stepRange.upperBound)
            let next = min(below + step, end)
            let height = try elevation(next)
            if height >= 0 { return try bisect(next, below) { unix throws(SGP4Error) in try elevation(unix) >= 0 } }
            if next >= end { break }
            (below, depth) = (next, height)
        }
        return nil
    }

    func elevation(_ unix: Double) throws(SGP4Error) -> Double {
        let (r, _) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
        return EarthFrames.look(from: observer, at: EarthFrames.earthFixed(r, gmst: EarthFrames.gmst(unix: unix))).elevation
    }

    func point(_ unix: Double) throws(SGP4Error) -> PassPoint {
        PassPoint(unix: unix, look: try sighting(at: unix).look)
    }

    /// The highest point between rise and set (the elevation rises to one top and falls): golden-section search.
    func culmination(between rise: Double, and set: Double) throws(SGP4Error) -> PassPoint {
        let ratio = (5.0.squareRoot() - 1) / 2
        var (a, b) = (rise, set)
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

    func pass(rise: Double, culmination top: PassPoint, set: Double) throws(SGP4Error) -> SatellitePass {
        var pass = SatellitePass(rise: try point(rise), culmination: top, set: try point(set))
        try findVisiblePart(of: &pass)
        return pass
    }

    /// From `start` (where `holds` is true of the elevation) stepping by `step` until it is not, then bisection
    /// to 0.1 s: the last instant it holds.
    func crossing(from start: Double, step: Double, holds: (Double) -> Bool) throws(SGP4Error) -> Double {
        var inside = start
        var outside = start + step
        // A pass lasts minutes, not hours: a bound keeps a geostationary "pass" from running on. (This was a
        // `for … where`, which filters instead of stopping: 1,440 elevations for every rise and set.)
        var steps = 0
        while steps < 1440, holds(try elevation(outside)) {
            inside = outside
            outside += step
            steps += 1
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

    /// Where in the pass the satellite can be seen (sunlit, under a dark sky) to 0.1 s, and its brightest. Each
    /// condition changes at most once in a pass: the Earth's shadow takes half an hour to cross and its crossings
    /// are an hour apart; over a pass the Sun's altitude moves one way, or turns at its lowest so slowly that it
    /// cannot cross −6° and come back (unless it turns within a few hundredths of a degree of it). So each is
    /// tested at the pass's ends, and where they differ its change is found by bisection.
    func findVisiblePart(of pass: inout SatellitePass) throws(SGP4Error) {
        func sunAltitude(_ unix: Double) -> Double {
            let sun = EarthFrames.earthFixed(Sunlight.position(unix: unix), gmst: EarthFrames.gmst(unix: unix))
            return EarthFrames.look(from: observer, at: sun).elevation
        }
        func sunlit(_ unix: Double) throws(SGP4Error) -> Bool { try sighting(at: unix).sunlit }
        func dark(_ unix: Double) throws(SGP4Error) -> Bool { sunAltitude(unix) < darkSky }
        let (rise, set) = (pass.rise.unix, pass.set.unix)
        guard let lit = try part(rise, set, sunlit), let night = try part(rise, set, dark) else { return }
        let (first, last) = (max(lit.lowerBound, night.lowerBound), min(lit.upperBound, night.upperBound))
        guard first <= last else { return }
        var brightest = Double.infinity
        var t = first
        while true {
            brightest = min(brightest, try sighting(at: t).magnitude)
            if t >= last { break }
            t = min(t + Self.magnitudeStep, last)
        }
        pass.visibleFrom = try point(first)
        pass.visibleUntil = try point(last)
        pass.magnitude = brightest
    }

    /// Where between `start` and `end` a condition that changes at most once holds, to 0.1 s; nil if nowhere.
    func part(_ start: Double, _ end: Double,
              _ holds: (Double) throws(SGP4Error) -> Bool) throws(SGP4Error) -> ClosedRange<Double>? {
        switch (try holds(start), try holds(end)) {
        case (true, true): return start...end
        case (false, false): return nil
        case (true, false): return start...(try bisect(start, end, holds))
        case (false, true): return (try bisect(end, start, holds))...end
        }
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
