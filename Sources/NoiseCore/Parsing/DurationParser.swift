/// Parses the durations people type: `45m`, `1h30m`, `5s`, `0.5s`, `500ms`, `0`. A bare number other than 0 is
/// refused everywhere: mpc users mean minutes, sleep(1) users seconds, so the unit must be said.
public enum DurationParser {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var input: String
        /// A number with no unit (`90`), told apart for its own advice.
        public var bareNumber = false

        public init(input: String, bareNumber: Bool = false) {
            self.input = input
            self.bareNumber = bareNumber
        }

        public var description: String {
            let accepted = "accepted: ms, s, m, h, as in 500ms, 5s, 0.5s, 45m, 1h30m"
            guard !bareNumber else {
                return "\(input) has no unit: write \(input)s for seconds or \(input)m for minutes (\(accepted))"
            }
            return "'\(input.prefix(40))' is not a duration; use a number with a unit (\(accepted))"
        }
    }

    /// The duration in seconds.
    public static func seconds(_ text: String) throws(Failure) -> Double {
        let input = text.lowercased().filter { !$0.isWhitespace }
        guard !input.isEmpty else { throw Failure(input: text) }
        if let bare = Double(input), bare.isFinite, bare >= 0, input.allSatisfy({ $0.isNumber || $0 == "." }) {
            guard bare == 0 else { throw Failure(input: String(text.prefix(20)), bareNumber: true) }
            return 0
        }
        var total = 0.0
        var rest = Substring(input)
        var lastUnitScale = Double.infinity
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number) else { throw Failure(input: text) }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            let scale: Double
            switch unit {
            case "ms": scale = 0.001
            case "s", "sec", "secs": scale = 1
            case "m", "min", "mins": scale = 60
            case "h", "hr", "hrs": scale = 3600
            default: throw Failure(input: text)
            }
            // Units must go from large to small, each once: 1h30m, not 30m1h.
            guard scale < lastUnitScale else { throw Failure(input: text) }
            lastUnitScale = scale
            total += value * scale
        }
        guard total.isFinite else { throw Failure(input: text) }
        return total
    }

    /// Formats seconds the way people read them: `45 min`, `1 h 30 min`, `12 s`, `0.5 s`.
    public static func describe(_ seconds: Double) -> String {
        if seconds < 10, seconds != seconds.rounded() { return "\(((seconds * 10).rounded() / 10).formatted) s" }
        let whole = Int(seconds.rounded())
        let (hours, minutes, secs) = (whole / 3600, whole % 3600 / 60, whole % 60)
        // Concatenated, not `joined`: its generic code costs a cold `noisectl status` a conformance scan.
        var text = ""
        if hours > 0 { text = "\(hours) h" }
        if minutes > 0 { text += (text.isEmpty ? "" : " ") + "\(minutes) min" }
        if secs > 0 && hours == 0 || text.isEmpty { text += (text.isEmpty ? "" : " ") + "\(secs) s" }
        return text
    }
}
