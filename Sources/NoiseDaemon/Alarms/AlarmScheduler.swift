import Logging
import NoiseCore
import NoiseStore
import NoiseSystem

/// Owns the alarms and the next-trigger state. It waits on the wall clock until the next deadline, asks the
/// `AlarmSchedule` value what is due, stores what must survive a crash, then rings, stops and reports.
/// Every change is stored before its reply is sent.
public actor AlarmScheduler {
    private var schedule: AlarmSchedule { didSet { publishStatus() } }
    /// Replaced by `recoverStore` with the rebuilt one.
    private var store: AlarmStore
    private let clock: any WallClock
    private let zones: any TimeZoneSource
    private let ringer: any AlarmRinger
    private let hub: EventHub
    private let notifier: DesktopNotifier
    private let logger: Logger
    private var recentMissed: [MissedInfo] = [] { didSet { publishStatus() } }
    private var lastNext: AlarmInfo?
    /// The trigger whose tone is scheduled ahead in the mixer.
    private var prepared: (alarmID: Int64, trigger: Int64)?
    /// Why the zone is UTC against the system's settings (shown in `status`), or nil.
    private var zoneProblem: String? { didSet { publishStatus() } }
    /// The tone each alarm last rang with (since start), shown in its `AlarmInfo`.
    private var tones: [Int64: ToneInfo] = [:]
    /// What a new alarm gets for what `alarm add` leaves out (the config's `[alarms]`).
    private var template: AlarmTemplate
    /// The last change the store refused, until one succeeds (shown in `status`).
    private var lastStoreFailure: String? { didSet { publishStatus() } }
    /// Where `status` reads the alarms (see `StatusBoard`).
    private let board: StatusBoard

    /// How long before a trigger its tone is handed to the mixer: more than the device buffer (0.5 s), so the
    /// first frame can be placed on the trigger's instant.
    static let prepareLead = 1.5
    static let missedShown = 20

    public init(store: AlarmStore, clock: any WallClock, zones: any TimeZoneSource, ringer: any AlarmRinger,
                hub: EventHub, notifier: DesktopNotifier, logger: Logger, template: AlarmTemplate = AlarmTemplate(),
                missedGraceSeconds: Double = AlarmDefaults.missedGraceSeconds, board: StatusBoard = StatusBoard()) async throws {
        let snapshot = try await store.snapshot()
        let now = Int64(clock.now().rounded(.down))
        let (zone, zoneProblem) = zones.systemZoneReading()
        self.schedule = AlarmSchedule(alarms: snapshot.alarms, lookAfter: snapshot.lookAfter, snoozes: snapshot.snoozes,
                                      zone: zone, now: now)
        self.zoneProblem = zoneProblem
        self.schedule.missedGraceSeconds = missedGraceSeconds
        self.template = template
        self.store = store
        self.clock = clock
        self.zones = zones
        self.ringer = ringer
        self.hub = hub
        self.notifier = notifier
        self.logger = logger
        self.board = board
        if let zoneProblem { logger.warning("alarms: \(zoneProblem)") }
        self.recentMissed = try await store.missed(limit: Self.missedShown).map {
            MissedInfo(alarmId: $0.alarmId, label: $0.label, trigger: TriggerInfo(unix: $0.trigger, zone: zone), reason: $0.reason)
        }
        publishStatus()
    }

    // MARK: The loop

    /// Runs until cancelled: handle what is due, then sleep until the next deadline (at most a minute, to notice
    /// a change of the system time zone).
    public func run() async {
        if !clock.wakesFromSuspend {
            logger.notice("alarms: wake-from-suspend is off (no CAP_WAKE_ALARM); a suspended machine will not wake for alarms")
        }
        while !Task.isCancelled {
            refreshZone()
            await perform(schedule.advance(to: nowSeconds()))
            publishNextIfChanged()
            await prepareUpcoming()
            let recheck = clock.now() + 60
            var deadline = min(schedule.nextDeadline.map(Double.init) ?? recheck, recheck)
            if let next = schedule.nextAlarm, prepared == nil || prepared! != next {
                deadline = min(deadline, max(clock.now(), Double(next.trigger) - Self.prepareLead))
            }
            let clock = self.clock
            let reason = await withTaskCancellationHandler {
                await clock.wait(until: deadline)
            } onCancel: {
                clock.interrupt()
            }
            if reason == .clockChanged {
                logger.info("alarms: the wall clock was set; looking at every alarm again")
                await cancelPrepared()
            }
        }
    }

    /// Hands the next trigger's tone to the mixer ahead of time; drops one prepared for a trigger that changed.
    private func prepareUpcoming() async {
        let next = schedule.nextAlarm
        if let prepared, next.map({ $0 != prepared }) ?? true { await cancelPrepared() }
        guard prepared == nil, let next, let alarm = schedule.alarms[next.alarmID],
              Double(next.trigger) - clock.now() <= Self.prepareLead else { return }
        prepared = next
        // The tone must be in the mixer before the device buffer's worth of time is left, or it starts late.
        let readyWithin = max(0, Double(next.trigger) - clock.now() - Limits.toneReadyMarginSeconds)
        await ringer.prepareAlarmTone(alarm: alarm, trigger: next.trigger, readyWithin: .seconds(readyWithin))
    }

    private func cancelPrepared() async {
        guard prepared != nil else { return }
        prepared = nil
        await ringer.cancelPreparedTone()
    }

    private func nowSeconds() -> Int64 { Int64(clock.now().rounded(.down)) }

    private func refreshZone() {
        let (zone, problem) = zones.systemZoneReading()
        if problem != zoneProblem {
            if let problem { logger.warning("alarms: \(problem)") }
            zoneProblem = problem
        }
        if zone != schedule.zone {
            logger.info("alarms: time zone is now \(zone.identifier)")
            schedule.setZone(zone)
        }
    }

    /// New defaults from a reloaded config: for alarms added from now on, and for triggers found late.
    public func apply(template newTemplate: AlarmTemplate, missedGraceSeconds: Double) {
        template = newTemplate
        schedule.missedGraceSeconds = missedGraceSeconds
    }

    // MARK: Commands

    public func add(_ changes: AlarmChanges) async throws(ProtocolError) -> AlarmInfo {
        try await checkSound(changes.sound)
        guard let alarm = changes.newAlarm(id: 0, template: template) else { throw ProtocolError(.invalidArgument, "alarm_add needs 'time'") }
        return try await insert(alarm)
    }

    public func edit(_ id: Int64, _ changes: AlarmChanges) async throws(ProtocolError) -> AlarmInfo {
        guard let alarm = schedule.alarms[id] else { throw unknownAlarm(id) }
        try await checkSound(changes.sound)
        let updated = changes.applied(to: alarm)
        let now = nowSeconds()
        do {
            try await store.update(updated, lookAfter: now)
            lastStoreFailure = nil
        } catch {
            throw storageError(error)
        }
        await perform(schedule.put(updated, now: now))
        changed()
        return info(id)!
    }

    public func remove(_ id: Int64) async throws(ProtocolError) -> Int64 {
        guard schedule.alarms[id] != nil else { throw unknownAlarm(id) }
        do {
            try await store.delete(id: id)
            lastStoreFailure = nil
        } catch {
            throw storageError(error)
        }
        await perform(schedule.remove(id))
        changed()
        return id
    }

    public func duplicate(_ id: Int64) async throws(ProtocolError) -> AlarmInfo {
        guard var copy = schedule.alarms[id] else { throw unknownAlarm(id) }
        copy.id = 0
        return try await insert(copy)
    }

    /// Stores a new alarm (the store gives its id) and schedules it; nothing changes if the store refuses it.
    private func insert(_ alarm: Alarm) async throws(ProtocolError) -> AlarmInfo {
        let now = nowSeconds()
        let stored: Alarm
        do {
            stored = try await store.insert(alarm, lookAfter: now)
            lastStoreFailure = nil
        } catch {
            throw storageError(error)
        }
        await perform(schedule.put(stored, now: now))
        changed()
        return info(stored.id)!
    }

    public func show(_ id: Int64) throws(ProtocolError) -> AlarmInfo {
        guard let info = info(id) else { throw unknownAlarm(id) }
        return info
    }

    /// Every alarm, the next to ring first; disabled ones last, by id.
    public func list() -> [AlarmInfo] {
        schedule.alarms.keys.compactMap(info).sorted { lhs, rhs in
            switch (lhs.nextTrigger?.unix, rhs.nextTrigger?.unix) {
            case let (left?, right?): (left, lhs.alarm.id) < (right, rhs.alarm.id)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): lhs.alarm.id < rhs.alarm.id
            }
        }
    }

    public func next() -> AlarmInfo? {
        schedule.nextAlarm.flatMap { info($0.alarmID) }
    }

    public func snooze(minutes: Int?) async throws(ProtocolError) -> [AlarmInfo] {
        guard !schedule.ringing.isEmpty else { throw notRinging() }
        let ids = Array(schedule.ringing.keys).sorted()
        await perform(schedule.snooze(now: nowSeconds(), minutes: minutes))
        changed()
        return ids.compactMap(info)
    }

    public func dismiss() async throws(ProtocolError) -> [AlarmInfo] {
        guard !schedule.ringing.isEmpty else { throw notRinging() }
        let ids = Array(schedule.ringing.keys).sorted()
        await perform(schedule.dismiss(now: nowSeconds()))
        changed()
        return ids.compactMap(info)
    }

    // MARK: The store

    public func checkStore() -> StoreCheck {
        store.check()
    }

    /// Rebuilds a store opened from a damaged file and goes on with it, writable; the alarms stay scheduled as
    /// they are (the rebuilt store holds the same ones).
    public func recoverStore() throws(ProtocolError) -> StoreRecovery {
        let rebuilt: AlarmStore.Rebuilt
        do {
            rebuilt = try store.rebuilt(lookAfter: schedule.lookAfter, snoozes: schedule.snoozes)
        } catch {
            let reason = AlarmStore.describe(error)
            logger.error("alarms: the store was not rebuilt: \(reason)")
            throw ProtocolError(.storageFailed, "the alarm store was not rebuilt, so nothing changed: \(reason)")
        }
        guard rebuilt.store !== store else { return rebuilt.report }
        store = rebuilt.store
        lastStoreFailure = nil
        let report = rebuilt.report
        let leftOut = report.dropped.isEmpty ? "" : ", alarms \(IDRanges.text(report.dropped)) left out"
        logger.notice("alarms: the store \(report.path) was rebuilt: \(report.kept) alarms kept\(leftOut); the damaged file stays as \(report.corruptCopy ?? "?")")
        publishStatus()
        changed()
        return report
    }

    /// At shutdown, once nothing else runs.
    public func closeStore() throws {
        try store.close()
    }

    public func status() async -> AlarmsStatus {
        var status = alarmsStatus()
        status.lastOnset = await ringer.onset()
        return status
    }

    /// The alarms part of `status`, without the tone's onset (the player's to publish).
    private func alarmsStatus() -> AlarmsStatus {
        AlarmsStatus(count: schedule.alarms.count, next: next(), ringing: schedule.ringing.keys.sorted().compactMap(info),
                     missed: recentMissed, timeZone: schedule.zone.identifier, wakeFromSuspend: clock.wakesFromSuspend,
                     wakeNote: clock.wakesFromSuspend ? nil
                        : "a suspended machine will not wake for alarms: give noised CAP_WAKE_ALARM (see docs/alarms.md)",
                     storeProblem: store.readOnlyReason ?? lastStoreFailure, timeZoneProblem: zoneProblem)
    }

    private func publishStatus() {
        board.publish(alarmsStatus())
    }

    // MARK: Carrying out the schedule's actions

    private func perform(_ actions: [AlarmSchedule.Action]) async {
        guard !actions.isEmpty else { return }
        let now = nowSeconds()
        var toneStopped = false
        do {
            try await store.record(actions, labels: schedule.alarms.mapValues(\.label), now: now)
        } catch {
            // Ringing matters more than the record: go on, and say so.
            logger.error("alarms: could not store the scheduler's state: \(error)")
        }
        for action in actions {
            switch action {
            case .ring(let alarmID, let trigger):
                if let prepared, prepared.alarmID == alarmID && prepared.trigger == trigger { self.prepared = nil }
                await ring(alarmID, trigger: trigger)
            case .stopRinging:
                // One tone for all ringing alarms: stop it once, when the last one stops.
                if schedule.ringing.isEmpty && !toneStopped {
                    toneStopped = true
                    await ringer.stopAlarmTone()
                }
            case .missed(let alarmID, let trigger, let reason):
                let label = schedule.alarms[alarmID]?.label ?? ""
                let missed = MissedInfo(alarmId: alarmID, label: label, trigger: TriggerInfo(unix: trigger, zone: schedule.zone),
                                        reason: reason.rawValue)
                recentMissed.insert(missed, at: 0)
                recentMissed = Array(recentMissed.prefix(Self.missedShown))
                logger.warning("alarm \(alarmID) \(label.isEmpty ? "" : "(\(label)) ")missed (\(reason.rawValue)): \(missed.trigger.local)")
                hub.publish(EventName.alarmMissed, data: missed)
            case .snoozed(let alarmID, let until):
                logger.info("alarm \(alarmID) snoozed until \(TriggerInfo(unix: until, zone: schedule.zone).local)")
                if let info = info(alarmID) { hub.publish(EventName.alarmSnoozed, data: info) }
            case .dismissed(let alarmID, _):
                logger.info("alarm \(alarmID) dismissed")
                if let info = info(alarmID) { hub.publish(EventName.alarmDismissed, data: info) }
            case .persistLookAfter, .persistSnooze, .disable:
                break
            }
        }
    }

    private func ring(_ alarmID: Int64, trigger: Int64) async {
        guard let alarm = schedule.alarms[alarmID] else { return }
        let when = TriggerInfo(unix: trigger, zone: schedule.zone).local
        let title = alarm.label.isEmpty ? "" : "(\(alarm.label)) "
        logger.notice("alarm \(alarmID) \(title)ringing: \(when)")
        // The tone first (it returns within a second whatever the files do), so the event says what is heard.
        let report = await ringer.startAlarmTone(alarm: alarm, trigger: trigger)
        tones[alarmID] = report.tone
        if let note = report.tone.note {
            logger.warning("alarm \(alarmID) \(title)rings with \(report.tone.sound.map { "'\($0)'" } ?? "the tone made in code"): \(note)")
        }
        if let info = info(alarmID) { hub.publish(EventName.alarmRinging, data: info) }
        if let problem = report.audioProblem {
            logger.warning("alarm \(alarmID) rings but cannot be heard: \(problem)")
            notifier.notify(title: alarm.label.isEmpty ? "Alarm \(alarm.time)" : alarm.label,
                            body: "Alarm \(alarmID) is ringing (\(alarm.time)); no sound: \(problem)")
        }
        publishStatus()
    }

    // MARK: Helpers

    private func info(_ alarmID: Int64) -> AlarmInfo? {
        guard let alarm = schedule.alarms[alarmID] else { return nil }
        let zone = schedule.zone
        return AlarmInfo(alarm: alarm, nextTrigger: schedule.nextTrigger(of: alarmID).map { TriggerInfo(unix: $0, zone: zone) },
                         snoozedUntil: schedule.snoozes[alarmID].map { TriggerInfo(unix: $0.ringAt, zone: zone) },
                         ringing: schedule.ringing[alarmID] != nil, tone: tones[alarmID])
    }

    /// The alarms changed: wake the loop so it sleeps until the right deadline (and re-checks a prepared tone).
    private func changed() {
        publishNextIfChanged()
        clock.interrupt()
    }

    private func publishNextIfChanged() {
        let next = next()
        guard next != lastNext else { return }
        lastNext = next
        hub.publish(EventName.nextAlarm, data: NextAlarm(alarm: next))
    }

    private func checkSound(_ id: String?) async throws(ProtocolError) {
        guard let id else { return }
        if let problem = await ringer.soundProblem(id) { throw problem }
    }

    private func unknownAlarm(_ id: Int64) -> ProtocolError {
        let ids = schedule.alarms.keys.sorted().prefix(10).map(String.init).joined(separator: ", ")
        return ProtocolError(.unknownAlarm, "no alarm has id \(id); " + (ids.isEmpty ? "there are no alarms" : "ids: \(ids)"))
    }

    private func notRinging() -> ProtocolError {
        let next = next().map { " (next: alarm \($0.alarm.id) at \($0.nextTrigger?.local ?? $0.snoozedUntil?.local ?? "?"))" } ?? ""
        return ProtocolError(.notRinging, "no alarm is ringing\(next)")
    }

    private func storageError(_ error: any Error) -> ProtocolError {
        let reason = AlarmStore.describe(error)
        logger.error("alarms: the store refused a change: \(reason)\(error is AlarmStore.ReadOnlyStore ? "" : " (\(error))")")
        lastStoreFailure = "the last change was refused: \(reason)"
        return ProtocolError(.storageFailed, "the alarm could not be saved, so nothing changed: \(reason)")
    }
}

/// The data of the `next_alarm` event: the alarm that rings next, or null.
public struct NextAlarm: Codable, Sendable {
    @ExplicitNull public var alarm: AlarmInfo?
}
