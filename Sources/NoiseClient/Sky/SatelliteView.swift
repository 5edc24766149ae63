import NoiseCore
import NoiseTime
import Orbits

/// What every satellite view (noisectl's `iss` commands, the web page's ISS) does before it draws: the set chosen
/// from the kept ones, refused when it no longer tells where the satellite is, and the notes each view shows.
public enum SatelliteView {
    /// The ISS's catalog number, the satellite shown when none is asked for and the sets have it.
    public static let iss = 25544

    /// Why there is nothing to show, said so that the fix follows.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The set for `wanted` (default: the ISS, else the first), current at `now`; `source` names where the sets
    /// came from, for the message.
    public static func choose(
        from sets: [OrbitalElements]?, wanted: Int?, now: Double, source: String
    ) throws(Failure) -> OrbitalElements {
        guard let sets, !sets.isEmpty else {
            throw Failure(
                description: "no orbital elements yet: import some (noisectl iss elements import FILE, a TLE or "
                    + "OMM file such as CelesTrak's stations.txt) or give --elements FILE")
        }
        let number = wanted ?? (sets.contains { $0.catalogNumber == iss } ? iss : sets[0].catalogNumber)
        guard let set = sets.first(where: { $0.catalogNumber == number }) else {
            let numbers = sets.prefix(10).map { String($0.catalogNumber) }.joined(separator: ", ")
            throw Failure(description: "--satellite \(number): no such catalog number in \(source) (it has \(numbers))")
        }
        do { try set.checkCurrent(atUnix: now) } catch { throw Failure(description: error.description) }
        return set
    }

    /// The notes every view shows: the elements' age, and why the place is approximate.
    public static func notes(_ set: OrbitalElements, place: ObserverPlace, now: Double) -> [String] {
        [age(of: set, now: now)] + (place.note.map { [$0] } ?? [])
    }

    /// "elements from 2024-01-01T12:00Z, 3.2 days old", with a warning past a week.
    public static func age(of set: OrbitalElements, now: Double) -> String {
        let days = (now - set.epochUnix) / 86_400
        var text = "elements from \(utc(set.epochUnix).prefix(16))Z, \(days.fixed(1)) days old"
        if abs(days) > 7 {
            text += "; past 7 days predictions may be off by minutes (noisectl iss elements import FILE)"
        }
        return text
    }

    /// ISO 8601 in UTC with milliseconds and Z: `2024-01-01T12:00:00.123Z`.
    public static func utc(_ unix: Double) -> String {
        let millis = Int64((unix * 1000).rounded())
        let whole = CivilDate.floorDivide(millis, 1000)
        let text = ISO8601.format(unix: whole, offsetSeconds: 0)
        return text.dropLast(6) + "." + String(Int(millis - whole * 1000), width: 3) + "Z"
    }
}
