import Logging
import NoiseControl
import NoiseCore
import NoiseDaemon
import NoiseStore
import NoiseSystem
import NoiseTesting
import Testing

@testable import NoiseAlarms
@testable import NoiseTime

/// One zone's rules, whatever the system's zone is.
struct FixedZones: TimeZoneSource {
    let rules: ZoneRules
    func zone(named identifier: String) throws(ZoneRules.Failure) -> ZoneRules { rules }
    func systemZoneReading() -> (rules: ZoneRules, problem: String?) { (rules, nil) }
    func identifiers() -> [String] { [rules.identifier] }
}

/// Thirty days starting on a local date, in a zone that changes its offset in them.
struct SoakWindow: Sendable, CustomTestStringConvertible {
    var zone: String
    var year: Int
    var month: Int
    var day: Int
    var testDescription: String { "\(zone) from \(year)-\(month)-\(day)" }
}

/// Thirty days of alarms through the real scheduler actor in seconds: an injected wall clock that the test moves
/// from one deadline of the scheduler to the next, a real (in-memory) SQLite store, a ringer that records. The
/// rings to expect are worked out independently (`ExpectedMonth`, with Foundation's time zones), and every ring
/// is checked against them: none missed, none twice, each at its instant and for its trigger; so are the missed
/// alarms the store recorded and which alarms are on at the end.
///
/// Windows: 2026-10-12 to 11-11 holds Berlin's fall back (Oct 25) and New York's (Nov 1); 2027-03-05 to 04-04
/// holds New York's spring forward (Mar 14) and Berlin's (Mar 28). Each zone runs in both.
@Suite("Thirty days of alarms (scheduler actor, injected clock)")
struct ThirtyDaySoakTests {
    static let windows = [
        SoakWindow(zone: "America/New_York", year: 2026, month: 10, day: 12),
        SoakWindow(zone: "Europe/Berlin", year: 2026, month: 10, day: 12),
        SoakWindow(zone: "America/New_York", year: 2027, month: 3, day: 5),
        SoakWindow(zone: "Europe/Berlin", year: 2027, month: 3, day: 5),
    ]

    static func scheduler(
        database: NoiseDatabase, clock: ManualWallClock, ringer: SoakRinger,
        rules: ZoneRules
    ) async throws -> AlarmScheduler {
        try await AlarmScheduler(
            database: database, clock: clock, zones: FixedZones(rules: rules), ringer: ringer, hub: EventHub(),

            logger: Logger(label: "soak", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    @Test(arguments: windows)
    func aMonthOfAlarmsRingsEveryTimeOnTime(_ window: SoakWindow) async throws {
        let zone = try FoundationZone(window.zone)
        let firstDay = try zone.day(year: window.year, month: window.month, day: window.day)
        let start = zone.instant(day: firstDay, secondsOfDay: 300)
        let end = start + 30 * 86_400
        let changes = zone.transitions(from: start, to: end)
        try #require(changes.count == 1, "the window should hold one offset change of \(window.zone): \(changes)")
        let expected = try ExpectedMonth(
            zone: zone, start: start, end: end,
            graceSeconds: Int64(AlarmDefaults.missedGraceSeconds))

        let rules = try SystemTimeZoneSource(environment: [:]).zone(named: window.zone)
        let database = try NoiseDatabase.inMemory()
        let clock = ManualWallClock(now: Double(start))
        let ringer = SoakRinger(clock: clock)
        var scheduler = try await Self.scheduler(database: database, clock: clock, ringer: ringer, rules: rules)
        var loop = Task { [scheduler] in await scheduler.run() }
        await clock.parked(after: 0)
        var ids: [String: Int64] = [:]
        for spec in SoakScenario.alarms {
            let waits = clock.waitCount
            ids[spec.label] = try await scheduler.add(spec.changes).alarm.id
            await clock.parked(after: waits)
        }

        var failures: [String] = []
        var actions = expected.actions[...]
        var restarts = 0
        var wakes = 0
        while true {
            let deadline = try #require(clock.parkedDeadline, "the scheduler sleeps without a deadline")
            let nextAction = actions.first.map { Double($0.at) } ?? .infinity
            let target = min(deadline, nextAction)
            guard target < Double(end) else { break }
            if deadline <= nextAction {
                let waits = clock.waitCount
                clock.advance(to: target)
                await clock.parked(after: waits)
                wakes += 1
                continue
            }
            clock.advance(to: target)
            let action = actions.removeFirst()
            let waits = clock.waitCount
            do {
                switch action.act {
                case .snooze(let minutes):
                    _ = try await scheduler.snooze(minutes: minutes)
                case .dismiss:
                    _ = try await scheduler.dismiss()
                case .script(.add(let spec)):
                    ids[spec.label] = try await scheduler.add(spec.changes).alarm.id
                case .script(.setEnabled(let label, let on)):
                    _ = try await scheduler.edit(try #require(ids[label]), AlarmChanges(enabled: on))
                case .script(.edit(let label, let time, let snoozeMinutes)):
                    let changes = AlarmChanges(time: time, snoozeMinutes: snoozeMinutes)
                    _ = try await scheduler.edit(try #require(ids[label]), changes)
                case .script(.remove(let label)):
                    _ = try await scheduler.remove([try #require(ids[label])])
                case .script(.restart(let down)):
                    // The process ends (its loop with it); the store is what the next one starts from.
                    loop.cancel()
                    await loop.value
                    clock.advance(to: target + Double(down))
                    scheduler = try await Self.scheduler(database: database, clock: clock, ringer: ringer, rules: rules)
                    loop = Task { [scheduler] in await scheduler.run() }
                    restarts += 1
                }
            } catch {
                failures.append("\(action.act) at \(action.at) (\(zone.localDay(of: action.at) - firstDay)): \(error)")
                continue
            }
            await clock.parked(after: waits)
        }
        loop.cancel()
        await loop.value

        let got = await ringer.rings.sorted()
        let want = expected.rings.map {
            SoakRinger.Ring(alarmID: $0.alarmID, trigger: Double($0.trigger), at: Double($0.at))
        }.sorted()
        let firstDifference =
            (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
        let sameRings = got == want
        #expect(
            sameRings,
            """
            rings differ from #\(firstDifference): got \(got.dropFirst(firstDifference).prefix(4)), \
            want \(want.dropFirst(firstDifference).prefix(4)) (got \(got.count), want \(want.count))
            """)
        #expect(failures.isEmpty, "the user's and the script's actions: \(failures.prefix(5))")
        let missed = try await AlarmStore(database).missed(limit: 100_000).map {
            ExpectedMonth.Miss(alarmID: $0.alarmId, trigger: Int64(exactly: $0.trigger) ?? -1, reason: $0.reason)
        }
        let sameMisses = missed.sorted() == expected.misses.sorted()
        #expect(sameMisses, "missed alarms: got \(missed.sorted()), want \(expected.misses.sorted())")
        let onAtEnd = Dictionary(uniqueKeysWithValues: await scheduler.list().map { ($0.alarm.id, $0.alarm.enabled) })
        #expect(onAtEnd == expected.enabledAtEnd)

        let late = want.filter { $0.at != Double($0.trigger) }.count
        print(
            """
            soak \(window.testDescription): \(got.count) rings checked (want \(want.count); \
            \(expected.snoozeRings) after a snooze, \(late) late after a restart), \
            \(missed.count) missed recorded (want \(expected.misses.count)), \
            \(expected.actions.count) user and script actions, \(restarts) restarts, \(wakes) scheduler wake-ups; \
            offset change at \(changes[0])
            """)
    }
}
