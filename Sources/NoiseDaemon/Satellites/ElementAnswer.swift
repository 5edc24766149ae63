import NoiseCore
import NoiseTime
import Orbits

/// What to do with one satellite's part of a download's answer: keep its set, note that the kept set is already
/// current, or refuse it. Pure, so every kind of bad answer is tested without a server; the rule is that good
/// elements are never replaced by bad or older ones.
enum ElementAnswer: Sendable, Equatable {
    /// A newer set for the requested satellite, checked whole (`OrbitalElements.checkUsable`): store it.
    case accept(OrbitalElements)
    /// The same epoch as the kept set: nothing to write, but the satellite is up to date.
    case current
    /// Not usable; the kept set stays.
    case refuse(ElementRefusal)

    /// Judges an HTTP answer (`status`, `body`) to a request for the satellites `requested`, against the `kept`
    /// sets at the wall clock's `now`: the whole answer refused (an HTTP error, not OMM JSON, an empty list), or a
    /// verdict for each requested satellite.
    static func judge(
        status: Int, body: [UInt8], requested: [Int], kept: [Int: OrbitalElements],
        now: Double
    ) -> Result<[Int: ElementAnswer], ElementRefusal> {
        guard status == 200 else { return .failure(ElementRefusal("the server answered HTTP \(status)")) }
        let objects: [OrbitMeanElementsMessage.Object]
        do {
            objects = try OrbitMeanElementsMessage.parseEach(String(decoding: body, as: UTF8.self))
        } catch {
            if case .array(let items)? = try? JSONCoding.decode(JSONValue.self, from: body), items.isEmpty {
                return .failure(
                    ElementRefusal(
                        "the answer is an empty list: no elements for "
                            + requested.prefix(5).map { String($0) }.joined(separator: ", ")))
            }
            // CelesTrak answers an unknown number with a line of text ("No GP data found"): say what came.
            return .failure(ElementRefusal("the answer is not OMM JSON", detail: "(\(error)): '\(preview(body))'"))
        }
        var byNumber: [Int: [OrbitMeanElementsMessage.Object]] = [:]
        for object in objects {
            if let number = object.catalogNumber { byNumber[number, default: []].append(object) }
        }
        var verdicts: [Int: ElementAnswer] = [:]
        for number in requested {
            guard let mine = byNumber[number] else {
                let numbers = objects.prefix(5).compactMap(\.catalogNumber).map { String($0) }.joined(separator: ", ")
                verdicts[number] = .refuse(
                    ElementRefusal(
                        "the answer holds no elements for \(number)",
                        detail: "(it has \(numbers)\(objects.count > 5 ? ", …" : ""))"))
                continue
            }
            var sets: [OrbitalElements] = []
            for object in mine {
                switch object.set {
                case .success(let set): sets.append(set)
                case .failure(let error):
                    verdicts[number] = .refuse(ElementRefusal("its elements are unreadable: \(error.reason)"))
                }
            }
            guard verdicts[number] == nil, let newest = sets.max(by: { $0.epochUnix < $1.epochUnix }) else { continue }
            verdicts[number] = judge(newest, kept: kept[number], now: now)
        }
        return .success(verdicts)
    }

    /// One satellite's newest set against its kept one. A set as new as the kept one is current without another
    /// check (it was checked when kept); a newer one is checked whole; an older one is stale, unless the kept one
    /// fails the check itself (kept before the check existed), which any good set then replaces.
    static func judge(_ newest: OrbitalElements, kept: OrbitalElements?, now: Double) -> ElementAnswer {
        if let kept {
            let newer = newest.epochUnix - kept.epochUnix
            if abs(newer) <= sameEpochSeconds { return .current }
            if newer < 0, (try? kept.checkUsable(atUnix: now)) != nil {
                return .refuse(
                    ElementRefusal("the answer is stale: its epoch \(utc(newest)) is older than the kept \(utc(kept))"))
            }
        }
        do {
            try newest.checkUsable(atUnix: now)
        } catch {
            return .refuse(ElementRefusal("the set is unusable: \(error.reason)"))
        }
        return .accept(newest)
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

/// Why an answer, or one satellite's part of it, was refused. `reason` says what was wrong in the same words each
/// time, so a repeat is logged at debug level only; `detail` is what came this time (a garbage answer's excerpt),
/// which differs from one answer to the next.
struct ElementRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    var reason: String
    var detail: String?

    init(_ reason: String, detail: String? = nil) {
        self.reason = reason
        self.detail = detail
    }

    var description: String {
        reason + (detail.map { " " + $0 } ?? "")
    }
}
