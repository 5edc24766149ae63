import Foundation
import NoiseCore

/// What every reply must be, whatever the request line (docs/protocol.md): one line of valid JSON, an object with
/// exactly `id`, `ok` and either `data` (ok) or `error` (failed) with a documented `code` and a message, echoing the
/// request's id when it had a valid one.
enum ReplyCheck {
    /// A reply, read back.
    struct Reply {
        var ok: Bool
        var code: String?
    }

    /// The codes of docs/protocol.md a reply to a request may carry: not the ones the server sends for a connection
    /// (`line_too_long`, `too_many_clients`, `permission_denied`), and not `internal`, which means a bug.
    static let requestCodes: Set<String> = [
        "parse_error", "invalid_request", "unknown_command", "invalid_argument", "unknown_sound", "not_playing",
        "sound_unavailable", "import_failed", "unknown_alarm", "not_ringing", "storage_failed", "unknown_mix",
        "sound_in_use", "unknown_habit", "habit_exists", "entry_exists", "nothing_to_undo",
    ]

    /// Checks `reply` to `request`; calls `fail` with what is wrong.
    static func check(_ reply: [UInt8], request: [UInt8], fail: (String) -> Never) -> Reply {
        if reply.contains(UInt8(ascii: "\n")) || reply.contains(UInt8(ascii: "\r")) {
            fail("the reply has a raw line break: \(String(decoding: reply, as: UTF8.self))")
        }
        // Two parsers: Foundation's JSONSerialization (not the decoder the daemon reads requests with) says the
        // line is JSON; JSONValue gives its shape.
        guard (try? JSONSerialization.jsonObject(with: Data(reply))) is [String: Any],
            case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(reply))
        else {
            fail("the reply is not a JSON object: \(String(decoding: reply, as: UTF8.self))")
        }
        let text = String(decoding: reply, as: UTF8.self)
        let expected = expectedID(of: request)
        if fields["id"] != expected {
            let id = fields["id"].map(String.init(describing:)) ?? "missing"
            fail("the reply's id is \(id), expected \(expected): \(text)")
        }
        switch fields["ok"] {
        case .bool(true):
            if Set(fields.keys) != ["id", "ok", "data"] { fail("a success needs id, ok and data only: \(text)") }
            return Reply(ok: true, code: nil)
        case .bool(false):
            guard Set(fields.keys) == ["id", "ok", "error"], case .object(let error)? = fields["error"],
                Set(error.keys) == ["code", "message"], case .string(let code)? = error["code"],
                case .string(let message)? = error["message"]
            else {
                fail("a failure needs id, ok and error {code, message} only: \(text)")
            }
            if !requestCodes.contains(code) { fail("error code '\(code)' is not one a request can get: \(text)") }
            if message.isEmpty { fail("an error without a message: \(text)") }
            return Reply(ok: false, code: code)
        default:
            fail("'ok' is not true or false: \(text)")
        }
    }

    /// The id a reply must echo: the request's when the line is a JSON object whose `id` is an integer below 2^53
    /// (beyond, a JSON number is no longer exact, and the daemon refuses it) or a string (read with the daemon's own decoder, so that where JSON parsers disagree they agree), else null.
    static func expectedID(of request: [UInt8]) -> JSONValue {
        guard case .object(let fields)? = try? JSONCoding.decode(JSONValue.self, from: request) else {
            return .null
        }
        switch fields["id"] {
        case .string(let text)?:
            return .string(text)
        case .number(let number)? where number == number.rounded() && abs(number) < 9_007_199_254_740_992:
            return .number(number)
        default:
            return .null
        }
    }
}
