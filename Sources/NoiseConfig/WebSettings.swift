/// `[web]` in config.toml: where noiseweb listens (docs/web.md). Read by noiseweb at start and by `noisectl web`,
/// which builds its URL from the same address.
public struct WebSettings: Sendable, Equatable {
    /// Loopback unless the user says otherwise: then noiseweb logs loudly that other machines may connect.
    public var listen = ListenAddress.loopback

    public init() {}
}
