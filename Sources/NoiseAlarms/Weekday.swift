/// A day of the week, ISO-numbered (Monday 1 ... Sunday 7).
public enum Weekday: Int, Sendable, CaseIterable, Codable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public var shortName: String { ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][rawValue - 1] }
    public var fullName: String {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue - 1]
    }

    /// A day name as people type it: `mon`, `Monday`, `TUE`, `tues`, `thur`, `thurs` (any case).
    static func named(_ text: Substring) -> Weekday? {
        let name = text.lowercased()
        guard name.count >= 3 else { return nil }
        return allCases.first { $0.fullName.hasPrefix(name) }
    }
}
