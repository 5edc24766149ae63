import NoiseCore

/// The one shape of a refusal, whoever answers it: `{"error": {"code", "message"}, "id": …, "ok": false}`. noised
/// sends it with the request's id; noiseweb's API and `noisectl --json` without one (their codes may be their own:
/// `not_allowed_here`, `unreachable`).
public struct FailureLine: Encodable, Sendable {
    public struct Detail: Encodable, Sendable {
        public var code: String
        public var message: String
    }

    /// The request's id on the control socket (null when it could not be read); left out elsewhere.
    public var id: RequestID?
    public var ok = false
    public var error: Detail

    public init(id: RequestID? = nil, code: String, message: String) {
        self.id = id
        self.error = Detail(code: code, message: message)
    }

    public init(id: RequestID? = nil, _ error: ProtocolError) {
        self.init(id: id, code: error.code.rawValue, message: error.message)
    }

    /// The line, without its newline: strings and an id always encode.
    public var line: [UInt8] {
        (try? JSONCoding.line(self)) ?? Array(#"{"ok":false}"#.utf8)
    }
}
