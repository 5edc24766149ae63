import TimeScales

/// Mars → Earth: the Earth instants at which a longitude's local mean (or true) solar time reads a given time.
/// LMST is linear in TT, so it is solved exactly; LTST adds the equation of time, which moves slowly, so it is
/// solved by iterating on LMST until the instant moves less than a millisecond. Pure.
public enum MarsTimeOfDay {
    /// The next `count` Unix instants strictly after `after` at which the clock at `longitude` reads `hours`
    /// (0 ..< 24): LMST, or LTST when `solar`.
    public static func next(hours: Double, longitude: MarsLongitude, solar: Bool, after: Double, count: Int,
                            leapSeconds: LeapSeconds) -> [Double] {
        var instants: [Double] = []
        var cursor = after
        while instants.count < count {
            guard let instant = solar ? nextTrue(hours, longitude, after: cursor, leapSeconds)
                                      : nextMean(hours, longitude, after: cursor, leapSeconds) else { break }
            instants.append(instant)
            cursor = instant
        }
        return instants
    }

    /// The first instant after `after` whose LMST is `hours`.
    static func nextMean(_ hours: Double, _ longitude: MarsLongitude, after: Double, _ leapSeconds: LeapSeconds) -> Double? {
        let clock = MarsClock(unix: after, leapSeconds: leapSeconds)
        // Mean solar hours still to go until the clock reads `hours`, then in Earth seconds (a sol is 1.0274912517
        // days): TT and UTC differ by a constant between leap seconds, so the wait is the same in both.
        var ahead = MarsClock.hours(hours - clock.lmst(eastLongitude: longitude.east))
        // Within a few milliseconds is the reading `after` already has (a Julian date near 2.46e6 resolves 40 µs):
        // the next one is a sol later.
        if ahead < 1e-6 || ahead > 24 - 1e-6 { ahead = 24 }
        var instant = after + ahead / 24 * MarsClock.Constants.solRatio * 86_400
        // A leap second between the two instants moves UTC against TT: put the instant right once.
        let drift = MarsClock(unix: instant, leapSeconds: leapSeconds).ttMinusUTC - clock.ttMinusUTC
        instant -= drift
        return instant.isFinite ? instant : nil
    }

    /// The first instant after `after` whose LTST is `hours`: LTST = LMST + EOT, with EOT taken where the instant
    /// lands and the LMST target corrected until the instant settles (to 1 ms; EOT changes by under 0.2 s per
    /// minute, so a few rounds do).
    static func nextTrue(_ hours: Double, _ longitude: MarsLongitude, after: Double, _ leapSeconds: LeapSeconds) -> Double? {
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
