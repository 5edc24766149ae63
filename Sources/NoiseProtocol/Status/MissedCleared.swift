/// The reply to `alarm_missed_clear`: how many missed alarms were forgotten.
public struct MissedCleared: Sendable, Equatable, Codable {
    public var cleared: Int

    public init(cleared: Int) {
        self.cleared = cleared
    }
}
