import NoiseCore

/// The instant an API request names (`/api/mars`, `/api/iss…`, `/api/world`): `at` in Unix seconds, a fraction
/// allowed, else now. One reading for every endpoint that takes it, so each refuses the same things in the same words.
public enum InstantQuery {
    public static func unix(_ at: String?, now: Double) -> Result<Double, WebRefusal> {
        guard let at else { return .success(now) }
        guard let value = Double(at), value.isFinite, abs(value) < 1e11 else {
            return .failure(
                WebRefusal(
                    status: 400, code: "invalid_argument",
                    message: "'at' must be Unix seconds, e.g. 1700000000.5; got '\(at.prefix(40))'"))
        }
        return .success(value)
    }

    /// `steps`: how many readings, one a second from the instant's whole second (docs/web.md, "Live values"); nil
    /// when not asked for (one reading, at the instant itself).
    public static func steps(_ text: String?) -> Result<Int?, WebRefusal> {
        guard let text else { return .success(nil) }
        guard let count = Int(text), (1...WebLimits.maxWebReadingSteps).contains(count) else {
            return .failure(
                WebRefusal(
                    status: 400, code: "invalid_argument",
                    message:
                        "'steps' must be a whole number 1 to \(WebLimits.maxWebReadingSteps); got '\(text.prefix(20))'")
            )
        }
        return .success(count)
    }
}

/// Readings one second apart, from `from` (whole Unix seconds): what `steps` answers.
public struct Stepped<Reading: Encodable & Sendable>: Encodable, Sendable {
    public var from: Double
    public var steps: [Reading]

    /// The readings at `count` whole seconds from `unix`'s, made by `reading`; the first refusal ends them.
    static func make(
        from unix: Double, count: Int, _ reading: (Double) -> Result<Reading, WebRefusal>
    ) -> Result<Stepped, WebRefusal> {
        let first = unix.rounded(.down)
        var steps: [Reading] = []
        for index in 0..<count {
            switch reading(first + Double(index)) {
            case .success(let value): steps.append(value)
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(Stepped(from: first, steps: steps))
    }
}
