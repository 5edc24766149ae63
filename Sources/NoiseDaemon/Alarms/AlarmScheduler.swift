import Logging
import NoiseAlarms
import NoiseControl
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseSystem
import NoiseTime
import TimeScales

/// Owns the alarms and the next-trigger state. It waits on the wall clock until the next deadline, asks the
/// `AlarmSchedule` value what is due, stores what must survive a crash, then rings, stops and reports.
/// Every change is stored before its reply is sent. It keeps the schedule, the store, the clock and the wiring; the
/// parts with a state of their own are values it owns and carries out, each tested alone: the tones handed to the
/// mixer (`ToneHandOff`), the hold while the machine sleeps (`SleepHold`), pass alarms' sky (`PassAlarmSky`), the
/// diary's reminder (`DiaryReminder`) and the missed alarms `status` shows (`RecentMissed`).
public actor AlarmScheduler {
    var schedule: AlarmSchedule {
        didSet {
            listOrder = nil
            publishStatus()
        }
    }
    /// The alarms' ids in `list`'s order, made when a page is asked for and kept until the schedule changes: a list
    /// of 100,000 alarms read in 100 pages is sorted once, not once a page.
    var listOrder: [Int64]?
    /// The alarms' part of the database.
    let store: AlarmStore
    /// The database as a whole, which the scheduler checks, rebuilds (`store recover`) and closes; a rebuild puts the
    /// new file in place for every store over it (the player's and the life desk's too).
    let database: NoiseDatabase
    let clock: any WallClock
    let zones: any TimeZoneSource
    let ringer: any AlarmRinger
    let hub: EventHub
    let logger: Logger
    /// The missed alarms `status` shows (`RecentMissed`).
    var recentMissed: RecentMissed { didSet { publishStatus() } }
    var lastNext: AlarmInfo?
    /// The tone handed to the mixer ahead of its trigger, and the tone each alarm rang with (`ToneHandOff`).
    var tones = ToneHandOff()
    /// Why the zone is UTC against the system's settings (shown in `status`), or nil.
    var zoneProblem: String? { didSet { publishStatus() } }
    /// What a new alarm gets for what `alarm add` leaves out (the config's `[alarms]`).
    var template: AlarmTemplate
    /// Every change of the store goes through it: a refusal logged, shown in `status`, answered `storage_failed`.
    let storeChanges: StoreChanges
    /// Where `status` reads the alarms (see `StatusBoard`).
    let board: StatusBoard
    /// The hold on the alarms while logind says the machine sleeps (`AlarmScheduler+Sleep`).
    var sleepHold = SleepHold()
    /// Why the leap-second table is the built-in one (the system's list could not be read), or nil.
    let leapSecondsProblem: String?
    /// Pass alarms' sky: where it is read, the last reading, each pass alarm's next pass (`AlarmScheduler+Sky`).
    var sky: PassAlarmSky
    /// Called when a pass alarm is added, changed or switched on (the element downloader wakes for its satellite),
    /// and when the files the sky is read from changed (an `iss elements import`: the downloader reads them again).
    let wakeElementDownloads: @Sendable () -> Void
    /// The gratitude diary's daily reminder and who it tells (`AlarmScheduler+Reminder`).
    var reminder: DiaryReminder
    /// The alarm ringing as a test (`alarm test`), never stored (`AlarmScheduler+TestRing`).
    var testRing: TestRing?
    /// Where the days off are read (`[alarms] holidays`), and what they were when last read (`AlarmScheduler+Holidays`).
    let holidaySource: (any HolidaySource)?
    var holidays: HolidaysReading { didSet { publishStatus() } }

    public init(
        database: NoiseDatabase, clock: any WallClock, zones: any TimeZoneSource, ringer: any AlarmRinger,
        hub: EventHub, logger: Logger, template: AlarmTemplate = AlarmTemplate(),
        missedGraceSeconds: Double = AlarmDefaults.missedGraceSeconds, board: StatusBoard = StatusBoard(),
        leapSeconds: (list: LeapSeconds, problem: String?) = (.builtIn, nil), sky: (any SkySource)? = nil,
        holidays: (any HolidaySource)? = nil, wakeElementDownloads: @escaping @Sendable () -> Void = {}
    ) async throws {
        let store = AlarmStore(database)
        let snapshot = try await store.snapshot()
        let now = clock.now()
        let (zone, zoneProblem) = zones.systemZoneReading()
        let reading = await FileWork.run { sky?.read() ?? SkyReading(sky: nil) }
        let daysOff = await FileWork.run { holidays?.read(now: Int64(now)) ?? HolidaysReading() }
        self.schedule = AlarmSchedule(
            alarms: snapshot.alarms, lookAfter: snapshot.lookAfter, snoozes: snapshot.snoozes, skips: snapshot.skips,
            pauses: snapshot.pauses, zone: zone, leapSeconds: leapSeconds.list, sky: reading.sky, now: now)
        self.schedule.setHolidays(daysOff.holidays)
        self.sky = PassAlarmSky(source: sky, reading: reading)
        self.holidaySource = holidays
        self.holidays = daysOff
        self.wakeElementDownloads = wakeElementDownloads
        self.leapSecondsProblem = leapSeconds.problem
        self.zoneProblem = zoneProblem
        self.schedule.missedGraceSeconds = missedGraceSeconds
        self.template = template
        self.store = store
        self.database = database
        self.clock = clock
        self.zones = zones
        self.ringer = ringer
        self.hub = hub
        self.logger = logger
        storeChanges = StoreChanges(board: board, logger: logger)
        self.board = board
        if let zoneProblem { logger.warning("alarms: \(zoneProblem)") }
        if let note = leapSeconds.problem ?? leapSeconds.list.taiMinusUTC(atUnix: now).note {
            logger.notice("alarms: \(note)")
        }
        self.recentMissed = RecentMissed(
            RecentMissed.info(try await store.missed(limit: AlarmDefaults.missedShown), zone: zone))
        self.reminder = DiaryReminder(try await store.reminder())
        loadStoredZones()
        logHolidays()
        publishStatus()
    }

    // MARK: The loop

    /// Runs until cancelled: handle what is due, then sleep until the next deadline, a change of the wall clock or
    /// of the system time zone, or a change of the alarms.
    public func run() async {
        if !clock.wakesFromSuspend {
            logger.notice(
                "alarms: wake-from-suspend is off (no CAP_WAKE_ALARM); a suspended machine will not wake for alarms")
        }
        while !Task.isCancelled {
            refreshZone()
            await endTestIfDue()
            var deadline: Double? = testRing?.until
            if let until = sleepHold.ends(now: now()) {
                deadline = until
            } else {
                await examine()
                deadline = [deadline, schedule.nextDeadline, reminder.nextDeadline(in: schedule.context)]
                    .compactMap { $0 }.min()
            }
            if !sleepHold.isAsleep, let handOver = tones.handOverTime(next: nextTrigger(), now: now()) {
                deadline = min(deadline ?? handOver, handOver)
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
            if reason == .filesChanged {
                // What was due under the old sky and days off rings first; then the alarms follow the new ones.
                await examine()
                await refreshSky()
                await refreshHolidays()
                wakeElementDownloads()
            }
        }
    }

    /// Hands the next trigger's tone to the mixer ahead of time; drops one prepared for a trigger that changed.
    func prepareUpcoming() async {
        for step in tones.steps(next: nextTrigger(), now: now()) {
            switch step {
            case .cancel:
                await ringer.cancelPreparedTone()
            case .prepare(let alarmID, let trigger, let readyWithin):
                guard let alarm = schedule.alarms[alarmID] else { continue }
                await endTest(takenOver: true)
                await ringer.prepareAlarmTone(alarm: alarm, trigger: trigger, readyWithin: readyWithin)
            }
        }
    }

    func cancelPrepared() async {
        if tones.dropPrepared() { await ringer.cancelPreparedTone() }
    }

    /// The schedule's next trigger, as the tones' hand-off takes it.
    private func nextTrigger() -> ToneHandOff.Trigger? {
        schedule.nextAlarm.map { ToneHandOff.Trigger(alarmID: $0.alarmID, trigger: $0.trigger) }
    }

    func now() -> Double { clock.now() }

    func refreshZone() {
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
        let made: Alarm?
        do { made = try changes.newAlarm(id: 0, template: template) } catch {
            throw ProtocolError(.invalidArgument, "\(Commands.AlarmAdd.name): \(error)")
        }
        guard let alarm = made else { throw ProtocolError(.invalidArgument, "alarm_add needs 'time'") }
        try await check(alarm, sound: changes.sound, command: Commands.AlarmAdd.name)
        return try await insert(alarm)
    }

    public func edit(_ id: Int64, _ changes: AlarmChanges) async throws(ProtocolError) -> AlarmInfo {
        guard let alarm = schedule.alarms[id] else { throw unknownAlarm(id) }
        if changes.pass != nil && alarm.pass == nil {
            throw ProtocolError(
                .invalidArgument,
                "alarm \(id) is not a pass alarm: 'pass_*' change only those; "
                    + "add one instead (noisectl alarm add --iss)")
        }
        if alarm.pass != nil && (changes.time != nil || changes.repeat != nil || changes.mars != nil) {
            throw ProtocolError(
                .invalidArgument,
                "alarm \(id) rings before satellite passes: it has no time or repeat "
                    + "to change; change --before, --min-elevation or --visible")
        }
        if alarm.isTimer && (changes.time != nil || changes.repeat != nil) {
            throw ProtocolError(
                .invalidArgument,
                "alarm \(id) is a timer: its time and repeat stay as they are; "
                    + "cancel it and start another (noisectl timer cancel \(id); noisectl timer 10m)")
        }
        let updated: Alarm
        do { updated = try changes.applied(to: alarm) } catch {
            throw ProtocolError(.invalidArgument, "\(Commands.AlarmEdit.name): \(error)")
        }
        try await check(updated, sound: changes.sound, command: Commands.AlarmEdit.name)
        let now = now()
        let (keepsSkip, keepsPause) = (schedule.keepsSkip(updated), schedule.keepsPause(updated))
        try await storeChanges.change(Self.notSaved) {
            try await store.update(updated, lookAfter: now, keepsSkip: keepsSkip, keepsPause: keepsPause)
        }
        await perform(Self.written(schedule.put(updated, now: now), alarmID: id, now: now))
        if updated.pass != nil && updated.enabled { wakeElementDownloads() }
        changed([id])
        return info(id)!
    }

    /// Removes the alarms in one store change: every id is checked first, and one unknown removes none.
    public func remove(_ ids: [Int64]) async throws(ProtocolError) -> [Int64] {
        if let unknown = ids.first(where: { schedule.alarms[$0] == nil }) { throw unknownAlarm(unknown) }
        try await storeChanges.change("the alarms could not be removed") { try await store.delete(ids: ids) }
        for id in ids { await perform(schedule.remove(id)) }
        changed(removed: ids)
        return ids
    }

    public func duplicate(_ id: Int64) async throws(ProtocolError) -> AlarmInfo {
        guard var copy = schedule.alarms[id] else { throw unknownAlarm(id) }
        copy.id = 0
        return try await insert(copy)
    }

    /// Stores a new alarm (the store gives its id) and schedules it; nothing changes if the store refuses it.
    func insert(_ alarm: Alarm) async throws(ProtocolError) -> AlarmInfo {
        let now = now()
        let stored = try await storeChanges.change(Self.notSaved) { try await store.insert(alarm, lookAfter: now) }
        await perform(Self.written(schedule.put(stored, now: now), alarmID: stored.id, now: now))
        if stored.pass != nil && stored.enabled { wakeElementDownloads() }
        changed([stored.id])
        return info(stored.id)!
    }

    /// Snoozes every ringing alarm, or only `alarmID` (a notification's button).
    public func snooze(minutes: Int?, only alarmID: Int64? = nil) async throws(ProtocolError) -> [AlarmInfo] {
        let ids = schedule.ringing.keys.filter { alarmID == nil || $0 == alarmID }.sorted()
        guard !ids.isEmpty else { throw nothingToSnooze(alarmID) }
        await perform(schedule.snooze(now: now(), minutes: minutes, only: alarmID))
        changed(ids)
        return ids.compactMap(info)
    }

    /// Dismisses every ringing alarm (with none ringing, every snoozed one), or only `alarmID`, ringing or snoozed.
    public func dismiss(only alarmID: Int64? = nil) async throws(ProtocolError) -> [AlarmInfo] {
        if let test = testRing, alarmID == nil || alarmID == test.alarmID {
            return await endTest().map { [$0] } ?? []
        }
        let before = schedule.dismissible(only: alarmID).compactMap(info)
        guard !before.isEmpty else { throw nothingToDismiss(alarmID) }
        await perform(schedule.dismiss(now: now(), only: alarmID))
        changed(before.map(\.alarm.id))
        // A timer is gone once dismissed: it is answered as it was, no longer ringing and with nothing to come.
        return before.map { before in
            info(before.alarm.id)
                ?? AlarmInfo(
                    alarm: before.alarm, nextTrigger: nil, snoozedUntil: nil, ringing: false,
                    tone: before.tone)
        }
    }
}
