/// A missed alarm, as `status` and the `alarm_missed` event report it.
public struct MissedInfo: Sendable, Equatable, Codable {
    public var alarmId: Int64
    public var label: String
    public var trigger: TriggerInfo
    /// `late` (passed more than its ring limit ago), `unattended` (rang to its limit) or `suspended` (passed while
    /// the machine slept, more than the missed-alarm grace before it woke).
    public var reason: String

    public init(alarmId: Int64, label: String, trigger: TriggerInfo, reason: String) {
        self.alarmId = alarmId
        self.label = label
        self.trigger = trigger
        self.reason = reason
    }
}
