/// Everything `noisectl mars` shows at one instant and one longitude, `--json`'s object: the Mars24 chain's
/// values in full double precision, the local times, the year, the season and the sols. Pure.
public struct MarsReading: Sendable, Equatable, Encodable {
    public let jdUT, ttMinusUTC, jdTT, deltaJ2000: Double
    public let meanAnomaly, alphaFMS, pbs, equationOfCenter, ls, eotDegrees, eotHours: Double
    public let msd, mtcHours, subsolarLongitudeWest, solarDeclination, heliocentricDistance: Double
    public let eastLongitude, lmstHours, ltstHours: Double
    public let marsYear: Int
    public let season: String
    public let sol: Int
    public let missionSol: Int?

    public init(_ clock: MarsClock, longitude: MarsLongitude, missionSol: Int? = nil) {
        jdUT = clock.jdUT
        ttMinusUTC = clock.ttMinusUTC
        jdTT = clock.jdTT
        deltaJ2000 = clock.deltaJ2000
        meanAnomaly = clock.meanAnomaly
        alphaFMS = clock.alphaFMS
        pbs = clock.pbs
        equationOfCenter = clock.equationOfCenter
        ls = clock.ls
        eotDegrees = clock.eotDegrees
        eotHours = clock.eotHours
        msd = clock.msd
        mtcHours = clock.mtcHours
        subsolarLongitudeWest = clock.subsolarLongitudeWest
        solarDeclination = clock.solarDeclination
        heliocentricDistance = clock.heliocentricDistance
        eastLongitude = longitude.east
        lmstHours = clock.lmst(eastLongitude: longitude.east)
        ltstHours = clock.ltst(eastLongitude: longitude.east)
        marsYear = clock.marsYear
        season = clock.season.rawValue
        sol = clock.sol
        self.missionSol = missionSol
    }

    /// The keys docs/mars.md lists, spelt out: units in the names.
    enum CodingKeys: String, CodingKey {
        case jdUT = "jd_ut", ttMinusUTC = "tt_minus_utc_s", jdTT = "jd_tt", deltaJ2000 = "delta_t_j2000_tt_days"
        case meanAnomaly = "mars_mean_anomaly_deg", alphaFMS = "fms_alpha_deg", pbs = "pbs_deg"
        case equationOfCenter = "equation_of_center_deg", ls = "ls_deg", eotDegrees = "eot_deg", eotHours = "eot_hours"
        case msd, mtcHours = "mtc_hours", subsolarLongitudeWest = "subsolar_longitude_west_deg"
        case solarDeclination = "solar_declination_deg", heliocentricDistance = "heliocentric_distance_au"
        case eastLongitude = "lon_east_deg", lmstHours = "lmst_hours", ltstHours = "ltst_hours"
        case marsYear = "mars_year", season, sol, missionSol = "mission_sol"
    }

    /// "07:04:31", hours as a clock reads them.
    public static func clockText(_ hours: Double) -> String {
        let seconds = Int((hours * 3600).rounded(.down)) % 86_400
        return [seconds / 3600, seconds / 60 % 60, seconds % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(
            separator: ":")
    }

    /// The panel's lines, for `--once` (the live panel draws the same).
    public func lines(siteName: String, longitude: MarsLongitude, earthUTC: String, earthLocal: String) -> [String] {
        // Each said once: a longitude given as the place is its name; a local time in UTC is the UTC line.
        var lines = ["Mars at " + (siteName == longitude.description ? siteName : "\(siteName), \(longitude)")]
        lines.append("Sol \(sol)" + (missionSol.map { "   mission sol \($0)" } ?? ""))
        lines.append(
            "LMST  \(Self.clockText(lmstHours))   LTST  \(Self.clockText(ltstHours))   MTC  \(Self.clockText(mtcHours))"
        )
        lines.append(earthLocal.hasPrefix(earthUTC) ? "Earth \(earthLocal)" : "Earth \(earthUTC)   \(earthLocal)")
        lines.append("Ls \(ls.fixed(3))°, northern \(season), Mars Year \(marsYear)")
        lines.append(
            "JD \(jdUT.fixed(5)) UT, \(jdTT.fixed(5)) TT (TT − UTC \(ttMinusUTC.fixed(3)) s)   MSD \(msd.fixed(5))")
        lines.append(
            "EOT \(eotDegrees.fixed(5))° (\((eotHours * 60).fixed(2)) min)   subsolar longitude \(subsolarLongitudeWest.fixed(3))° W"
        )
        lines.append("Sun: declination \(solarDeclination.fixed(3))°, \(heliocentricDistance.fixed(5)) AU away")
        return lines
    }
}
