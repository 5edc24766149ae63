/// `alarms_changed`'s data: how many alarms and timers are kept after the change. The event says only that the
/// list changed; a client that shows it asks `alarm_list` once, as it would for a page.
public struct AlarmsChanged: Sendable, Equatable, Codable {
    public var count: Int

    public init(count: Int) {
        self.count = count
    }
}
