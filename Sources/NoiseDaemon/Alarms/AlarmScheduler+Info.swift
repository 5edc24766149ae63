import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// What the scheduler tells: one alarm, the list in pages, the next to ring, the alarms part of `status`, and the
/// `AlarmInfo` each of them is made of.
extension AlarmScheduler {
    public func show(_ id: Int64) throws(ProtocolError) -> AlarmInfo {
        guard let info = info(id) else { throw unknownAlarm(id) }
        return info
    }

    /// The alarms from `offset` on, at most `limit`, in the order they sound (a ringing alarm first, a snooze at its
    /// end, as `alarm_next` counts); those that will not sound last, by id. Only the page's alarms are made into
    /// infos: the order needs only each alarm's instant.
    public func list(offset: Int = 0, limit: Int = .max) -> [AlarmInfo] {
        let order =
            listOrder
            ?? schedule.alarms.keys.map { (sound: schedule.nextSound(of: $0) ?? .infinity, id: $0) }
            .sorted { $0 < $1 }.map(\.id)
        listOrder = order
        guard offset < order.count else { return [] }
        return order[offset..<offset + min(limit, order.count - offset)].compactMap(info)
    }

    /// The next to sound first; those that will not sound last, by id.
    func soonestFirst(_ first: AlarmInfo, _ second: AlarmInfo) -> Bool {
        let one = schedule.nextSound(of: first.alarm.id) ?? .infinity
        let two = schedule.nextSound(of: second.alarm.id) ?? .infinity
        return one != two ? one < two : first.alarm.id < second.alarm.id
    }

    public func next() -> AlarmInfo? {
        schedule.nextAlarm.flatMap { info($0.alarmID) }
    }

    /// The alarms part of `status`, without the tone's onset (the player's to publish).
    public func status() -> AlarmsStatus {
        let (next, ringing) = (next(), schedule.ringing.keys.sorted().compactMap(info))
        let snoozed = schedule.snoozes.sorted { ($0.value.ringAt, $0.key) < ($1.value.ringAt, $1.key) }.compactMap {
            info($0.key)
        }
        return AlarmsStatus(
            count: schedule.alarms.count, next: next, ringing: ringing,
            missed: recentMissed.shown, timeZone: schedule.zone.identifier, wakeFromSuspend: clock.wakesFromSuspend,
            wakeNote: clock.wakesFromSuspend
                ? nil
                : "a suspended machine will not wake for alarms: give noised CAP_WAKE_ALARM (see docs/alarms.md)",
            storeProblem: database.readOnlyReason, timeZoneProblem: zoneProblem, timers: timers(),
            leapSecondsNote: leapSecondsProblem ?? leapSecondsNote(shown: [next].compactMap { $0 } + ringing + snoozed),
            snoozed: snoozed, dawns: dawnInfos(), holidays: holidays.info)
    }

    /// The leap-second note, in `status` only when it can matter there: the list expired more than a year ago, or
    /// a Mars alarm shown (the only rule that counts in TAI) sounds when a leap second the list does not know may
    /// have come. It was on every `status` once the list expired, though no Mars alarm was set.
    func leapSecondsNote(shown: [AlarmInfo]) -> String? {
        let leapSeconds = schedule.leapSeconds
        guard let expires = leapSeconds.expires else { return nil }
        let now = now()
        if now >= Double(expires) + 365 * 86_400 { return leapSeconds.taiMinusUTC(atUnix: now).note }
        return shown.lazy.filter { if case .marsClock = $0.alarm.rule { true } else { false } }
            .compactMap { ($0.ringingSince ?? $0.snoozedUntil ?? $0.nextTrigger)?.unix }
            .compactMap { leapSeconds.taiMinusUTC(atUnix: $0).note }.first
    }

    func publishStatus() {
        board.publish(status())
    }

    func info(_ alarmID: Int64) -> AlarmInfo? {
        guard let alarm = schedule.alarms[alarmID] else { return nil }
        let zone = schedule.zone
        let trigger = schedule.nextTrigger(of: alarmID)
        // A ringing pass alarm's pass is the one it rings for.
        let (pass, passProblem) = sky.nextPass(
            of: alarm, trigger: trigger ?? schedule.ringing[alarmID]?.trigger, now: now(), zone: zone)
        return AlarmInfo(
            alarm: alarm, nextTrigger: trigger.map { TriggerInfo(unix: $0, zone: zone) },
            snoozedUntil: schedule.snoozes[alarmID].map { TriggerInfo(unix: $0.ringAt, zone: zone) },
            ringing: schedule.ringing[alarmID] != nil, tone: tones.rung[alarmID],
            ringingSince: schedule.ringing[alarmID].map { TriggerInfo(unix: $0.trigger, zone: zone) }, nextPass: pass,
            passProblem: passProblem, skips: schedule.skips[alarmID].map { TriggerInfo(unix: $0, zone: zone) },
            pausedUntil: schedule.pauses[alarmID],
            daysOff: schedule.ringsOnDaysOff(of: alarmID, limit: AlarmDefaults.daysOffShown).map {
                DayOffInfo(trigger: TriggerInfo(unix: $0.trigger, zone: zone), name: $0.name)
            })
    }
}
