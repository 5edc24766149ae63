import Glibc

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

/// Finds the passes of a satellite over an observer. Away from the observer it steps no further than the satellite
/// could come into the cone of sky where a pass would be high enough (`Reach`), and below the horizon near it no
/// further than it could climb to the horizon, so no pass high enough is stepped over; rise and set, the highest point
/// between them (where the elevation stops climbing) and the visible part's ends are each found to 0.1 s by
/// regula falsi (`edge`). Pure.
public struct PassFinder: Sendable {
    public let model: SGP4
    public let observer: GeodeticPosition
    let here: Topocentric
    /// Passes whose highest point is lower are left out (rise and set are still at the horizon).
    public var minElevation: Double
    /// The satellite's standard magnitude (at 1,000 km, half lit): the ISS's is −1.8.
    public var standardMagnitude: Double
    /// The Sun's altitude below which the sky is dark enough to see a satellite.
    public var darkSky = -6.0
    /// How fast and how far out the satellite can move, for steps that cannot pass over a pass.
    let reach: Reach

    static let scanStep = 60.0
    static let precision = 0.1
    /// The brightest magnitude is looked for this often along the visible part, seconds.
    static let magnitudeStep = 10.0
    /// Steps below the horizon: never under a second (a graze above it shorter than that peaks under 0.3° for the
    /// ISS), never over half an hour.
    static let stepRange = 1.0...1800.0
    /// Added to the cone's half-angle: the observer's up is not quite the direction from the Earth's centre
    /// (0.19° at most), and the elements' error.
    static let coneMargin = 0.5 * Double.pi / 180

    public init(model: SGP4, observer: GeodeticPosition, minElevation: Double = 10, standardMagnitude: Double = -1.8) {
        self.model = model
        self.observer = observer
        self.minElevation = minElevation
        self.standardMagnitude = standardMagnitude
        here = Topocentric(observer)
        reach = Reach(model.elements, gravity: model.gravity, observerRadius: here.site.length)
    }

    /// Everything about the satellite as seen at `unix`.
    public func sighting(at unix: Double) throws(SGP4Error) -> Sighting {
        let (r, v) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
        let gmst = EarthFrames.gmst(unix: unix)
        let fixed = EarthFrames.earthFixed(r, v, gmst: gmst)
        let look = here.look(at: fixed.position, velocity: fixed.velocity)
        let sun = Sunlight.position(unix: unix)
        let sunAltitude = here.elevation(of: EarthFrames.earthFixed(sun, gmst: gmst))
        let toSun = sun - r
        let toObserver = EarthFrames.earthFixed(here.site, gmst: -gmst) - r
        let phase = acos(max(-1, min(1, toSun.dot(toObserver) / (toSun.length * toObserver.length))))
        return Sighting(unix: unix, teme: r, velocity: v, subpoint: EarthFrames.geodetic(fixed.position), look: look,
                        illumination: Sunlight.illumination(satellite: r, sun: sun), sunAltitude: sunAltitude,
                        magnitude: Sunlight.magnitude(standard: standardMagnitude, rangeKm: look.rangeKm, phaseAngle: phase))
    }

    /// The passes that culminate between `start` and `end` (Unix seconds), in order.
    public func passes(from start: Double, to end: Double) throws(SGP4Error) -> [SatellitePass] {
        var passes: [SatellitePass] = []
        // A pass under way at `start` is found from its rise.
        var t = try elevation(start) >= 0 ? try crossing(from: start, step: -Self.scanStep) - 1 : start
        while let rise = try nextRise(after: t, before: end) {
            let set = try crossing(from: rise, step: Self.scanStep)
            let top = try culmination(between: rise, and: set)
            if top.unix >= end { break }
            if top.look.elevation >= max(0, minElevation), top.unix >= start {
                passes.append(try pass(rise: rise, culmination: top, set: set))
            }
            t = set + Self.precision
        }
        return passes
    }

    /// The rise of the first pass after `t` (where the satellite is below the horizon) that may reach
    /// `minElevation`, before `end`, to 0.1 s. Outside the cone such a pass needs, the step is how long the
    /// satellite takes at the most to come into it; inside, how long it takes at the most to climb to the horizon.
    /// Lower passes may be stepped over.
    func nextRise(after t: Double, before end: Double) throws(SGP4Error) -> Double? {
        let cone = reach.cone(elevation: minElevation)
        var (before, seen) = (t, try position(t))
        while before < end {
            let apart = seen.apart - cone
            let step = apart > 0 ? apart / reach.turnRate : -seen.elevation / reach.climbRate
            let next = min(before + min(max(step, Self.stepRange.lowerBound), Self.stepRange.upperBound), end)
            let now = try position(next)
            if now.elevation >= 0 {
                // Stepping towards the cone, the last step may have started above the horizon, low in the pass.
                if seen.elevation >= 0 { return try crossing(from: before, step: -Self.scanStep) }
                return try edge(inside: next, now.elevation, outside: before, seen.elevation, elevation)
            }
            if next >= end { break }
            (before, seen) = (next, now)
        }
        return nil
    }

    func elevation(_ unix: Double) throws(SGP4Error) -> Double {
        try position(unix).elevation
    }

    /// The satellite's elevation (degrees) and its angle from the observer's up seen from the Earth's centre
    /// (radians).
    func position(_ unix: Double) throws(SGP4Error) -> (elevation: Double, apart: Double) {
        let (r, _) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
        let fixed = EarthFrames.earthFixed(r, gmst: EarthFrames.gmst(unix: unix))
        return (here.elevation(of: fixed), acos(max(-1, min(1, fixed.dot(here.up) / fixed.length))))
    }

    /// A number with the sign of the elevation's rate of change (positive while it climbs): from the velocity, so
    /// one evaluation of the model tells which side of the highest point an instant is.
    func climbing(_ unix: Double) throws(SGP4Error) -> Double {
        let (r, v) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
        let fixed = EarthFrames.earthFixed(r, v, gmst: EarthFrames.gmst(unix: unix))
        let rho = fixed.position - here.site
        // d/dt (ρ·up / |ρ|), times |ρ|³.
        return fixed.velocity.dot(here.up) * rho.dot(rho) - rho.dot(here.up) * rho.dot(fixed.velocity)
    }

    func point(_ unix: Double) throws(SGP4Error) -> PassPoint {
        PassPoint(unix: unix, look: try sighting(at: unix).look)
    }

    /// The highest point between rise and set (the elevation climbs to one top and falls): where it stops
    /// climbing, to 0.1 s.
    func culmination(between rise: Double, and set: Double) throws(SGP4Error) -> PassPoint {
        let (up, down) = (try climbing(rise), try climbing(set))
        guard up > 0, down < 0 else { return try point(up <= 0 ? rise : set) }
        return try point(try edge(inside: rise, up, outside: set, down, climbing))
    }

    func pass(rise: Double, culmination top: PassPoint, set: Double) throws(SGP4Error) -> SatellitePass {
        var pass = SatellitePass(rise: try point(rise), culmination: top, set: try point(set))
        try findVisiblePart(of: &pass)
        return pass
    }

    /// From `start` (above the horizon) stepping by `step` until the satellite is below it, then to 0.1 s: the
    /// last instant it is up.
    func crossing(from start: Double, step: Double) throws(SGP4Error) -> Double {
        var (inside, height) = (start, try elevation(start))
        var outside = start + step
        var depth = try elevation(outside)
        // A pass lasts minutes, not hours: a bound keeps a geostationary "pass" from running on. (This was a
        // `for … where`, which filters instead of stopping: 1,440 elevations for every rise and set.)
        var steps = 0
        while steps < 1440, depth >= 0 {
            (inside, height) = (outside, depth)
            outside += step
            depth = try elevation(outside)
            steps += 1
        }
        return try edge(inside: inside, height, outside: outside, depth, elevation)
    }

    /// Where a smooth `g` (≥ 0 where a condition holds) goes from holding at `inside` to not at `outside`: the last
    /// instant it holds, to 0.1 s. Regula falsi with the Illinois change (an end kept twice has its value halved,
    /// so both ends close in): a handful of evaluations where bisection takes a dozen. Each try is kept a little
    /// inside the bracket, so that near the root the bracket closes from both sides.
    func edge(inside: Double, _ gInside: Double, outside: Double, _ gOutside: Double,
              _ g: (Double) throws(SGP4Error) -> Double) throws(SGP4Error) -> Double {
        var (a, ga, b, gb) = (inside, gInside, outside, gOutside)
        var kept = 0
        while abs(b - a) > Self.precision {
            let nudge = (b > a ? 1.0 : -1.0) * Self.precision / 2
            var c = ga - gb != 0 ? a + (b - a) * ga / (ga - gb) : (a + b) / 2
            if abs(b - a) <= 2 * Self.precision || !c.isFinite {
                c = (a + b) / 2
            } else {
                c = b > a ? min(max(c, a + nudge), b - nudge) : max(min(c, a + nudge), b - nudge)
            }
            let gc = try g(c)
            if gc >= 0 {
                (a, ga) = (c, gc)
                if kept == 1 { gb /= 2 }
                kept = 1
            } else {
                (b, gb) = (c, gc)
                if kept == -1 { ga /= 2 }
                kept = -1
            }
        }
        return a
    }

    /// Where in the pass the satellite can be seen (sunlit, under a dark sky) to 0.1 s, and its brightest. Each
    /// condition changes at most once in a pass: the Earth's shadow takes half an hour to cross and its crossings
    /// are an hour apart; over a pass the Sun's altitude moves one way, or turns at its lowest so slowly that it
    /// cannot cross −6° and come back (unless it turns within a few hundredths of a degree of it). So each is
    /// tested at the pass's ends, and where they differ its change is found by bisection.
    func findVisiblePart(of pass: inout SatellitePass) throws(SGP4Error) {
        func sunAltitude(_ unix: Double) -> Double {
            let sun = EarthFrames.earthFixed(Sunlight.position(unix: unix), gmst: EarthFrames.gmst(unix: unix))
            return here.elevation(of: sun)
        }
        if min(sunAltitude(pass.rise.unix), sunAltitude(pass.set.unix)) > darkSky + 0.5 { return }
        func sunlit(_ unix: Double) throws(SGP4Error) -> Double {
            let (r, _) = try model.state(minutesSinceEpoch: (unix - model.elements.epochUnix) / 60)
            return Sunlight.illumination(satellite: r, sun: Sunlight.position(unix: unix)) - 0.5
        }
        func dark(_ unix: Double) -> Double { darkSky - sunAltitude(unix) }
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

    /// Where between `start` and `end` a condition (`g` ≥ 0) that changes at most once holds, to 0.1 s; nil if
    /// nowhere.
    func part(_ start: Double, _ end: Double,
              _ g: (Double) throws(SGP4Error) -> Double) throws(SGP4Error) -> ClosedRange<Double>? {
        let (first, last) = (try g(start), try g(end))
        switch (first >= 0, last >= 0) {
        case (true, true): return start...end
        case (false, false): return nil
        case (true, false): return start...(try edge(inside: start, first, outside: end, last, g))
        case (false, true): return (try edge(inside: end, last, outside: start, first, g))...end
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
