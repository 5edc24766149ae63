import TimeScales

/// The system's leap-second list (Debian's tzdata installs IERS's `leap-seconds.list` in the zoneinfo folder),
/// else the table built in, with why the file was not used.
public enum SystemLeapSeconds {
    public static let path = "/usr/share/zoneinfo/leap-seconds.list"

    public static func load(path: String = path) -> (list: LeapSeconds, problem: String?) {
        guard let bytes = SystemTimeZoneSource.contents(ofFile: path) else {
            return (.builtIn, "\(path) could not be read; the built-in table is used")
        }
        do {
            return (try LeapSeconds.parse(String(decoding: bytes, as: UTF8.self), source: path), nil)
        } catch {
            return (.builtIn, "\(path): \(error); the built-in table is used")
        }
    }
}
