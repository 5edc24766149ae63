import Glibc
import TimeScales

/// Mars time at one Earth instant: NASA GISS's Mars24 algorithm (Allison & McEwen 2000, with the constants of the
/// current Mars24 page, "Mars24 Sunclock — Algorithm and Worked Examples"), every intermediate value kept so it
/// can be shown and checked. Angles in degrees, times of day in hours. Pure.
public struct MarsClock: Sendable, Equatable {
    /// the Julian date (UT).
    public let jdUT: Double
    /// TT − UTC, seconds.
    public let ttMinusUTC: Double
    /// Why TT − UTC is only approximate, if it is (before 1972, an expired leap-second list).
    public let leapSecondNote: String?
    /// the Julian date (TT).
    public let jdTT: Double
    /// days since J2000.0 (TT).
    public let deltaJ2000: Double
    /// B-1: Mars's mean anomaly.
    public let meanAnomaly: Double
    /// B-2: the right ascension of the fictitious mean sun.
    public let alphaFMS: Double
    /// B-3: the perturbers.
    public let pbs: Double
    /// B-4: the equation of center, ν − M.
    public let equationOfCenter: Double
    /// B-5: the areocentric solar longitude, Ls (0 to 360).
    public let ls: Double
    /// C-1: the equation of time.
    public let eotDegrees: Double
    public var eotHours: Double { eotDegrees / 15 }
    /// C-2: the Mars Sol Date and Coordinated Mars Time (the mean solar time at the prime meridian, 0 to 24).
    public let msd: Double
    public let mtcHours: Double
    /// C-5: the subsolar longitude, degrees west (0 to 360), as Mars24 gives it.
    public let subsolarLongitudeWest: Double
    /// D-1: the planetographic solar declination.
    public let solarDeclination: Double
    /// D-2: the heliocentric distance, AU.
    public let heliocentricDistance: Double

    /// Mars24's constants, in one place.
    enum Constants {
        static let solRatio = 1.0274912517  // a sol in Earth days
        static let msdEpoch = 2_405_522.0028779  // the Julian date (TT) of MSD 0
        static let mtcJD = 2_451_549.5  // C-2's reference epoch
        static let mtcOffset = 44_796.0 - 0.0009626  // C-2's sol count at that epoch
        /// B-3's seven perturbing terms: amplitude (°), period (Julian years), phase (°).
        static let perturbers: [(amplitude: Double, period: Double, phase: Double)] = [
            (0.0071, 2.2353, 49.409), (0.0057, 2.7543, 168.173), (0.0039, 1.1177, 191.837),
            (0.0037, 15.7866, 21.736), (0.0021, 2.1354, 15.704), (0.0020, 2.4694, 95.528),
            (0.0018, 32.8493, 49.095),
        ]
    }

    public init(unix: Double, leapSeconds: LeapSeconds) {
        let (tt, note) = TerrestrialTime.ttMinusUTC(unix: unix, leapSeconds: leapSeconds)
        self.init(jdUT: TerrestrialTime.julianDate(unix: unix), ttMinusUTC: tt, leapSecondNote: note)
    }

    /// The chain from the Julian date (UT) and TT − UTC.
    public init(jdUT: Double, ttMinusUTC: Double, leapSecondNote: String? = nil) {
        self.jdUT = jdUT
        self.ttMinusUTC = ttMinusUTC
        self.leapSecondNote = leapSecondNote
        jdTT = jdUT + ttMinusUTC / 86_400
        deltaJ2000 = jdTT - TerrestrialTime.j2000
        meanAnomaly = Angle.normalized(19.3871 + 0.52402073 * deltaJ2000)
        alphaFMS = Angle.normalized(270.3871 + 0.524038496 * deltaJ2000)
        pbs = Self.perturbers(deltaJ2000)
        let m = meanAnomaly
        equationOfCenter =
            (10.691 + 3.0e-7 * deltaJ2000) * Angle.sin(m) + 0.623 * Angle.sin(2 * m)
            + 0.050 * Angle.sin(3 * m) + 0.005 * Angle.sin(4 * m) + 0.0005 * Angle.sin(5 * m) + pbs
        ls = Angle.normalized(alphaFMS + equationOfCenter)
        eotDegrees =
            2.861 * Angle.sin(2 * ls) - 0.071 * Angle.sin(4 * ls) + 0.002 * Angle.sin(6 * ls) - equationOfCenter
        msd = (jdTT - Constants.msdEpoch) / Constants.solRatio
        mtcHours = Self.hours(24 * ((jdTT - Constants.mtcJD) / Constants.solRatio + Constants.mtcOffset))
        subsolarLongitudeWest = Angle.normalized(mtcHours * 15 + eotDegrees + 180)
        solarDeclination = Angle.degrees(asin(0.42565 * Angle.sin(ls))) + 0.25 * Angle.sin(ls)
        heliocentricDistance =
            1.52367934
            * (1.00436 - 0.09309 * Angle.cos(m) - 0.004336 * Angle.cos(2 * m)
                - 0.00031 * Angle.cos(3 * m) - 0.00003 * Angle.cos(4 * m))
    }

    static func perturbers(_ deltaJ2000: Double) -> Double {
        Constants.perturbers.reduce(0) { sum, term in
            sum + term.amplitude * Angle.cos(0.985626 * deltaJ2000 / term.period + term.phase)
        }
    }

    /// C-3: the local mean solar time at a longitude (degrees east), hours.
    public func lmst(eastLongitude: Double) -> Double {
        Self.hours(mtcHours + eastLongitude / 15)
    }

    /// C-4: the local true solar time, hours.
    public func ltst(eastLongitude: Double) -> Double {
        Self.hours(lmst(eastLongitude: eastLongitude) + eotHours)
    }

    /// Wraps hours into 0 ..< 24.
    static func hours(_ value: Double) -> Double {
        let wrapped = value.truncatingRemainder(dividingBy: 24)
        return wrapped < 0 ? wrapped + 24 : wrapped
    }
}
