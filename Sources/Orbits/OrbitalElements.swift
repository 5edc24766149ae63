import NoiseTime

/// One satellite's mean orbital elements (SGP4's), as a two-line element set or a CCSDS OMM gives them.
public struct OrbitalElements: Sendable, Equatable {
    /// The name line of a three-line set, or the OMM's OBJECT_NAME.
    public var name: String?
    /// The NORAD catalog number (Alpha-5 `A0001` read as 100001).
    public var catalogNumber: Int
    public var classification: String
    public var internationalDesignator: String
    /// The epoch's year (four digits) and day of the year with its fraction (1.0 is 1 January 00:00 UTC).
    public var epochYear: Int
    public var epochDay: Double
    /// First and second derivatives of the mean motion, as the set writes them: rev/day² (÷2) and rev/day³ (÷6).
    public var meanMotionDot: Double
    public var meanMotionDDot: Double
    /// The drag term B*, per Earth radius.
    public var bstar: Double
    public var ephemerisType: Int
    public var elementSetNumber: Int
    /// Degrees.
    public var inclination: Double
    public var rightAscension: Double
    public var eccentricity: Double
    public var argumentOfPerigee: Double
    public var meanAnomaly: Double
    /// Revolutions per day (Kozai).
    public var meanMotion: Double
    public var revolutionNumber: Int

    public init(
        name: String? = nil, catalogNumber: Int, classification: String = "U", internationalDesignator: String = "",
        epochYear: Int, epochDay: Double, meanMotionDot: Double = 0, meanMotionDDot: Double = 0, bstar: Double,
        ephemerisType: Int = 0, elementSetNumber: Int = 0, inclination: Double, rightAscension: Double,
        eccentricity: Double, argumentOfPerigee: Double, meanAnomaly: Double, meanMotion: Double,
        revolutionNumber: Int = 0
    ) {
        self.name = name
        self.catalogNumber = catalogNumber
        self.classification = classification
        self.internationalDesignator = internationalDesignator
        self.epochYear = epochYear
        self.epochDay = epochDay
        self.meanMotionDot = meanMotionDot
        self.meanMotionDDot = meanMotionDDot
        self.bstar = bstar
        self.ephemerisType = ephemerisType
        self.elementSetNumber = elementSetNumber
        self.inclination = inclination
        self.rightAscension = rightAscension
        self.eccentricity = eccentricity
        self.argumentOfPerigee = argumentOfPerigee
        self.meanAnomaly = meanAnomaly
        self.meanMotion = meanMotion
        self.revolutionNumber = revolutionNumber
    }

    /// The epoch as SGP4 counts it: days since 1949-12-31 00:00 UTC, computed as the reference code does (the day
    /// split into month, day, hours, minutes and seconds, a Julian date from them, less 2433281.5). That sum rounds
    /// to about 40 µs; the Sun's and Moon's terms of a deep-space orbit depend on it, and the verification output
    /// was made with it, so it is kept. Times are counted from `epochUnix`, which is exact.
    public var sgp4Epoch: Double {
        let dayOfYear = Int(epochDay.rounded(.down))
        var hours = (epochDay - Double(dayOfYear)) * 24
        let hour = hours.rounded(.down)
        hours = (hours - hour) * 60
        let minute = hours.rounded(.down)
        let second = (hours - minute) * 60
        let date = CivilDate.days(year: epochYear, month: 1, day: 1) + Int64(dayOfYear - 1)
        let (year, month, day) = CivilDate.date(days: date)
        let (y, m) = (Double(year), Double(month))
        let julianDay =
            367 * y - ((7 * (y + ((m + 9) / 12).rounded(.down))) * 0.25).rounded(.down)
            + (275 * m / 9).rounded(.down) + Double(day) + 1_721_013.5
        return (julianDay + (second + minute * 60 + hour * 3600) / 86_400) - 2_433_281.5
    }

    /// The epoch in Unix seconds (UTC).
    public var epochUnix: Double {
        Double(CivilDate.days(year: epochYear, month: 1, day: 1) * 86_400) + (epochDay - 1) * 86_400
    }
}
