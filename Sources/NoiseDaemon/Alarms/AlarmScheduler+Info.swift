import NoiseCore
import NoiseAlarms
import NoiseProtocol

/// What the scheduler tells: one alarm, the list in pages, the next to ring, the alarms part of `status`, and the
/// `AlarmInfo` each of them is made of.
extension AlarmScheduler {
    public func show(_ id: Int64) throws(ProtocolError) -> AlarmInfo {
        guard let info = info(id) else { throw unknownAlarm(id) }
        return info
    }

    /// The alarms from `offset` on, at most `limit`, the next to ring first; disabled ones (no next trigger) last, by
    /// id. Only the page's alarms are made into infos: the order needs only each alarm's trigger.
    public func list(offset: Int = 0, limit: Int = .max) -> [AlarmInfo] {
        let order = listOrder ?? schedule.alarms.keys.map { (trigger: schedule.nextTrigger(of: $0) ?? .infinity, id: $0) }
            .sorted { $0 < $1 }.map(\.id)
        listOrder = order
        guard offset < order.count else { return [] }
        return order[offset..<offset + min(limit, order.count - offset)].compactMap(info)
    }

    /// The next to ring first; those with no next trigger last, by id.
    static func soonestFirst(_ first: AlarmInfo, _ second: AlarmInfo) -> Bool {
        let (one, two) = (first.nextTrigger?.unix ?? .infinity, second.nextTrigger?.unix ?? .infinity)
        return one != two ? one < two : first.alarm.id < second.alarm.id
    }

    public func next() -> AlarmInfo? {
        schedule.nextAlarm.flatMap { info($0.alarmID) }
    }

    /// The alarms part of `status`, without the tone's onset (the player's to publish).
    public func status() -> AlarmsStatus {
        AlarmsStatus(count: schedule.alarms.count, next: next(), ringing: schedule.ringing.keys.sorted().compactMap(info),
                     missed: recentMissed, timeZone: schedule.zone.identifier, wakeFromSuspend: clock.wakesFromSuspend,
                     wakeNote: clock.wakesFromSuspend ? nil
                        : "a suspended machine will not wake for alarms: give noised CAP_WAKE_ALARM (see docs/alarms.md)",
                     storeProblem: database.readOnlyReason, timeZoneProblem: zoneProblem, timers: timers(),
                     leapSecondsNote: leapSecondsProblem ?? schedule.leapSeconds.taiMinusUTC(atUnix: now()).note)
    }

    func publishStatus() {
        board.publish(status())
    }

    func info(_ alarmID: Int64) -> AlarmInfo? {
        guard let alarm = schedule.alarms[alarmID] else { return nil }
        let zone = schedule.zone
        let trigger = schedule.nextTrigger(of: alarmID)
        // A ringing pass alarm's pass is the one it rings for.
        let (pass, passProblem) = nextPass(of: alarm, trigger: trigger ?? schedule.ringing[alarmID]?.trigger)
        return AlarmInfo(alarm: alarm, nextTrigger: trigger.map { TriggerInfo(unix: $0, zone: zone) },
                         snoozedUntil: schedule.snoozes[alarmID].map { TriggerInfo(unix: $0.ringAt, zone: zone) },
                         ringing: schedule.ringing[alarmID] != nil, tone: tones[alarmID], nextPass: pass,
                         passProblem: passProblem)
    }
}
