import ClockFace
import MarsTime
import TimeScales

/// What `noisectl clock --mars SITE` shows instead of the local time: the site's LMST (or LTST) as a clock
/// reading, and "Sol N" for under it (the rover's mission sol at its site, else the sols since MSD 0 there).
struct MarsClockSource {
    let place: String
    let longitude: MarsLongitude
    let landing: Double?
    let solar: Bool
    let leapSeconds: LeapSeconds

    /// The reading at `unix`: the Mars time as hours, minutes and seconds (the date fields mean nothing and are not
    /// shown), and the caption.
    func reading(at unix: Int64) -> (reading: ClockReading, caption: String) {
        let clock = MarsClock(unix: Double(unix), leapSeconds: leapSeconds)
        let hours = solar ? clock.ltst(eastLongitude: longitude.east) : clock.lmst(eastLongitude: longitude.east)
        let second = min(86_399, Int(hours * 3600))
        let reading = ClockReading.at(
            year: 2000, month: 1, day: 1, hour: second / 3600, minute: second / 60 % 60,
            second: second % 60)
        let sol =
            landing.map {
                MarsSite.missionSol(
                    at: clock, landing: MarsClock(unix: $0, leapSeconds: leapSeconds), longitude: longitude)
            }
            ?? Int((clock.msd + longitude.east / 360).rounded(.down))
        return (reading, "Sol \(sol) · \(solar ? "LTST" : "LMST") \(place)")
    }
}
