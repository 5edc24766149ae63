import Glibc

/// The `Date` header's text (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), made for each response:
/// cheaper than a timer that keeps a cached copy fresh every second while nobody asks.
enum HTTPDate {
    static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // strftime's %a and %b follow LC_TIME; noiseweb never sets a locale, so they are the C locale's English.
        var text = [CChar](repeating: 0, count: 40)
        let count = strftime(&text, text.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: text[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
