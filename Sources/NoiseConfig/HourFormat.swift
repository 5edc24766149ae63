/// 12- or 24-hour digits; `locale` asks `LC_TIME`.
public enum HourFormat: String, Sendable, Equatable, CaseIterable {
    case locale
    case twelveHour = "12h"
    case twentyFourHour = "24h"

    /// Whether a locale name (`en_US.UTF-8`) writes times with AM/PM, for when the C library cannot load the
    /// locale to say: the usual glibc locales whose `t_fmt` is 12-hour.
    public static func localeUsesTwelveHours(_ name: String) -> Bool {
        let base = name.split(separator: ".").first.map(String.init) ?? name
        let parts = base.split(separator: "@")[0].split(separator: "_").map(String.init)
        guard parts.count >= 2 else { return false }
        return parts[0] == "ar" || twelveHourLocales.contains(parts[0] + "_" + parts[1])
    }

    static let twelveHourLocales: Set<String> = [
        "en_US", "en_CA", "en_AU", "en_NZ", "en_PH", "en_IN", "hi_IN", "bn_IN", "bn_BD", "mr_IN", "te_IN",
        "ta_IN", "gu_IN", "kn_IN", "ml_IN", "pa_IN", "or_IN", "ur_PK", "es_US", "fil_PH",
    ]
}
