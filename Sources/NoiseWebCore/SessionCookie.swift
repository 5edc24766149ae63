import NoiseCore

/// The cookies that let a browser in (docs/web.md): `HttpOnly` so a script cannot read them, `SameSite=Strict` so
/// the browser sends them with no request that another site starts, `Path=/`. The loopback page's session cookie
/// has no `Secure` (it is plain HTTP there) and lasts until noiseweb restarts; a kiosk's, on the same page, lasts
/// `WebLimits.pairedCookieSeconds` as long as the kiosk stays paired; a paired device's is `Secure` (HTTPS only) and
/// lasts as long. None is enough alone: each goes with a key the page keeps (`SignIn`).
public enum SessionCookie {
    public static let name = "noiseclock_session"
    public static let deviceName = "noiseclock_device"

    /// The `Set-Cookie` value that hands `session` to the browser.
    public static func setCookie(_ session: WebSecret) -> String {
        "\(name)=\(session.text); HttpOnly; SameSite=Strict; Path=/"
    }

    /// The `Set-Cookie` value that hands this machine's kiosk page its secret (`token`, `WebSecret`'s form).
    public static func setKioskCookie(_ token: String) -> String {
        "\(name)=\(token); HttpOnly; SameSite=Strict; Path=/; Max-Age=\(WebLimits.pairedCookieSeconds)"
    }

    /// The `Set-Cookie` value that hands a paired device its secret.
    public static func setDeviceCookie(_ secret: WebSecret) -> String {
        "\(deviceName)=\(secret.text); Secure; HttpOnly; SameSite=Strict; Path=/; Max-Age=\(WebLimits.pairedCookieSeconds)"
    }
}
