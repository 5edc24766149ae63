import NoiseCore
import NoiseTime

/// CCSDS Orbit Mean-Elements Messages as CelesTrak's GP service serves them in JSON (`FORMAT=json`: an array of
/// objects with `OBJECT_NAME`, `NORAD_CAT_ID`, `EPOCH`, `MEAN_MOTION`, …), turned into the same element sets as
/// two-line elements. Pure: the text is given.
public enum OrbitMeanElementsMessage {
    /// Every object in the array (or the one object), in order; the first bad one refuses the file.
    public static func parse(_ text: String) throws(ElementsError) -> [OrbitalElements] {
        var sets: [OrbitalElements] = []
        for object in try parseEach(text) {
            sets.append(try object.set.get())
        }
        return sets
    }

    /// One object of a message: its set, or why it is none, with its catalog number when that much reads.
    public struct Object: Sendable {
        public var catalogNumber: Int?
        public var set: Result<OrbitalElements, ElementsError>
    }

    /// Every object in the array (or the one object), each on its own, so one odd object in a group of thousands
    /// (CelesTrak's `GROUP=active`) does not spoil the others. Throws when the text is not such an array at all.
    public static func parseEach(_ text: String) throws(ElementsError) -> [Object] {
        let value: JSONValue
        do {
            value = try JSONCoding.decode(JSONValue.self, from: Array(text.utf8))
        } catch {
            throw ElementsError(line: 1, "not JSON: \(JSONCoding.reason(error))")
        }
        let objects: [JSONValue]
        switch value {
        case .array(let items): objects = items
        case .object: objects = [value]
        default: throw ElementsError(line: 1, "an OMM file is a JSON array of element objects")
        }
        guard !objects.isEmpty else { throw ElementsError(line: 1, "no element set in the file") }
        return objects.enumerated().map { index, object in
            guard case .object(let fields) = object else {
                return Object(
                    catalogNumber: nil,
                    set: .failure(ElementsError(line: 1, "element \(index + 1) is not a JSON object")))
            }
            let record = Record(fields: fields, index: index + 1)
            let number = (try? record.number("NORAD_CAT_ID", in: 0..<340_000)).map { Int($0) }
            return Object(catalogNumber: number, set: Result { () throws(ElementsError) in try elements(record) })
        }
    }

    /// The sets as OMM JSON (CelesTrak's keys, full precision), as the elements cache keeps them.
    public static func json(_ sets: [OrbitalElements]) -> [UInt8] {
        let objects = sets.map { set -> JSONValue in
            var fields: [String: JSONValue] = [
                "NORAD_CAT_ID": .number(Double(set.catalogNumber)), "CLASSIFICATION_TYPE": .string(set.classification),
                "OBJECT_ID": .string(set.internationalDesignator.trimmingSpaces), "EPOCH": .string(epochText(set)),
                "MEAN_MOTION": .number(set.meanMotion), "ECCENTRICITY": .number(set.eccentricity),
                "INCLINATION": .number(set.inclination), "RA_OF_ASC_NODE": .number(set.rightAscension),
                "ARG_OF_PERICENTER": .number(set.argumentOfPerigee), "MEAN_ANOMALY": .number(set.meanAnomaly),
                "EPHEMERIS_TYPE": .number(Double(set.ephemerisType)),
                "ELEMENT_SET_NO": .number(Double(set.elementSetNumber)),
                "REV_AT_EPOCH": .number(Double(set.revolutionNumber)), "BSTAR": .number(set.bstar),
                "MEAN_MOTION_DOT": .number(set.meanMotionDot), "MEAN_MOTION_DDOT": .number(set.meanMotionDDot),
            ]
            if let name = set.name { fields["OBJECT_NAME"] = .string(name) }
            return .object(fields)
        }
        return (try? JSONCoding.pretty(JSONValue.array(objects))) ?? Array("[]".utf8)
    }

    /// `2024-01-01T12:00:00.000000`: the epoch to the microsecond.
    static func epochText(_ set: OrbitalElements) -> String {
        let dayOfYear = Int(set.epochDay.rounded(.down))
        let micros = Int64(((set.epochDay - Double(dayOfYear)) * 86_400_000_000).rounded())
        let whole = CivilDate.days(year: set.epochYear, month: 1, day: 1) + Int64(dayOfYear - 1)
        let text = ISO8601.format(unix: whole * 86_400 + micros / 1_000_000, offsetSeconds: 0)
        return text.dropLast(6) + "." + String(Int(micros % 1_000_000), width: 6)
    }

    static func elements(_ record: Record) throws(ElementsError) -> OrbitalElements {
        let epochText = try record.string("EPOCH")
        guard let epoch = ISO8601.parts(epochText.hasSuffix("Z") ? epochText : epochText + "Z") else {
            throw record.problem(
                "EPOCH", "'\(epochText.prefix(40))' is not a date and time like 2024-01-01T12:00:00.000000")
        }
        let yearStart = CivilDate.days(year: epoch.year, month: 1, day: 1)
        let dayOfYear = CivilDate.days(year: epoch.year, month: epoch.month, day: epoch.day) - yearStart + 1
        let seconds = Double(epoch.hour * 3600 + epoch.minute * 60 + epoch.second) + epoch.fraction
        return OrbitalElements(
            name: try? record.string("OBJECT_NAME"),
            catalogNumber: Int(try record.number("NORAD_CAT_ID", in: 0..<340_000)),
            classification: (try? record.string("CLASSIFICATION_TYPE")) ?? "U",
            internationalDesignator: (try? record.string("OBJECT_ID")) ?? "", epochYear: epoch.year,
            epochDay: Double(dayOfYear) + seconds / 86_400,
            meanMotionDot: try record.number("MEAN_MOTION_DOT", in: -1..<1),
            meanMotionDDot: try record.number("MEAN_MOTION_DDOT", in: -1..<1),
            bstar: try record.number("BSTAR", in: -1..<1),
            ephemerisType: Int((try? record.number("EPHEMERIS_TYPE", in: 0..<10)) ?? 0),
            elementSetNumber: Int((try? record.number("ELEMENT_SET_NO", in: 0..<100_000)) ?? 0),
            inclination: try record.number("INCLINATION", in: 0..<180.0001),
            rightAscension: try record.number("RA_OF_ASC_NODE", in: 0..<360),
            eccentricity: try record.number("ECCENTRICITY", in: 0..<1),
            argumentOfPerigee: try record.number("ARG_OF_PERICENTER", in: 0..<360),
            meanAnomaly: try record.number("MEAN_ANOMALY", in: 0..<360),
            meanMotion: try record.number("MEAN_MOTION", in: 0..<20),
            revolutionNumber: Int((try? record.number("REV_AT_EPOCH", in: 0..<10_000_000)) ?? 0))
    }

    /// The seconds' fraction of `2024-01-01T12:00:00.123456` (ISO 8601's parser keeps whole seconds).
    struct Record {
        let fields: [String: JSONValue]
        let index: Int

        func problem(_ key: String, _ why: String) -> ElementsError {
            ElementsError(line: 1, "element \(index), \(key): \(why)")
        }

        func string(_ key: String) throws(ElementsError) -> String {
            guard case .string(let text)? = fields[key] else { throw problem(key, "missing or not a string") }
            return text
        }

        /// A number, written as a number or a string of one (CelesTrak writes both).
        func number(_ key: String, in range: Range<Double>) throws(ElementsError) -> Double {
            let value: Double?
            switch fields[key] {
            case .number(let number)?: value = number
            case .string(let text)?: value = Double(text)
            default: value = nil
            }
            guard let value, value.isFinite else { throw problem(key, "missing or not a number") }
            guard range.contains(value) else {
                throw problem(key, "\(value) is out of range (\(range.lowerBound) to under \(range.upperBound))")
            }
            return value
        }
    }
}
