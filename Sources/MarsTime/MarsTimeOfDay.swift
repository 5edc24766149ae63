import TimeScales

/// Mars → Earth: the Earth instants at which a longitude's local mean (or true) solar time reads a given time.
/// LMST is linear in TT, so it is solved exactly; LTST adds the equation of time, which moves slowly, so it is
/// solved by iterating on LMST until the instant moves less than a millisecond. Pure.
public enum MarsTimeOfDay {
    /// The next `count` Unix instants strictly after `after` at which the clock at `longitude` reads `hours`
    /// (0 ..< 24): LMST, or LTST when `solar`.
    public static func next(
        hours: Double, longitude: MarsLongitude, solar: Bool, after: Double, count: Int,
        leapSeconds: LeapSeconds
    ) -> [Double] {
        var instants: [Double] = []
        var cursor = after
        while instants.count < count {
            guard
                let instant = solar
                    ? nextTrue(hours, longitude, after: cursor, leapSeconds)
                    : nextMean(hours, longitude, after: cursor, leapSeconds)
            else { break }
            instants.append(instant)
            cursor = instant
        }
        return instants
    }

    /// The first instant after `after` whose LMST is `hours`. The clock reads `hours` when the sols counted since
    /// C-2's epoch, shifted by the longitude, are a whole number plus `hours`/24: that sol number is found from
    /// `after`, and the instant computed from it alone, so every search that lands on a trigger gives the same
    /// instant to the microsecond (counting from Unix seconds, not a Julian date, which resolves only 40 µs).
    static func nextMean(
        _ hours: Double, _ longitude: MarsLongitude, after: Double, _ leapSeconds: LeapSeconds
    ) -> Double? {
        let target = hours / 24 - longitude.east / 360
        var tt = TerrestrialTime.ttMinusUTC(unix: after, leapSeconds: leapSeconds).seconds
        var sol = (sols(unix: after, ttMinusUTC: tt) - target).rounded(.down) + 1
        for _ in 0..<4 {
            var instant = unix(sols: sol + target, ttMinusUTC: tt)
            // A leap second between `after` and the instant moves UTC against TT: once more with the instant's.
            tt = TerrestrialTime.ttMinusUTC(unix: instant, leapSeconds: leapSeconds).seconds
            instant = unix(sols: sol + target, ttMinusUTC: tt)
            guard instant.isFinite else { return nil }
            if instant > after { return instant }
            sol += 1
        }
        return nil
    }

    /// Mean solar days at the prime meridian since C-2's epoch, plus its sol count there (MTC is 24 × the fraction).
    static func sols(unix: Double, ttMinusUTC: Double) -> Double {
        ((unix + ttMinusUTC) / 86_400 + (TerrestrialTime.unixEpochJD - MarsClock.Constants.mtcJD))
            / MarsClock.Constants.solRatio
            + MarsClock.Constants.mtcOffset
    }

    static func unix(sols: Double, ttMinusUTC: Double) -> Double {
        ((sols - MarsClock.Constants.mtcOffset) * MarsClock.Constants.solRatio
            - (TerrestrialTime.unixEpochJD - MarsClock.Constants.mtcJD)) * 86_400 - ttMinusUTC
    }

    /// The first instant after `after` whose LTST is `hours`: LTST = LMST + EOT, with EOT taken where the instant
    /// lands and the LMST target corrected until the instant settles (to 1 ms; EOT changes by under 0.2 s per
    /// minute, so a few rounds do).
    static func nextTrue(
        _ hours: Double, _ longitude: MarsLongitude, after: Double, _ leapSeconds: LeapSeconds
    ) -> Double? {
        let start = MarsClock(unix: after, leapSeconds: leapSeconds)
        var target = MarsClock.hours(hours - start.eotHours)
        guard var instant = nextMean(target, longitude, after: after, leapSeconds) else { return nil }
        for _ in 0..<20 {
            let eot = MarsClock(unix: instant, leapSeconds: leapSeconds).eotHours
            target = MarsClock.hours(hours - eot)
            // The same sol's solution: search from a little before the current guess.
            guard let better = nextMean(target, longitude, after: instant - 3 * 3600, leapSeconds) else { return nil }
            if abs(better - instant) < 0.0005 {
                instant = better
                break
            }
            instant = better
        }
        return instant > after ? instant : nextTrue(hours, longitude, after: after + 3600, leapSeconds)
    }
}
