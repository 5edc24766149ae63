import NoiseTime
import Orbits

/// Whether it is night now by a `NightSchedule`, and the instants around it: the night now (or the next one) and
/// when the verdict may change, so a page switches its look at the edge without asking every minute. Pure: the
/// time, the zone (for "22:30-06:30", DST-correct) and the place (for "sun") are given.
public struct NightWindow: Sendable, Equatable {
    public var isNight: Bool
    /// The night now, or the next one: its start and end (Unix seconds); nil when none is known (no schedule, or
    /// the Sun neither rises nor sets within `sunSpan`: a polar day or night).
    public var start: Int64?
    public var end: Int64?
    /// When to ask again: the night's edge, or `recheck` from now when no edge is near.
    public var nextChange: Int64

    /// Seconds: how far a polar day or night, or no schedule, is trusted before asking again.
    public static let recheck: Int64 = 6 * 3600
    /// Seconds either side of now within which a sunrise or sunset is looked for.
    public static let sunSpan = 2.0 * 86_400

    public init(isNight: Bool, start: Int64?, end: Int64?, nextChange: Int64) {
        self.isNight = isNight
        self.start = start
        self.end = end
        self.nextChange = nextChange
    }

    /// The window at `now`. `place` is where "sun" is reckoned (nil: no place known, and no night by the Sun).
    public static func at(
        _ now: Int64, schedule: NightSchedule, zone: ZoneRules, place: GeodeticPosition?
    ) -> NightWindow {
        switch schedule {
        case .off:
            return NightWindow(isNight: false, start: nil, end: nil, nextChange: now + recheck)
        case .hours(let start, let end):
            return hours(now, start: start, end: end, zone: zone)
        case .sun:
            guard let place else { return NightWindow(isNight: false, start: nil, end: nil, nextChange: now + recheck) }
            return sun(now, from: Topocentric(place))
        }
    }

    /// The instant a wall-clock minute of `date` falls on in `zone`: in a gap (clocks going forward) the wall time
    /// as if the earlier offset still held, so a night starting at 02:30 that day starts at 03:30; in a fold, the
    /// second of the two.
    static func instant(_ date: LocalDate, minute: Int, zone: ZoneRules) -> Int64 {
        let wall = date.dayNumber * 86_400 + Int64(minute) * 60
        let guess = wall - Int64(zone.offset(at: wall))
        return wall - Int64(zone.offset(at: guess))
    }

    static func hours(_ now: Int64, start: Int, end: Int, zone: ZoneRules) -> NightWindow {
        let today = LocalDate(unix: now, zone: zone)
        // The nights that began yesterday, today and tomorrow: the one holding now, else the first after it.
        let nights = (-1...1).map { offset -> (Int64, Int64) in
            let first = today.adding(days: Int64(offset))
            let last = end > start ? first : first.adding(days: 1)
            return (instant(first, minute: start, zone: zone), instant(last, minute: end, zone: zone))
        }
        if let night = nights.first(where: { $0.0 <= now && now < $0.1 }) {
            return NightWindow(isNight: true, start: night.0, end: night.1, nextChange: night.1)
        }
        let next = nights.first { $0.0 > now } ?? nights[2]
        return NightWindow(isNight: false, start: next.0, end: next.1, nextChange: next.0)
    }

    static func sun(_ now: Int64, from place: Topocentric) -> NightWindow {
        let moment = Double(now)
        let crossing = { (from: Double, forward: Bool) in
            SunHorizon.nextCrossing(from: from, at: place, forward: forward, within: sunSpan).map { Int64($0) }
        }
        if SunHorizon.isUp(unix: moment, from: place) {
            guard let sunset = crossing(moment, true) else {
                return NightWindow(isNight: false, start: nil, end: nil, nextChange: now + recheck)
            }
            return NightWindow(
                isNight: false, start: sunset, end: crossing(Double(sunset) + 1, true), nextChange: sunset)
        }
        let sunrise = crossing(moment, true)
        return NightWindow(
            isNight: true, start: crossing(moment, false), end: sunrise, nextChange: sunrise ?? now + recheck)
    }
}
