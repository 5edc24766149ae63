import NoiseTime
import TimeScales

/// The scheduler's logic as a value: given the alarms, what was handled, and the time, it says what to do.
/// The scheduler actor only waits until `nextDeadline`, calls `advance(to:)` and carries out the actions,
/// which is why almost every scheduling rule is tested here, with plain numbers for time.
///
/// Times are Unix seconds on the wall clock, with a fraction where a rule needs one (a Mars alarm rings on a
/// millisecond). Each alarm has a `lookAfter` instant, persisted: its next trigger is the first one strictly after it. It moves to a trigger once that trigger is dealt with (dismissed,
/// snoozed, rung out or missed) and to "now" when the alarm is created, edited or enabled. So a trigger is
/// never rung twice, even across restarts and backward clock jumps; and a daemon that dies while an alarm
/// rings rings it again after restart, until its ring limit.
public struct AlarmSchedule: Sendable {
    public private(set) var alarms: [Int64: Alarm]
    /// The alarms that are timers, kept beside `alarms`: `status` lists them on every change, and finding them among
    /// 100,000 alarms each time made every change cost as much as the store is large.
    public private(set) var timerIDs: Set<Int64>
    /// The alarms that have a dawn, kept beside `alarms` for the same reason: the dawns are looked for on every wake-up.
    public private(set) var dawnIDs: Set<Int64>
    public internal(set) var lookAfter: [Int64: Double]
    public internal(set) var snoozes: [Int64: Snooze]
    public internal(set) var ringing: [Int64: Ringing] = [:]
    /// The ring each alarm skips (`alarm skip`), by its instant: the next trigger passes over it (`AlarmSchedule+Skips`).
    public internal(set) var skips: [Int64: Double]
    /// The dawns in progress, by alarm (`AlarmSchedule+Dawns`): each ends when its ring is answered or the alarm changes.
    public internal(set) var dawns: [Int64: Dawn] = [:]
    /// Dawns an edit or a removal ended, told by the next `settleDawns`.
    var dawnsEndedByChange: [Dawn] = []
    /// The date each paused alarm rings again from (`alarm pause --until`): no trigger before its start
    /// (`AlarmSchedule+Pauses`).
    public internal(set) var pauses: [Int64: LocalDate]
    public private(set) var zone: ZoneRules
    /// The zones alarms name (`--zone`), read by the scheduler; an alarm whose zone is missing has no trigger.
    public private(set) var namedZones: [String: ZoneRules] = [:]
    /// TAI − UTC over time, for the rules that count in Terrestrial Time (Mars alarms).
    public private(set) var leapSeconds: LeapSeconds
    /// The satellites' elements and the observer, for pass alarms (nil: pass alarms have no trigger).
    public private(set) var sky: SatelliteSky?
    /// The days off of the holidays file, which alarms with `skipHolidays` pass over.
    public internal(set) var holidays = Holidays.none
    /// A trigger found later than this (after a suspend or a restart) is reported missed instead of ringing.
    public var missedGraceSeconds = AlarmDefaults.missedGraceSeconds
    private var queue = TriggerQueue()

    public init(
        alarms: [Alarm], lookAfter: [Int64: Double], snoozes: [Int64: Snooze], skips: [Int64: Double] = [:],
        pauses: [Int64: LocalDate] = [:], zone: ZoneRules, leapSeconds: LeapSeconds = .builtIn,
        sky: SatelliteSky? = nil, now: Double
    ) {
        self.alarms = Dictionary(uniqueKeysWithValues: alarms.map { ($0.id, $0) })
        self.timerIDs = Set(alarms.filter(\.isTimer).map(\.id))
        self.dawnIDs = Set(alarms.filter { $0.dawnSeconds > 0 }.map(\.id))
        self.lookAfter = lookAfter
        self.snoozes = snoozes
        self.skips = skips
        self.pauses = pauses
        self.zone = zone
        self.leapSeconds = leapSeconds
        self.sky = sky
        for alarm in alarms where self.lookAfter[alarm.id] == nil { self.lookAfter[alarm.id] = now }
        rebuildQueue()
    }

    // MARK: Queries

    /// The next trigger of an alarm (nil when disabled or ringing).
    public func nextTrigger(of alarmID: Int64) -> Double? { queue.trigger(of: alarmID) }

    /// When an alarm sounds next: a ringing one at its ring's start, else its snooze's end or its next trigger,
    /// whichever is first; nil when it will not sound. The order `alarm list` gives, as `nextAlarm` does.
    public func nextSound(of alarmID: Int64) -> Double? {
        if let ring = ringing[alarmID] { return ring.trigger }
        return [queue.trigger(of: alarmID), snoozes[alarmID]?.ringAt].compactMap { $0 }.min()
    }

    /// The alarm that rings next, and when.
    public var nextAlarm: (alarmID: Int64, trigger: Double)? {
        let queued = queue.first.map { (alarmID: $0.alarmID, trigger: $0.instant) }
        let snoozed = snoozes.min { ($0.value.ringAt, $0.key) < ($1.value.ringAt, $1.key) }
            .map { (alarmID: $0.key, trigger: $0.value.ringAt) }
        guard let queued, let snoozed else { return queued ?? snoozed }
        // A tie goes to the queued trigger.
        return queued.trigger <= snoozed.trigger ? queued : snoozed
    }

    /// The repeating alarm whose next trigger comes first: the one `alarm skip next` skips. A once alarm, a date or a
    /// timer has no ring after its one (it is switched off instead), so it is passed over.
    public var nextRepeatingAlarm: Int64? {
        queue.due(by: .infinity).first { alarms[$0.alarmID]?.rule.ringsOnce == false }?.alarmID
    }

    /// When the scheduler must next wake up: a trigger, a snooze ending, a ring limit running out, a skip spent, a
    /// dawn beginning, a pause ending.
    public var nextDeadline: Double? {
        ([nextAlarm?.trigger, skips.values.min(), nextDawnStart, pauseEnds.map(\.end).min()]
            + ringing.values.map { Optional($0.until) }).compactMap { $0 }.min()
    }

    // MARK: Changes to the alarms

    /// Adds or replaces an alarm; its triggers count from `now`. An edited alarm that was ringing stops (a snooze's
    /// ring with its stored snooze; the store drops that row with the edit itself, see `AlarmStore.update`).
    public mutating func put(_ alarm: Alarm, now: Double) -> [Action] {
        var actions: [Action] = []
        // An edit ends the alarm's dawn; `settleDawns` begins it again if the edited alarm is still in one.
        if let dawn = dawns.removeValue(forKey: alarm.id) { dawnsEndedByChange.append(dawn) }
        if let ring = ringing.removeValue(forKey: alarm.id) {
            actions.append(.stopRinging(alarmID: alarm.id))
            if ring.fromSnooze { actions.append(.persistSnooze(alarmID: alarm.id, snooze: nil)) }
        }
        if !alarm.enabled, snoozes.removeValue(forKey: alarm.id) != nil {
            actions.append(.persistSnooze(alarmID: alarm.id, snooze: nil))
        }
        if !keepsSkip(alarm) { skips[alarm.id] = nil }
        if !keepsPause(alarm) { pauses[alarm.id] = nil }
        alarms[alarm.id] = alarm
        if alarm.isTimer { timerIDs.insert(alarm.id) } else { timerIDs.remove(alarm.id) }
        if alarm.dawnSeconds > 0 { dawnIDs.insert(alarm.id) } else { dawnIDs.remove(alarm.id) }
        lookAfter[alarm.id] = now
        actions.append(.persistLookAfter(alarmID: alarm.id, instant: now))
        requeue(alarm.id)
        return actions
    }

    /// Gives an alarm another tone, nothing else (`sounds remove --force`; stored by `AlarmStore.setSound`).
    public mutating func setSound(_ sound: String, ofAlarm alarmID: Int64) { alarms[alarmID]?.sound = sound }

    public mutating func remove(_ alarmID: Int64) -> [Action] {
        alarms[alarmID] = nil
        timerIDs.remove(alarmID)
        dawnIDs.remove(alarmID)
        lookAfter[alarmID] = nil
        snoozes[alarmID] = nil
        skips[alarmID] = nil
        pauses[alarmID] = nil
        queue.set(alarmID, to: nil)
        if let dawn = dawns.removeValue(forKey: alarmID) { dawnsEndedByChange.append(dawn) }
        return ringing.removeValue(forKey: alarmID) != nil ? [.stopRinging(alarmID: alarmID)] : []
    }

    /// The system time zone changed: every next trigger is computed again, in the new zone.
    public mutating func setZone(_ newZone: ZoneRules) {
        zone = newZone
        rebuildQueue()
    }

    /// The rules of a zone alarms name, read anew: the alarms in it find their triggers again.
    public mutating func setNamedZone(_ rules: ZoneRules, for name: String) {
        namedZones[name] = rules
        for (alarmID, alarm) in alarms where alarm.zone == name { requeue(alarmID) }
    }

    /// New elements or a new place for the observer: pass alarms' next triggers are computed again, from now on. A
    /// pass that the new sky puts in the past was never due under the old one, so it is not reported missed.
    public mutating func setSky(_ newSky: SatelliteSky?, now: Double) -> [Action] {
        sky = newSky
        var actions: [Action] = []
        for (alarmID, alarm) in alarms.sorted(by: { $0.key < $1.key }) where alarm.pass != nil {
            if let after = lookAfter[alarmID], after < now {
                lookAfter[alarmID] = now
                actions.append(.persistLookAfter(alarmID: alarmID, instant: now))
            }
            requeue(alarmID)
        }
        return actions
    }

    /// What a trigger rule needs to know about the world.
    public var context: TriggerRule.Context {
        TriggerRule.Context(
            zone: zone, namedZones: namedZones, leapSeconds: leapSeconds, sky: sky, holidays: holidays)
    }

    // MARK: Time passing

    /// Everything due at `now`: triggers to ring (or report missed), snoozes ending, rings running out. A trigger
    /// found too late to ring is missed for `lateReason`: `late`, or `suspended` when the machine slept through it.
    public mutating func advance(to now: Double, lateReason: MissedReason = .late) -> [Action] {
        var actions = spendSkips(now: now) + endPauses(now: now)
        for (alarmID, ring) in ringing.sorted(by: { $0.key < $1.key }) where ring.until <= now {
            ringing[alarmID] = nil
            actions += [
                .stopRinging(alarmID: alarmID), .missed(alarmID: alarmID, trigger: ring.trigger, reason: .unattended),
            ]
            actions += conclude(alarmID, trigger: ring.trigger, fromSnooze: ring.fromSnooze)
        }
        for (alarmID, snooze) in snoozes.sorted(by: { $0.key < $1.key }) where snooze.ringAt <= now {
            guard let alarm = alarms[alarmID], ringing[alarmID] == nil else { continue }
            snoozes[alarmID] = nil
            // The stored snooze stays until this ring is over (dismissed, snoozed again, rung out, edited), so that a
            // daemon that dies while it rings finds it on restart and rings it again, as it does a trigger's ring.
            // It used to be deleted here, when the ring started: a crash during a snoozed alarm's second ring
            // silenced it for good (found by the 30-day soak, Tests/NoiseSoakTests).
            if canStillRing(alarm, lateness: now - snooze.ringAt) {
                ringing[alarmID] = Ringing(
                    trigger: snooze.ringAt, until: snooze.ringAt + alarm.ringLimitSeconds, fromSnooze: true)
                actions.append(.ring(alarmID: alarmID, trigger: snooze.ringAt))
            } else {
                actions.append(.missed(alarmID: alarmID, trigger: snooze.ringAt, reason: lateReason))
                actions += conclude(alarmID, trigger: snooze.trigger, fromSnooze: true)
            }
        }
        for entry in Array(queue.due(by: now)) {
            guard let alarm = alarms[entry.alarmID] else { continue }
            queue.set(alarm.id, to: nil)
            // After a long absence several triggers may have passed: only the latest can still ring.
            let latest = latestTrigger(of: alarm, from: entry.instant, upTo: now)
            if latest != entry.instant {
                actions.append(.missed(alarmID: alarm.id, trigger: entry.instant, reason: lateReason))
            }
            if canStillRing(alarm, lateness: now - latest) {
                ringing[alarm.id] = Ringing(trigger: latest, until: latest + alarm.ringLimitSeconds, fromSnooze: false)
                actions.append(.ring(alarmID: alarm.id, trigger: latest))
            } else {
                actions.append(.missed(alarmID: alarm.id, trigger: latest, reason: lateReason))
                actions += conclude(alarm.id, trigger: latest, fromSnooze: false)
            }
        }
        return actions
    }

    // MARK: Helpers

    /// The ringing alarms by id, or only `alarmID`'s ring.
    func ringing(only alarmID: Int64?) -> [(key: Int64, value: Ringing)] {
        ringing.sorted { $0.key < $1.key }.filter { alarmID == nil || $0.key == alarmID }
    }

    /// A ring is over (dismissed, unattended, missed): the trigger is handled, or the snooze's stored row goes;
    /// a once alarm is done.
    mutating func conclude(_ alarmID: Int64, trigger: Double, fromSnooze: Bool) -> [Action] {
        var actions = fromSnooze ? [.persistSnooze(alarmID: alarmID, snooze: nil)] : handled(alarmID, trigger: trigger)
        if let alarm = alarms[alarmID], alarm.rule.ringsOnce, alarm.enabled, snoozes[alarmID] == nil {
            alarms[alarmID]?.enabled = false
            queue.set(alarmID, to: nil)
            actions.append(alarm.isTimer ? .remove(alarmID: alarmID) : .disable(alarmID: alarmID))
        }
        return actions
    }

    mutating func handled(_ alarmID: Int64, trigger: Double) -> [Action] {
        let settled = alarms[alarmID]?.rule.settled(after: trigger) ?? trigger
        lookAfter[alarmID] = max(lookAfter[alarmID] ?? settled, settled)
        requeue(alarmID)
        return [.persistLookAfter(alarmID: alarmID, instant: lookAfter[alarmID]!)]
    }

    private func canStillRing(_ alarm: Alarm, lateness: Double) -> Bool {
        lateness < min(alarm.ringLimitSeconds, missedGraceSeconds)
    }

    private func latestTrigger(of alarm: Alarm, from first: Double, upTo now: Double) -> Double {
        var latest = first
        // Bounded: after a long absence, start close to now instead of walking every day since.
        var cursor = max(first, now - 17 * 86_400)
        while let next = alarm.rule.next(after: cursor, skipping: nil, skipsHolidays: alarm.skipHolidays, in: context),
            next <= now
        {
            latest = max(latest, next)
            cursor = next
            if alarm.rule.ringsOnce { break }
        }
        return latest
    }

    mutating func requeue(_ alarmID: Int64) {
        // A once alarm that is snoozed has had its trigger; only the snooze is left to ring.
        guard let alarm = alarms[alarmID], alarm.enabled, ringing[alarmID] == nil, let after = lookAfter[alarmID],
            !(alarm.rule.ringsOnce && snoozes[alarmID] != nil)
        else {
            queue.set(alarmID, to: nil)
            return
        }
        queue.set(
            alarmID,
            to: alarm.rule.next(
                after: after, skipping: skips[alarmID], pausedUntil: pauses[alarmID],
                skipsHolidays: alarm.skipHolidays, in: context))
    }

    private mutating func rebuildQueue() {
        queue = TriggerQueue()
        for alarmID in alarms.keys { requeue(alarmID) }
    }
}
