import NoiseTime

/// A dawn under way, as `status` (`alarms.dawns`) and the `dawn_started` and `dawn_ended` events show it: the alarm,
/// the ring it leads to and its length. A client shows its point from these and its own clock (docs/web.md, "Dawn"),
/// so one opened mid-dawn shows the same light as one open since its start.
public struct DawnInfo: Sendable, Equatable, Codable {
    public var alarmId: Int64
    /// The ring the dawn reaches full light at.
    public var ringAt: TriggerInfo
    /// When it began: `ring_at` less `length_seconds`.
    public var startsAt: TriggerInfo
    public var lengthSeconds: Double

    public init(alarmID: Int64, ringAt: Double, lengthSeconds: Double, zone: ZoneRules) {
        alarmId = alarmID
        self.ringAt = TriggerInfo(unix: ringAt, zone: zone)
        startsAt = TriggerInfo(unix: ringAt - lengthSeconds, zone: zone)
        self.lengthSeconds = lengthSeconds
    }
}
