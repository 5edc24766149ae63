/// The battery overlay, from what `/sys/class/power_supply/*` says (read by noisectl; parsed here).
public enum BatteryReport {
    /// One power supply's files: `type`, `scope`, `capacity`, `status` (trimmed; nil when absent).
    public struct Supply: Sendable, Equatable {
        public var type: String?
        public var scope: String?
        public var capacity: String?
        public var status: String?

        public init(type: String?, scope: String? = nil, capacity: String?, status: String?) {
            self.type = type
            self.scope = scope
            self.capacity = capacity
            self.status = status
        }
    }

    /// `Battery 84% charging`, `Battery 100% full`, `Battery 61% discharging`; nil without a system battery
    /// (a desktop, a container; a wireless mouse's battery has scope Device and does not count). Several
    /// batteries show their mean level, charging when any charges.
    public static func text(_ supplies: [Supply]) -> String? {
        let batteries = supplies.filter { $0.type == "Battery" && $0.scope != "Device" }
        let levels = batteries.compactMap { $0.capacity.flatMap(Int.init) }.filter { (0...100).contains($0) }
        guard !levels.isEmpty else { return nil }
        let level = levels.reduce(0, +) / levels.count
        let states = batteries.compactMap { $0.status?.lowercased() }
        let state =
            states.contains("charging")
            ? "charging"
            : states.contains("discharging")
                ? "discharging"
                : states.allSatisfy({ $0 == "full" }) && !states.isEmpty
                    ? "full"
                    : states.first(where: { $0 != "unknown" }) ?? ""
        return "Battery \(level)%" + (state.isEmpty ? "" : " " + state)
    }
}
