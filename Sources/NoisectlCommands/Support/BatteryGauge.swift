import ClockFace
import Glibc
import NoiseSystem

/// Reads the battery from sysfs at most every 30 s (it changes slowly, and the clock draws every second).
/// `$NOISECTL_POWER_SUPPLY_DIR` replaces /sys/class/power_supply, for tests and odd machines.
final class BatteryGauge {
    private let directory: String
    private var cached: (text: String?, at: Int64)?

    init(environment: [String: String]) {
        directory =
            environment["NOISECTL_POWER_SUPPLY_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/sys/class/power_supply"
    }

    func text(now: Int64) -> String? {
        if let cached, now - cached.at < 30, now >= cached.at { return cached.text }
        let text = BatteryReport.text(supplies())
        cached = (text, now)
        return text
    }

    private func supplies() -> [BatteryReport.Supply] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var found: [BatteryReport.Supply] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let base = directory + "/" + name + "/"
            found.append(
                BatteryReport.Supply(
                    type: Self.read(base + "type"), scope: Self.read(base + "scope"),
                    capacity: Self.read(base + "capacity"), status: Self.read(base + "status")))
        }
        return found
    }

    /// A small sysfs file's text without its newline; nil when it cannot be read.
    static func read(_ path: String) -> String? {
        guard let bytes = (try? LocalFile.contents(of: path)) ?? nil, !bytes.isEmpty else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
