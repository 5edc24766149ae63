/// The security checks every request passes before anything else reads it (docs/web.md, "Security model"), in
/// order: the `Host` (DNS rebinding), the `Origin` of whatever changes state or opens the WebSocket (cross-site
/// requests), the session (only the user who ran `noisectl web`; its key for anything but the page's files), and for commands the custom header and JSON
/// (no form or `text/plain` post can be one). A value: it returns a verdict and the middleware carries it out.
public struct WebGate: Sendable {
    public let hosts: AcceptedHosts
    /// The LAN listener's gate: paired devices instead of sessions, `/pair` instead of `/login`.
    public let lan: Bool

    /// The custom header a command must carry, with the value `1`.
    public static let customHeaderName = "X-NoiseClock"

    public init(hosts: AcceptedHosts, lan: Bool = false) {
        self.hosts = hosts
        self.lan = lan
    }

    /// nil when the request may go on, else why not.
    public func refusal(for request: RequestFacts) -> WebRefusal? {
        guard hosts.accepts(host: request.host) else {
            return WebRefusal(
                status: 421, code: "bad_host",
                message: "This server answers only to " + hosts.hosts.joined(separator: ", ")
                    + "; the Host '\(String((request.host ?? "none").prefix(80)))' is refused (a DNS rebinding guard).")
        }
        // Hummingbird's router skips empty segments, so `//ws` or `/ws/` would reach the WebSocket while a reading of
        // the path as written took it for a file: only the one spelling both read alike goes on.
        guard WebRoute.isCanonical(request.path) else {
            return WebRefusal(
                status: 400, code: "bad_path",
                message: "The path '\(String(request.path.prefix(80)))' has an empty, '.' or '..' segment "
                    + "(a '//' or a '/' at its end); ask for it without.")
        }
        let route = WebRoute(path: request.path)
        let readOnly = request.method == "GET" || request.method == "HEAD"
        if !readOnly || route == .events {
            guard hosts.accepts(origin: request.origin) else {
                return WebRefusal(
                    status: 403, code: "bad_origin",
                    message: "A request from another site is refused: Origin '"
                        + String((request.origin ?? "none").prefix(80)) + "' is not this server's.")
            }
        }
        switch route {
        case .login where !lan, .pairing where lan, .certificate:
            return readOnly ? nil : Self.methodNotAllowed("GET")
        case .login, .pairing:
            return WebRefusal(
                status: 404, code: "not_found",
                message: lan
                    ? "Devices on the LAN pair at /pair; /login is the loopback page's."
                    : "Pairing is the LAN address's; this page logs in with 'noisectl web'.")
        default:
            break
        }
        guard request.signIn != .none else { return .sessionRequired(lan: lan) }
        if route != .file && request.signIn != .full { return .keyRequired(lan: lan) }
        switch route {
        case .command, .clockSettings:
            if route == .clockSettings && readOnly { return nil }
            guard request.method == "POST" else {
                return Self.methodNotAllowed(route == .command ? "POST" : "GET or POST")
            }
            guard request.customHeader == "1" else {
                return WebRefusal(
                    status: 403, code: "missing_header",
                    message: "A command needs the header '\(Self.customHeaderName): 1'.")
            }
            guard Self.isJSON(request.contentType) else {
                return WebRefusal(
                    status: 415, code: "not_json",
                    message: "A command is JSON: Content-Type must be application/json, not '"
                        + String((request.contentType ?? "none").prefix(80)) + "'.")
            }
            return nil
        case .events, .reading, .file:
            return readOnly ? nil : Self.methodNotAllowed("GET")
        case .login, .pairing, .certificate:
            return nil
        }
    }

    /// `application/json`, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.filter { $0 != " " && $0 != "\t" }.lowercased() == "application/json"
    }

    private static func methodNotAllowed(_ allowed: String) -> WebRefusal {
        WebRefusal(status: 405, code: "method_not_allowed", message: "Only \(allowed) is allowed here.")
    }
}
