import NoiseCore

/// Reads and checks an entry's `events` object: `{"files": [...], "every": [low, high], "gain_db": [low, high]}`,
/// each refusal saying what was wrong and what is accepted (`CatalogLimits`).
enum EventsParser {
    struct Problem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static let fields = ["files", "every", "gain_db"]

    static func parse(_ value: JSONValue) throws(Problem) -> SoundEvents {
        guard case .object(let object) = value else {
            throw Problem("must be an object {\"files\": [...], \"every\": [low, high], \"gain_db\": [low, high]}")
        }
        if let key = object.keys.filter({ !fields.contains($0) }).sorted().first {
            throw Problem("unknown field '\(key)'; fields are \(fields.joined(separator: ", "))")
        }
        guard case .array(let items)? = object["files"] else { throw Problem("'files' is missing or not a list") }
        guard (1...CatalogLimits.maxEventFiles).contains(items.count) else {
            throw Problem("'files' has \(items.count); give 1 to \(CatalogLimits.maxEventFiles)")
        }
        var files: [String] = []
        for item in items {
            guard case .string(let file) = item else {
                throw Problem("'files' must hold strings, got \(item.typeName)")
            }
            if let reason = SoundRules.fileProblem(file) { throw Problem("file \"\(file.prefix(80))\": \(reason)") }
            files.append(file)
        }
        let every = try range(object["every"], "every", within: CatalogLimits.eventIntervalSeconds, unit: "seconds")
        let gain = try range(object["gain_db"], "gain_db", within: CatalogLimits.eventGainDB, unit: "dB")
        return SoundEvents(files: files, every: every, gainDB: gain)
    }

    /// `[low, high]`, both inside `limits`, low not above high.
    private static func range(
        _ value: JSONValue?, _ key: String, within limits: ClosedRange<Double>, unit: String
    ) throws(Problem) -> ClosedRange<Double> {
        let accepted = "[low, high] in \(unit), each from \(format(limits.lowerBound)) to \(format(limits.upperBound))"
        guard case .array(let pair)? = value, pair.count == 2, case .number(let low) = pair[0],
            case .number(let high) = pair[1]
        else { throw Problem("'\(key)' must be \(accepted)") }
        guard limits.contains(low), limits.contains(high) else {
            throw Problem("'\(key)' is [\(format(low)), \(format(high))]; it must be \(accepted)")
        }
        guard low <= high else { throw Problem("'\(key)' is [\(format(low)), \(format(high))]: low is above high") }
        return low...high
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
