/// The headers on every response (docs/web.md): a Content-Security-Policy that runs only the web root's own
/// scripts and styles (no inline script, so an injected `<script>` does nothing), no framing (clickjacking), no
/// MIME sniffing, no Referer leaving the page. API replies and the login are also never cached. No CORS header is
/// ever sent: another site's script cannot read an answer.
public enum SecurityHeaders {
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Name and value of each header every response carries.
    public static let always: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
    ]

    /// On API replies, refusals and the login's redirect: state that must not be kept in a cache.
    public static let noStore = (name: "Cache-Control", value: "no-store")
}
