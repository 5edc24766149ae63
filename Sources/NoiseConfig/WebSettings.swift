import NoiseCore

/// `[web]` in config.toml: where noiseweb listens (docs/web.md). Read by noiseweb at start and by `noisectl web`,
/// which builds its URL from the same address.
public struct WebSettings: Sendable, Equatable {
    /// Loopback unless the user says otherwise: then noiseweb logs loudly that other machines may connect.
    public var listen = ListenAddress.loopback
    /// The LAN mode's address (`[web] lan`), served over HTTPS with noiseweb's own certificate to paired devices;
    /// none unless asked for (`noisectl web pair` sets `0.0.0.0:7471` when it is not set).
    public var lan: ListenAddress?

    public init() {}

    /// What a LAN address must not be: the plain listener's own.
    public var lanProblem: String? {
        guard let lan else { return nil }
        if lan.port == listen.port && (lan.host == listen.host || lan.isWildcard || listen.isWildcard) {
            return
                "web.lan (\(lan)) and web.listen (\(listen)) cannot share a port; the default LAN port is \(ConfigLimits.defaultWebLANPort)"
        }
        return nil
    }
}
