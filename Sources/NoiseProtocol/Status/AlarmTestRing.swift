import NoiseAlarms
import NoiseCore

/// `alarm_test`'s reply: the alarm, as it is (nothing of it changed), and when its test ring ends.
public struct AlarmTestRing: Codable, Sendable, Equatable {
    public var alarm: AlarmInfo
    /// When the test ring stops by itself, unless dismissed or taken over by a real ring first.
    public var until: TriggerInfo

    public init(alarm: AlarmInfo, until: TriggerInfo) {
        self.alarm = alarm
        self.until = until
    }
}
