import Glibc

/// One moment of a pass as the observer sees it.
public struct PassPoint: Sendable, Equatable {
    public var unix: Double
    public var look: LookAngles
}

/// A pass over an observer as observers count it (Heavens-Above, skyfield's `find_events(altitude_degrees:)`): from
/// rise to set above the minimum elevation asked for, highest at culmination; visible (to the eye) where, above
/// that elevation, the satellite is sunlit while the observer's sky is dark (`PassFinder.darkSky`).
public struct SatellitePass: Sendable, Equatable {
    /// Where the satellite climbs through the minimum elevation (the horizon when that is 0°).
    public var rise: PassPoint
    public var culmination: PassPoint
    /// Where it sinks through the minimum elevation.
    public var set: PassPoint
    /// Where it crosses the horizon itself, before `rise` and after `set` (the same when the minimum is 0°).
    public var horizonRise: PassPoint
    public var horizonSet: PassPoint
    /// The visible part, when there is one: within rise and set.
    public var visibleFrom: PassPoint?
    public var visibleUntil: PassPoint?
    /// The brightest estimated magnitude while visible.
    public var magnitude: Double?

    public var maxElevation: Double { culmination.look.elevation }
    public var duration: Double { self.set.unix - rise.unix }
    public var visible: Bool { visibleFrom != nil }

    /// The highest point of the visible part: the culmination when it falls within it, else the higher of its ends.
    public var highestVisible: PassPoint? {
        guard let from = visibleFrom, let until = visibleUntil else { return nil }
        if from.unix <= culmination.unix && culmination.unix <= until.unix { return culmination }
        return from.look.elevation >= until.look.elevation ? from : until
    }
}

/// Finds the passes of a satellite over an observer. Away from the observer it steps no further than the satellite
/// could come into the cone of sky where a pass would be high enough (`Reach`), and below the horizon near it no
/// further than it could climb to the horizon, so no pass high enough is stepped over; the horizon crossings, the
/// highest point between them (where the elevation stops climbing), the crossings of the minimum elevation (rise and
/// set) and the visible part's ends are each found to 0.01 s by regula falsi (`edge`). Pure.
public struct PassFinder: Sendable {
    public let model: SGP4
    public let observer: GeodeticPosition
    let here: Topocentric
    /// Passes whose highest point is lower are left out, and rise and set are where a pass crosses it (degrees).
    public var minElevation: Double
    /// The satellite's standard magnitude (at 1,000 km, half lit): the ISS's is −1.8.
    public var standardMagnitude: Double
    /// The Sun's altitude below which the sky is dark enough to see a satellite: −6°, the end of civil twilight
    /// (docs/satellites.md, "Passes", says why).
    public var darkSky = PassFinder.darkSkySunAltitude
    public static let darkSkySunAltitude = -6.0
    /// The minimum elevation when none is asked for: 10°, below which a pass is low over roofs and trees and dim
    /// through the thick air near the horizon (`iss passes`, `iss compass`, pass alarms).
    public static let defaultMinElevation = 10.0
    /// The minimum elevations a pass may be asked to reach, degrees.
    public static let minElevationRange = 0.0...90.0
    /// How fast and how far out the satellite can move, for steps that cannot pass over a pass.
    let reach: Reach

    static let scanStep = 60.0
    static let precision = 0.01
    /// The brightest magnitude is looked for this often along the visible part, seconds.
    static let magnitudeStep = 10.0
    /// Steps below the horizon: never under a second (a graze above it shorter than that peaks under 0.3° for the
    /// ISS), never over half an hour.
    static let stepRange = 1.0...1800.0
    /// Added to the cone's half-angle: the observer's up is not quite the direction from the Earth's centre
    /// (0.19° at most), and the elements' error.
    static let coneMargin = 0.5 * Double.pi / 180

    public init(
        model: SGP4, observer: GeodeticPosition, minElevation: Double = PassFinder.defaultMinElevation,
        standardMagnitude: Double = -1.8
    ) {
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
        return Sighting(
            unix: unix, teme: r, velocity: v, subpoint: EarthFrames.geodetic(fixed.position), look: look,
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
                passes.append(try pass(horizonRise: rise, culmination: top, horizonSet: set))
            }
            t = set + Self.precision
        }
        return passes
    }

    /// The rise of the first pass after `t` (where the satellite is below the horizon) that may reach
    /// `minElevation`, before `end`, to 0.01 s. Outside the cone such a pass needs, the step is how long the
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
    /// climbing, to 0.01 s.
    func culmination(between rise: Double, and set: Double) throws(SGP4Error) -> PassPoint {
        let (up, down) = (try climbing(rise), try climbing(set))
        guard up > 0, down < 0 else { return try point(up <= 0 ? rise : set) }
        return try point(try edge(inside: rise, up, outside: set, down, climbing))
    }

    func pass(horizonRise: Double, culmination top: PassPoint, horizonSet: Double) throws(SGP4Error) -> SatellitePass {
        let (horizonRise, horizonSet) = (try point(horizonRise), try point(horizonSet))
        var pass = SatellitePass(
            rise: horizonRise, culmination: top, set: horizonSet, horizonRise: horizonRise,
            horizonSet: horizonSet)
        if minElevation > 0 {
            pass.rise = try point(try crossing(ofMinimumFrom: horizonRise.unix, to: top))
            pass.set = try point(try crossing(ofMinimumFrom: horizonSet.unix, to: top))
        }
        try findVisiblePart(of: &pass)
        return pass
    }

    /// Where the elevation crosses `minElevation` between a horizon crossing and the highest point (it climbs to one
    /// top and falls, so once): the instant nearest the horizon crossing at or above it, to 0.01 s.
    func crossing(ofMinimumFrom horizon: Double, to top: PassPoint) throws(SGP4Error) -> Double {
        func above(_ unix: Double) throws(SGP4Error) -> Double { try elevation(unix) - minElevation }
        return try edge(
            inside: top.unix, top.look.elevation - minElevation, outside: horizon, try above(horizon), above)
    }

    /// From `start` (above the horizon) stepping by `step` until the satellite is below it, then to 0.01 s: the
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
    /// instant it holds, to 0.01 s. Regula falsi with the Illinois change (an end kept twice has its value halved,
    /// so both ends close in): a handful of evaluations where bisection takes a dozen. Each try is kept a little
    /// inside the bracket, so that near the root the bracket closes from both sides.
    func edge(
        inside: Double, _ gInside: Double, outside: Double, _ gOutside: Double,
        _ g: (Double) throws(SGP4Error) -> Double
    ) throws(SGP4Error) -> Double {
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
