import NoiseProtocol

/// The alarm tones on the scheduler's side: the trigger whose tone is handed to the mixer ahead of time (so the
/// device's buffer cannot make it start late), and the tone each alarm last rang with since the start, which its
/// `AlarmInfo` shows. Given the next trigger and the time it says what to hand over or take back; the scheduler
/// asks the ringer to.
struct ToneHandOff {
    /// A trigger, by its alarm and instant (Unix seconds).
    struct Trigger: Equatable {
        var alarmID: Int64
        var trigger: Double
    }

    /// What the ringer is asked to do, in order.
    enum Step: Equatable {
        /// Drop the tone prepared for a trigger that will not ring (the next trigger changed).
        case cancel
        /// Schedule the tone of `alarmID` to sound at `trigger`, loaded within `readyWithin`.
        case prepare(alarmID: Int64, trigger: Double, readyWithin: Duration)
    }

    /// How long before a trigger its tone is handed to the mixer: more than the device buffer (0.5 s), so the
    /// first frame can be placed on the trigger's instant.
    static let lead = 1.5

    /// The trigger whose tone is in the mixer, not yet rung.
    private(set) var prepared: Trigger?
    /// The tone each alarm last rang with, by alarm id.
    private(set) var rung: [Int64: ToneInfo] = [:]

    /// When the scheduler must wake to hand over the tone of `next`: where its lead begins, or `now` once that has
    /// come; nil when there is no next trigger or its tone is handed over.
    func handOverTime(next: Trigger?, now: Double) -> Double? {
        guard let next, prepared != next else { return nil }
        return max(now, next.trigger - Self.lead)
    }

    /// What to do at `now` for the next trigger: take back a tone prepared for another one, and hand over the
    /// next one's once it is within the lead. The tone must be in the mixer before the device buffer's worth of
    /// time is left, or it starts late: that is the time its loading is given.
    mutating func steps(next: Trigger?, now: Double) -> [Step] {
        var steps: [Step] = []
        if prepared != nil, prepared != next {
            prepared = nil
            steps.append(.cancel)
        }
        guard prepared == nil, let next, next.trigger - now <= Self.lead else { return steps }
        prepared = next
        let readyWithin = max(0, next.trigger - now - DaemonLimits.toneReadyMarginSeconds)
        steps.append(.prepare(alarmID: next.alarmID, trigger: next.trigger, readyWithin: .seconds(readyWithin)))
        return steps
    }

    /// Takes back the prepared tone (the clock was set, the machine goes to sleep); returns whether there was one
    /// for the ringer to drop.
    mutating func dropPrepared() -> Bool {
        defer { prepared = nil }
        return prepared != nil
    }

    /// `trigger` of `alarmID` rings: a tone prepared for it is the ringing one now, no longer to be taken back.
    mutating func ringing(_ alarmID: Int64, trigger: Double) {
        if prepared == Trigger(alarmID: alarmID, trigger: trigger) { prepared = nil }
    }

    /// The alarm rang with `tone`.
    mutating func record(_ tone: ToneInfo, for alarmID: Int64) {
        rung[alarmID] = tone
    }
}
