/// Sunrise and sunset at a place: when the Sun's centre crosses -0.833° (the almanacs' standard: 34′ of refraction
/// at the horizon and the 16′ semi-diameter, so the upper limb touches the horizon), with `Sunlight.position`.
/// Pure. Checked against NOAA's solar calculator (Tests/NoiseCoreTests/NightWindowTests.swift).
public enum SunHorizon {
    /// Degrees: the Sun's centre at sunrise and sunset.
    public static let standardAltitude = -0.833
    /// The scan's step, seconds. Near the horizon the Sun moves at most a quarter of a degree a minute, so a rise
    /// and a set closer than this (the Sun grazing the horizon near the polar circles) may be taken for neither.
    static let step = 600.0

    /// The Sun's altitude from `place`, degrees.
    public static func altitude(unix: Double, from place: Topocentric) -> Double {
        place.elevation(of: EarthFrames.earthFixed(Sunlight.position(unix: unix), gmst: EarthFrames.gmst(unix: unix)))
    }

    /// Whether the Sun is up (above the standard altitude).
    public static func isUp(unix: Double, from place: Topocentric) -> Bool {
        altitude(unix: unix, from: place) > standardAltitude
    }

    /// The first sunrise or sunset after `unix` (forward) or the last before it, to a second, within `span`
    /// seconds; nil when the Sun neither rises nor sets in that span (a polar day or night).
    public static func nextCrossing(
        from unix: Double, at place: Topocentric, forward: Bool = true, within span: Double
    )
        -> Double?
    {
        let direction = forward ? 1.0 : -1.0
        let up = isUp(unix: unix, from: place)
        var (near, travelled) = (unix, 0.0)
        while travelled < span {
            let far = unix + direction * min(travelled + step, span)
            if isUp(unix: far, from: place) != up { return bisect(near, far, up: up, at: place) }
            (near, travelled) = (far, travelled + step)
        }
        return nil
    }

    /// Between `near` (where the Sun is `up`) and `far` (where it is not): the crossing, to a second.
    static func bisect(_ near: Double, _ far: Double, up: Bool, at place: Topocentric) -> Double {
        var (a, b) = (near, far)
        while abs(b - a) > 0.5 {
            let middle = (a + b) / 2
            if isUp(unix: middle, from: place) == up { a = middle } else { b = middle }
        }
        return ((a + b) / 2).rounded()
    }
}
