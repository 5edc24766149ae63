/// `alarms_changed`'s data: which alarms and timers changed, as `alarm_list` shows them, and which went, so a page
/// keeps its list without asking for it again (it places each by the order `alarm_list` gives: the time it sounds
/// next, those that will not sound last, then by id). `reload` says the whole list may have changed (a rebuilt
/// store): ask `alarm_list` again.
public struct AlarmsChanged: Sendable, Equatable, Codable {
    /// How many alarms and timers are kept after the change.
    public var count: Int
    /// The alarms added or changed, each as `alarm_list` shows it.
    public var alarms: [AlarmInfo]
    /// The ids of the alarms removed (and of the timers done).
    public var removed: [Int64]
    public var reload: Bool

    public init(count: Int, alarms: [AlarmInfo] = [], removed: [Int64] = [], reload: Bool = false) {
        self.count = count
        self.alarms = alarms
        self.removed = removed
        self.reload = reload
    }
}
