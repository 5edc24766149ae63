import NoiseCore
import NoiseTime
import Orbits

/// `iss passes`'s tables, times to the second: each pass from rise to set, or with `--visible` the part of each that
/// can be seen, as Heavens-Above lists them (start, highest point and end, each with its elevation and direction).
enum IssPassTable {
    /// Rise, highest point and set (at the minimum elevation), how long, the brightest magnitude, ★ if visible.
    static func whole(_ passes: [SatellitePass], zone: ZoneRules) -> [[String]] {
        [["DATE", "RISE", "HIGHEST", "SET", "LASTS", "MAG", ""]]
            + passes.map { pass in
                [
                    IssText.day(pass.rise.unix, zone),
                    IssText.clock(pass.rise.unix, zone) + " " + pass.rise.look.compass,
                    point(pass.culmination, zone), IssText.clock(pass.set.unix, zone) + " " + pass.set.look.compass,
                    IssText.duration(pass.duration), pass.magnitude.map { $0.fixed(1) } ?? "", pass.visible ? "★" : "",
                ]
            }
    }

    /// The visible part of each visible pass: where it starts, its highest point and where it ends, how long it
    /// lasts and the brightest magnitude.
    static func visible(_ passes: [SatellitePass], zone: ZoneRules) -> [[String]] {
        [["DATE", "VISIBLE FROM", "HIGHEST", "UNTIL", "LASTS", "MAG"]]
            + passes.compactMap { pass in
                guard let from = pass.visibleFrom, let until = pass.visibleUntil, let top = pass.highestVisible else {
                    return nil
                }
                return [
                    IssText.day(from.unix, zone), point(from, zone), point(top, zone), point(until, zone),
                    IssText.duration(until.unix - from.unix), pass.magnitude.map { $0.fixed(1) } ?? "",
                ]
            }
    }

    /// `16:36:12 23° WSW`.
    static func point(_ point: PassPoint, _ zone: ZoneRules) -> String {
        IssText.clock(point.unix, zone) + " " + point.look.elevation.fixed(0) + "° " + point.look.compass
    }
}
