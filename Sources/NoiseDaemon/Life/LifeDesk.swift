import LifeCalendar
import Logging
import NoiseControl
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

    public init(
        store: LifeStore, scheduler: AlarmScheduler, clock: any WallClock, zones: any TimeZoneSource, hub: EventHub,
        logger: Logger
    ) {
        self.store = store
        self.scheduler = scheduler
        self.clock = clock
        self.zones = zones
        self.hub = hub
        self.logger = logger
    }

    /// Now on the wall clock, and today's date in the system zone.
    func moment() -> (now: Double, today: LocalDate) {
        let now = clock.now()
        return (now, LocalDate(unix: Int64(now.rounded(.down)), zone: zones.systemZone()))
    }

    /// The reminder as it will come: when the day of its next trigger has its entry already, that day is passed
    /// over (`remind` would say nothing) and the one after is said.
    func skippingWritten(_ reminder: GratitudeReminder) async -> GratitudeReminder {
        guard let next = reminder.next, (try? await store.entry(for: next.localDate)) != nil else { return reminder }
        return GratitudeReminder(
            time: reminder.time, next: await scheduler.reminderTrigger(after: next.unix),
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
        hub.publish(.gratitudeReminder(GratitudeReminderDue(date: day)))
        return true
    }

    func show(today: LocalDate) async throws(ProtocolError) -> LifeInfo {
        let (life, bonus, last) = try await reading { store in
            (try await store.life(), try await store.bonusMinutes(on: today), try await store.lastEntry())
        }
        return LifeInfo(
            birth: life?.birth, years: life?.years ?? LifeLimits.defaultLifeYears, today: today,
            figures: try? life?.figures(today: today), bonusMinutes: bonus, lastEntry: last)
    }

    func habitDay(_ day: LocalDate, before: Int64?, limit: Int) async throws(ProtocolError) -> HabitDay {
        let read = try await reading { try await $0.tapDay(day, before: before, latest: limit) }
        return HabitDay(
            date: day, bonusMinutes: read.bonusMinutes, tapCount: read.tapCount, habits: read.habits, taps: read.latest)
    }

    func tapped(_ tap: HabitTap, undone: Bool) async throws(ProtocolError) -> HabitTapped {
        let report = HabitTapped(
            tap: tap, undone: undone, bonusMinutes: try await reading { try await $0.bonusMinutes(on: tap.day) })
        hub.publish(.habitTapped(report))
        return report
    }

    /// Every habit after an add or a remove, for a page showing the list (`habits`, as `mixes` is for mixes). A
    /// list that cannot be read then is not published: the change itself stands, and its reply says so.
    func publishHabits() async {
        guard let habits = try? await reading({ try await $0.habits() }) else { return }
        hub.publish(.habits(HabitList(habits: habits)))
    }

    func unknownHabit(_ name: String, command: String) async throws(ProtocolError) -> ProtocolError {
        let known = try await reading { try await $0.habits() }.map(\.name)
        let list =
            known.isEmpty
            ? "there are none yet (noisectl habit add NAME --minutes N)" : "habits: " + known.joined(separator: ", ")
        return ProtocolError(.unknownHabit, "\(command): no habit is named \"\(name.prefix(40))\"; \(list)")
    }

    /// A change, through the scheduler's `StoreChanges` (one behaviour for every refusal: logged, shown in
    /// `status`, `storage_failed` with nothing changed); a `ProtocolError` from the change is its own.
    func storing<T: Sendable>(
        _ failure: String, _ write: @Sendable (LifeStore) async throws -> T
    )
        async throws(ProtocolError) -> T
    {
        try await scheduler.storeChanges.change(failure) { [store] in try await write(store) }
    }

    func reading<T: Sendable>(_ read: @Sendable (LifeStore) async throws -> T) async throws(ProtocolError) -> T {
        try await scheduler.storeChanges.read("the store") { [store] in try await read(store) }
    }
}
