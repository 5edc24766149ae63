/// Julian dates and Terrestrial Time from Unix time: what astronomy's formulas take (Mars24, SGP4). Pure.
public enum TerrestrialTime {
    /// The Julian date of the Unix epoch, 1970-01-01T00:00:00 UTC.
    public static let unixEpochJD = 2_440_587.5
    /// J2000.0, the epoch of the Mars24 and most orbital formulas, as a Julian date (TT).
    public static let j2000 = 2_451_545.0
    /// TT − TAI, fixed by definition.
    public static let ttMinusTAI = 32.184

    /// The Julian date (UT) of a Unix instant (which counts UTC days of 86,400 s).
    public static func julianDate(unix: Double) -> Double {
        unixEpochJD + unix / 86_400
    }

    public static func unix(julianDate: Double) -> Double {
        (julianDate - unixEpochJD) * 86_400
    }

    /// TT − UTC in seconds at a Unix instant: 32.184 s + TAI − UTC (with the note of `LeapSeconds`, if any).
    public static func ttMinusUTC(unix: Double, leapSeconds: LeapSeconds) -> (seconds: Double, note: String?) {
        let (tai, note) = leapSeconds.taiMinusUTC(atUnix: unix)
        return (ttMinusTAI + Double(tai), note)
    }
}
