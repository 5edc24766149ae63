import NoiseCore
import NoiseTime
import Orbits

/// What to do with a download's answer: keep its set, note that the kept set is already current, or refuse it
/// with a reason for the log. Pure, so every kind of bad answer is tested without a server; the rule is that
/// good elements are never replaced by bad or older ones.
enum ElementAnswer: Sendable, Equatable {
    /// A newer set for the requested satellite: store it.
    case accept(OrbitalElements)
    /// The same epoch as the kept set: nothing to write, but the satellite is up to date.
    case current
    /// Not usable; the kept set stays.
    case refuse(String)

    /// Judges an HTTP answer (`status`, `body`) to a request for `requested`, against the `kept` set.
    static func judge(status: Int, body: [UInt8], requested: Int, kept: OrbitalElements?) -> ElementAnswer {
        guard status == 200 else { return .refuse("the server answered HTTP \(status)") }
        let sets: [OrbitalElements]
        do {
            sets = try OrbitMeanElementsMessage.parse(String(decoding: body, as: UTF8.self))
        } catch {
            if case .array(let items)? = try? JSONCoding.decode(JSONValue.self, from: body), items.isEmpty {
                return .refuse("the answer is an empty list: no elements for \(requested)")
            }
            // CelesTrak answers an unknown number with a line of text ("No GP data found"): say what came.
            return .refuse("the answer is not OMM JSON (\(error)): '\(preview(body))'")
        }
        let asked = sets.filter { $0.catalogNumber == requested }
        guard let newest = asked.max(by: { $0.epochUnix < $1.epochUnix }) else {
            let numbers = sets.prefix(5).map { String($0.catalogNumber) }.joined(separator: ", ")
            return .refuse("the answer holds no elements for \(requested) (it has \(numbers))")
        }
        guard let kept else { return .accept(newest) }
        let newer = newest.epochUnix - kept.epochUnix
        if newer < -sameEpochSeconds {
            return .refuse("the answer is stale: its epoch \(utc(newest)) is older than the kept \(utc(kept))")
        }
        return newer <= sameEpochSeconds ? .current : .accept(newest)
    }

    /// Epochs this close are one: the cache writes an epoch to the microsecond and reads it back through
    /// floating point, so the same set may come back a microsecond off, which must not read as stale.
    static let sameEpochSeconds = 0.001

    static func utc(_ set: OrbitalElements) -> String {
        ISO8601.format(seconds: set.epochUnix, offsetSeconds: 0)
    }

    /// The body's start, printable, for a log line.
    private static func preview(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(60), as: UTF8.self)
        let printable = text.map { character -> Character in
            let shown = character.isLetter || character.isNumber || character.isPunctuation || character == " "
            return character.isASCII && shown ? character : "?"
        }
        return String(printable)
            + (body.count > 60 ? "…" : "")
    }
}
