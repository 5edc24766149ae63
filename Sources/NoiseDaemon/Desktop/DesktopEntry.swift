import Glibc

/// The desktop entry MPRIS clients and notification servers use for a name and an icon: "noiseclock" when
/// `applications/noiseclock.desktop` is installed in one of the XDG data folders (`make install`, the .deb).
enum DesktopEntry {
    static let name = "noiseclock"

    static func installed(environment: [String: String]) -> String? {
        let home =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.local/share" }
        let system = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        let folders = (home.map { [$0] } ?? []) + system
        return folders.contains { access($0 + "/applications/\(name).desktop", R_OK) == 0 } ? name : nil
    }
}
