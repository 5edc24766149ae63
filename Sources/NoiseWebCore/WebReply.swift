import NoiseCore
import NoiseProtocol

/// An API reply for the page, in the protocol's own shape: `{"ok": true, "data": …}` or
/// `{"ok": false, "error": {"code", "message"}}`, with the HTTP status it goes out with. An `Error` too: a step
/// that fails (a request to noised) hands back the refusal the page is to get, in a `Result`.
public struct WebReply: Error, Sendable, Equatable {
    public var status: Int
    public var json: [UInt8]

    private struct Success<Data: Encodable>: Encodable {
        var ok = true
        var data: Data
        var warning: String?
    }

    public static func success(_ data: some Encodable, warning: String? = nil) -> WebReply {
        WebReply(
            status: 200,
            json: (try? JSONCoding.line(Success(data: data, warning: warning))) ?? Array(#"{"ok":true}"#.utf8))
    }

    public static func failure(_ status: Int, code: String, message: String) -> WebReply {
        WebReply(status: status, json: FailureLine(code: code, message: message).line)
    }

    public static func failure(_ refusal: WebRefusal) -> WebReply {
        failure(refusal.status, code: refusal.code, message: refusal.message)
    }
}

extension Result where Success: Encodable, Failure == WebRefusal {
    /// The page's reply: the value as `data`, or the refusal.
    public var reply: WebReply {
        switch self {
        case .success(let value): .success(value)
        case .failure(let refusal): .failure(refusal)
        }
    }
}
