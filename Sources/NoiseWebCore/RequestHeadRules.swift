/// What a request's head must be before anything routes it (RFC 9112 §3.2 and §3.2.3), judged on the head as
/// NIO decoded it: Hummingbird's conversion keeps only the path of an absolute-form target and only the first
/// `Host`, so neither the gate nor the router could see either fault. `RequestHeadGuard` carries out the verdict.
public enum RequestHeadRules {
    /// nil when the head may go on. `target` is the request-target as sent; `hostFields`, how many `Host` fields
    /// the head has.
    public static func refusal(target: String, hostFields: Int) -> WebRefusal? {
        // A server that is no proxy serves the origin form only; an absolute form names a host the Host check never
        // saw, and the authority and asterisk forms are for CONNECT and OPTIONS, which nothing here answers.
        guard target.hasPrefix("/") else {
            return WebRefusal(
                status: 400, code: "bad_request_target",
                message: "Only a path is served as the request's target ('/…'), not '"
                    + String(target.prefix(80)) + "' (RFC 9112 §3.2: noiseweb is no proxy).")
        }
        guard hostFields == 1 else {
            return WebRefusal(
                status: 400, code: "bad_host_header",
                message: "A request carries exactly one Host header, not \(hostFields) (RFC 9112 §3.2).")
        }
        return nil
    }
}
