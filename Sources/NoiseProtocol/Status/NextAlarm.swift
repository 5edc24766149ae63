import NoiseCore

/// The data of the `alarm_next` reply and the `next_alarm` event: the alarm that rings next, or null.
public struct NextAlarm: Codable, Sendable, Equatable {
    @ExplicitNull public var alarm: AlarmInfo?

    public init(alarm: AlarmInfo?) {
        self.alarm = alarm
    }
}
