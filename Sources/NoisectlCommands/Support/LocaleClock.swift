import CLinux
import Glibc
import NoiseConfig

/// The user's locale's answer to "12 or 24 hours?": the C library's time format when the locale is installed,
/// else the locale's name (`HourFormat.localeUsesTwelveHours`).
enum LocaleClock {
    static func usesTwelveHours(environment: [String: String]) -> Bool {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        if name == "C" || name == "POSIX" || name.hasPrefix("C.") { return false }
        guard setlocale(LC_TIME, "") != nil, let format = nl_langinfo(nl_item(T_FMT)) else {
            return HourFormat.localeUsesTwelveHours(name)
        }
        let text = String(cString: format)
        setlocale(LC_TIME, "C")
        return ["%I", "%l", "%r", "%p"].contains { text.contains($0) }
    }
}
