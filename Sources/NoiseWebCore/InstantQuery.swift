/// The instant an API request names (`/api/mars`, `/api/iss…`, `/api/world`): `at` in Unix seconds, a fraction
/// allowed, else now. One reading for every endpoint that takes it, so each refuses the same things in the same words.
public enum InstantQuery {
    public static func unix(_ at: String?, now: Double) -> Result<Double, WebRefusal> {
        guard let at else { return .success(now) }
        guard let value = Double(at), value.isFinite, abs(value) < 1e11 else {
            return .failure(WebRefusal(status: 400, code: "invalid_argument",
                                       message: "'at' must be Unix seconds, e.g. 1700000000.5; got '\(at.prefix(40))'"))
        }
        return .success(value)
    }
}
