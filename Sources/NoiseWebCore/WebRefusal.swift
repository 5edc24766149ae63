/// Why a request was refused: the HTTP status and a message a person can act on. An API request gets it as JSON,
/// a browser's navigation as a small page.
public struct WebRefusal: Error, Sendable, Equatable {
    public var status: Int
    /// A stable name for scripts and the page (`session_required`, `bad_host`…).
    public var code: String
    public var message: String

    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    static func sessionRequired(lan: Bool) -> WebRefusal {
        lan
            ? WebRefusal(
                status: 401, code: "device_not_paired",
                message:
                    "This device is not paired, or was unpaired. Run 'noisectl web pair' on the computer and open its code here."
            )
            : WebRefusal(
                status: 401, code: "session_required",
                message:
                    "Not logged in (noiseweb restarted since, or this page's sign-in was revoked). Run 'noisectl web' "
                    + "in a terminal: it opens this page with a one-time login code; a kiosk's is 'noisectl web --kiosk'."
            )
    }

    /// The cookie names a sign-in but the request lacks its key (`SignIn.cookieOnly`): a page that lost it, or a
    /// cookie caught by another server on this host and replayed.
    static func keyRequired(lan: Bool) -> WebRefusal {
        WebRefusal(
            status: 401, code: "key_required",
            message: "This request has the sign-in's cookie but not its key, and a cookie alone is refused (other "
                + "servers on this host receive it too). "
                + (lan
                    ? "Pair this device again: 'noisectl web pair' on the computer."
                    : "Open the page again with 'noisectl web'."))
    }
}
