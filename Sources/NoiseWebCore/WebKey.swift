import NoiseCore

/// Where a request carries its sign-in's key (`SignIn`): a header on `fetch`, and on the WebSocket (whose upgrade a
/// page cannot give headers) the query parameter; the page learns the key from the `#key=` its sign-in redirected
/// it to, and keeps it in its origin's `localStorage`.
public enum WebKey {
    public static let headerName = "X-NoiseClock-Key"
    public static let queryName = "key"
    /// The fragment the sign-in's redirect carries: `/#key=…` (a fragment never reaches a server, nor a Referer).
    public static func redirectTarget(key: WebSecret) -> String { "/#\(queryName)=\(key.text)" }
}
