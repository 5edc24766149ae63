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
        lan ? WebRefusal(status: 401, code: "device_not_paired",
                         message: "This device is not paired, or was unpaired. Run 'noisectl web pair' on the computer and open its code here.")
            : WebRefusal(status: 401, code: "session_required",
                         message: "Not logged in. Run 'noisectl web' in a terminal: it opens this page with a one-time login code.")
    }
}
