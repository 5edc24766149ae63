import NoiseAlarms

/// The hold on the alarms while the machine sleeps, as logind announces it (PrepareForSleep): from "going to
/// sleep" until it wakes nothing rings, and what came due meanwhile is looked at on resume, late for `suspended`.
/// The hold ends by itself after `AlarmDefaults.sleepHoldSeconds` of wall time, so a resume signal that never
/// comes cannot keep an alarm silent (after a real sleep the wall clock has moved on much further).
struct SleepHold: Equatable {
    /// When logind said the machine was going to sleep, until it wakes.
    private(set) var since: Double?

    /// Whether the machine is going to sleep or sleeps: the scheduler hands no tone to the mixer.
    var isAsleep: Bool { since != nil }

    /// The machine is about to sleep.
    mutating func fallAsleep(at now: Double) {
        since = now
    }

    /// When the hold ends, while it holds alarms at `now`; nil when there is none or it has run out.
    func ends(now: Double) -> Double? {
        guard let since, now - since < AlarmDefaults.sleepHoldSeconds else { return nil }
        return since + AlarmDefaults.sleepHoldSeconds
    }

    /// The alarms are looked at (the machine woke, or the hold ran out): the hold ends; returns whether there was
    /// one, when lateness counts as `suspended` and a tone still ringing must sound again.
    mutating func wake() -> Bool {
        defer { since = nil }
        return since != nil
    }
}
