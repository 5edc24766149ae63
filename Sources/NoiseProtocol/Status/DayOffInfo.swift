import NoiseAlarms
import NoiseCore

/// A ring an alarm passes over because it falls on a day off of the holidays file (docs/alarms.md, "Holidays").
public struct DayOffInfo: Sendable, Equatable, Codable {
    /// The ring it passes over.
    public var trigger: TriggerInfo
    /// The day off's name (the event's `SUMMARY`), as the file gives it.
    public var name: String

    public init(trigger: TriggerInfo, name: String) {
        self.trigger = trigger
        self.name = name
    }
}
