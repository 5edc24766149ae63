import NoiseControl
import LifeCalendar
import Logging
import NoiseCore
import NoiseProtocol
import NoiseStore
import NoiseSystem
import NoiseTime

/// Carries out the life calendar's requests (docs/life.md) on the store: the life, habits and their taps, the
/// gratitude diary. Its only state is the store's, so it is a plain value; "today" is the system zone's date on
/// the wall clock. What it stores is personal: its log lines say what happened, never the data.
public struct LifeDesk: Sendable {
    /// The life calendar's part of the database, and no other.
    let store: LifeStore
    /// Keeps the diary's daily reminder, on the alarms' rule and wait.
    let scheduler: AlarmScheduler
    let clock: any WallClock
    let zones: any TimeZoneSource
    let hub: EventHub
    let logger: Logger
    /// The batches of staged imports, until their last.
    let staging = ImportStaging()

    public init(store: LifeStore, scheduler: AlarmScheduler, clock: any WallClock, zones: any TimeZoneSource, hub: EventHub,
                logger: Logger) {
        self.store = store
        self.scheduler = scheduler
        self.clock = clock
        self.zones = zones
        self.hub = hub
        self.logger = logger
    }

    func run(_ command: LifeCommand) async throws(ProtocolError) -> any Encodable & Sendable {
        let now = clock.now()
        let today = LocalDate(unix: Int64(now.rounded(.down)), zone: zones.systemZone())
        switch command {
        case .show:
            return try await show(today: today)
        case .set(let birth, let years):
            let life: LifeSpan
            do {
                life = try LifeSpan(birth: birth, years: years)
                _ = try life.figures(today: today)
            } catch {
                throw ProtocolError(.invalidArgument, "life_set: \(error)")
            }
            try await storing("the birth date could not be saved") { try await $0.setLife(life) }
            logger.info("life: the birth date and expectancy were set")
            let info = try await show(today: today)
            hub.publish(EventName.lifeChanged, data: info)
            return info
        case .habitAdd(let habit):
            switch try await storing("the habit could not be added", { try await $0.addHabit(habit) }) {
            case .added:
                await publishHabits()
                return habit
            case .exists(let existing):
                throw ProtocolError(.habitExists, "habit_add: there is a habit \"\(existing.name)\" already, worth "
                    + "\(existing.minutes) min; remove it first to change it")
            case .full:
                throw ProtocolError(.habitExists, "habit_add: \(Limits.maxHabits) habits are kept already; remove one first")
            }
        case .habitRemove(let name):
            guard let removed = try await storing("the habit could not be removed", { try await $0.removeHabit(named: name) })
            else { throw try await unknownHabit(name, command: "habit_remove") }
            await publishHabits()
            return removed
        case .habitList:
            return HabitList(habits: try await reading { try await $0.habits() })
        case .habitTap(let name, let sign):
            guard let tap = try await storing("the tap could not be saved", {
                try await $0.tap(habit: name, sign: sign, at: now, day: today)
            }) else { throw try await unknownHabit(name, command: "habit_tap") }
            return try await tapped(tap, undone: false)
        case .habitUndo:
            guard let tap = try await storing("the tap could not be taken back", { try await $0.undoLastTap() }) else {
                throw ProtocolError(.nothingToUndo, "habit_undo: there is no tap to take back")
            }
            return try await tapped(tap, undone: true)
        case .habitToday(let day, let before, let limit):
            return try await habitDay(day ?? today, before: before, limit: limit)
        case .habitStats(let weeks):
            let from = today.adding(days: -Int64(weeks * 7 - 1))
            let (habits, taps) = try await reading { store in
                (try await store.habits(), try await store.taps(from: from, through: today))
            }
            return HabitStats(habits: habits, taps: taps, from: from, through: today)
        case .gratitudeWrite(let text, let day, let mode):
            let day = day ?? today
            if let problem = DiaryImport.futureProblem(day, today: today) {
                throw ProtocolError(.invalidArgument, "gratitude_write: \(problem)")
            }
            switch try await storing("the entry could not be saved", { try await $0.writeEntry(text, day: day, at: now, mode: mode) }) {
            case .exists(let entry):
                throw ProtocolError(.entryExists, "gratitude_write: \(day) has an entry already (saved "
                    + "\(ISO8601.format(seconds: entry.savedAt, offsetSeconds: 0))); send mode \"replace\" or \"append\"")
            case .tooLong(let problem):
                throw ProtocolError(.invalidArgument, "gratitude_write: with the text added, \(problem)")
            case .saved(let saved):
                hub.publish(EventName.gratitudeSaved, data: saved)
                return saved
            }
        case .gratitudeShow(let day):
            let day = day ?? today
            return GratitudeShown(date: day, entry: try await reading { try await $0.entry(for: day) })
        case .gratitudeList(let since, let after, let limit):
            return GratitudeEntries(entries: try await reading { try await $0.entries(since: since, after: after, limit: limit) })
        case .gratitudeSearch(let words):
            return try await reading { try await $0.search(words: words) }
        case .gratitudeExport(let after, let limit):
            return GratitudeEntries(entries: try await reading { try await $0.entries(since: nil, after: after, limit: limit) })
        case .gratitudeImport(let entries, let stage, let last):
            // The parser checked each entry and the days' repeats; the days after today are refused here, where
            // today is known, before anything is stored (the store imports the rest in one transaction).
            if let late = entries.enumerated().first(where: { $0.element.date > today }),
               let problem = DiaryImport.futureProblem(late.element.date, today: today) {
                throw ProtocolError(.invalidArgument, "gratitude_import: entry \(late.offset + 1): \(problem)")
            }
            var whole = entries
            if let stage {
                guard let all = try await staging.add(entries, to: stage, last: last, now: now) else {
                    return GratitudeImported(staged: await staging.count(stage))
                }
                whole = all
            }
            let imported = try await storing("the entries could not be imported") { [whole] in try await $0.importEntries(whole) }
            logger.info("life: imported gratitude entries (\(imported.added) added, \(imported.replaced) replaced)")
            hub.publish(EventName.gratitudeImported, data: imported)
            return imported
        case .gratitudeRemind(.show):
            return await skippingWritten(await scheduler.reminderInfo())
        case .gratitudeRemind(.set(let time)):
            return await skippingWritten(try await scheduler.setReminder(time))
        case .gratitudeRemind(.off):
            return try await scheduler.setReminder(nil)
        }
    }

    /// The reminder as it will come: when the day of its next trigger has its entry already, that day is passed
    /// over (`remind` would say nothing) and the one after is said.
    private func skippingWritten(_ reminder: GratitudeReminder) async -> GratitudeReminder {
        guard let next = reminder.next, (try? await store.entry(for: next.localDate)) != nil else { return reminder }
        return GratitudeReminder(time: reminder.time, next: await scheduler.reminderTrigger(after: next.unix),
                                 skipped: next.localDate)
    }

    /// The reminder came due for `day`: when the day has no entry, the `gratitude_reminder` event goes out and
    /// true is returned (the desktop then shows a notification). A store that cannot be read reminds anyway.
    public func remind(_ day: LocalDate) async -> Bool {
        if (try? await store.entry(for: day)) != nil {
            logger.info("life: the gratitude reminder came due; the day has its entry")
            return false
        }
        logger.info("life: the gratitude reminder came due; the day has no entry yet")
        hub.publish(EventName.gratitudeReminder, data: GratitudeReminderDue(date: day))
        return true
    }

    private func show(today: LocalDate) async throws(ProtocolError) -> LifeInfo {
        let (life, bonus, last) = try await reading { store in
            (try await store.life(), try await store.bonusMinutes(on: today), try await store.lastEntry())
        }
        return LifeInfo(birth: life?.birth, years: life?.years ?? Limits.defaultLifeYears, today: today,
                        figures: try? life?.figures(today: today), bonusMinutes: bonus, lastEntry: last)
    }

    private func habitDay(_ day: LocalDate, before: Int64?, limit: Int) async throws(ProtocolError) -> HabitDay {
        let read = try await reading { try await $0.tapDay(day, before: before, latest: limit) }
        return HabitDay(date: day, bonusMinutes: read.bonusMinutes, tapCount: read.tapCount, habits: read.habits, taps: read.latest)
    }

    private func tapped(_ tap: HabitTap, undone: Bool) async throws(ProtocolError) -> HabitTapped {
        let report = HabitTapped(tap: tap, undone: undone, bonusMinutes: try await reading { try await $0.bonusMinutes(on: tap.day) })
        hub.publish(EventName.habitTapped, data: report)
        return report
    }

    /// Every habit after an add or a remove, for a page showing the list (`habits`, as `mixes` is for mixes). A
    /// list that cannot be read then is not published: the change itself stands, and its reply says so.
    private func publishHabits() async {
        guard let habits = try? await reading({ try await $0.habits() }) else { return }
        hub.publish(EventName.habits, data: HabitList(habits: habits))
    }

    private func unknownHabit(_ name: String, command: String) async throws(ProtocolError) -> ProtocolError {
        let known = try await reading { try await $0.habits() }.map(\.name)
        let list = known.isEmpty ? "there are none yet (noisectl habit add NAME --minutes N)" : "habits: " + known.joined(separator: ", ")
        return ProtocolError(.unknownHabit, "\(command): no habit is named \"\(name.prefix(40))\"; \(list)")
    }

    /// A change, through the scheduler's `StoreChanges` (one behaviour for every refusal: logged, shown in
    /// `status`, `storage_failed` with nothing changed); a `ProtocolError` from the change is its own.
    private func storing<T: Sendable>(_ failure: String, _ write: @Sendable (LifeStore) async throws -> T)
        async throws(ProtocolError) -> T {
        try await scheduler.storeChanges.change(failure) { [store] in try await write(store) }
    }

    private func reading<T: Sendable>(_ read: @Sendable (LifeStore) async throws -> T) async throws(ProtocolError) -> T {
        try await scheduler.storeChanges.read("the store") { [store] in try await read(store) }
    }
}
