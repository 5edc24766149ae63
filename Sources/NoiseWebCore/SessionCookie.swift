import NoiseCore

/// The session cookie (docs/web.md): `HttpOnly` so a script cannot read it, `SameSite=Strict` so the browser
/// sends it with no request that another site starts, `Path=/`. No `Secure`: the server speaks plain HTTP on loopback.
public enum SessionCookie {
    public static let name = "noiseclock_session"

    /// The `Set-Cookie` value that hands `session` to the browser.
    public static func setCookie(_ session: WebSecret) -> String {
        "\(name)=\(session.text); HttpOnly; SameSite=Strict; Path=/"
    }
}
