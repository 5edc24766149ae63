import NoiseCore

/// The two pages noiseweb writes itself rather than serving from the web root, each dark by the browser's own
/// `color-scheme` (a night-stand screen opened at night shows no white page), with no script and no stylesheet (the
/// CSP allows neither inline).
public enum SmallPage {
    /// What a browser's navigation gets when the gate refuses it ("Not logged in", a bad path): the message as text,
    /// every character that could be markup escaped (it may quote the request's own headers).
    public static func refusal(_ refusal: WebRefusal) -> String {
        page(head: "", body: "<p>NoiseClock: \(MarkupText.escaped(refusal.message))</p>")
    }

    /// What a sign-in (`/login`, `/pair`) answers with its cookie: a refresh to `/#key=KEY` (`WebKey`). Not a 303: a
    /// sign-in reached from another site or from a file (`noisectl web`'s launcher page) would carry its redirect's
    /// request as cross-site, and the browser withholds a `SameSite=Strict` cookie from it; this page's own refresh
    /// starts on this origin.
    public static func signedIn(key: WebSecret) -> String {
        let target = WebKey.redirectTarget(key: key)
        return page(
            head: "<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">",
            body: "<p><a href=\"\(target)\">NoiseClock</a>…</p>")
    }

    private static func page(head: String, body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"color-scheme\" content=\"dark\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><link rel=\"icon\" href=\"data:,\">"
            + "\(head)<title>NoiseClock</title></head>\n"
            + "<body>\(body)</body></html>\n"
    }

}
