import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// The alarm object on the wire (docs/protocol.md), byte for byte for each kind of alarm: clients, the web pages
/// and the end-to-end tests read these keys, whatever shape the model has inside.
@Suite("The alarm's JSON")
struct AlarmWireTests {
    static let cases: [(String, Alarm)] = [
        ("wall clock", Alarm(id: 1, time: TimeOfDay(hour: 7, minute: 30), label: "Work", repeat: .weekdays)),
        (
            "wall clock in a zone",
            Alarm(
                id: 2, time: TimeOfDay(hour: 6, minute: 0, second: 30), enabled: false,
                repeat: try! RepeatRule.parse("mon,wed,fri"), note: "take the train",
                zone: "Europe/Berlin", thenMix: "morning")
        ),
        (
            "date",
            Alarm(
                id: 3,
                rule: .onDate(
                    try! LocalDate(year: 2026, month: 12, day: 24), TimeOfDay(hour: 9, minute: 15),
                    zone: nil))
        ),
        (
            "date in a zone",
            Alarm(
                id: 4,
                rule: .onDate(
                    try! LocalDate(year: 2027, month: 1, day: 1),
                    TimeOfDay(hour: 23, minute: 59), zone: "America/New_York"))
        ),
        (
            "timer",
            Alarm(id: 5, rule: .instant(1_795_996_800, localTime: TimeOfDay(hour: 12, minute: 10)), label: "tea")
        ),
        (
            "Mars, every sol",
            Alarm(
                id: 6,
                rule: .marsClock(
                    TimeOfDay(hour: 8, minute: 0),
                    MarsAlarmClock(site: "jezero", lonEastDeg: 77.45), everySol: true))
        ),
        (
            "Mars, once",
            Alarm(
                id: 7,
                rule: .marsClock(
                    TimeOfDay(hour: 13, minute: 0),
                    MarsAlarmClock(lonEastDeg: -133.8, solar: true), everySol: false))
        ),
        (
            "pass",
            Alarm(
                id: 8,
                rule: .satellitePass(
                    PassAlarm(
                        satellite: 25544, visibleOnly: true, minElevationDeg: 20,
                        leadSeconds: 600)))
        ),
    ]

    /// What main encoded when `Alarm` kept its rule in loose fields (commit 446b630), pasted here.
    static let expected: [String: String] = [
        "wall clock":
            #"{"date":null,"enabled":true,"fires_at":null,"id":1,"label":"Work","mars":null,"note":null,"pass":null,"ramp_seconds":30,"repeat":"weekdays","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"07:30","volume":80,"zone":null}"#,
        "wall clock in a zone":
            #"{"date":null,"enabled":false,"fires_at":null,"id":2,"label":"","mars":null,"note":"take the train","pass":null,"ramp_seconds":30,"repeat":"mon,wed,fri","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":"morning","time":"06:00:30","volume":80,"zone":"Europe/Berlin"}"#,
        "date":
            #"{"date":"2026-12-24","enabled":true,"fires_at":null,"id":3,"label":"","mars":null,"note":null,"pass":null,"ramp_seconds":30,"repeat":"once","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"09:15","volume":80,"zone":null}"#,
        "date in a zone":
            #"{"date":"2027-01-01","enabled":true,"fires_at":null,"id":4,"label":"","mars":null,"note":null,"pass":null,"ramp_seconds":30,"repeat":"once","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"23:59","volume":80,"zone":"America/New_York"}"#,
        "timer":
            #"{"date":null,"enabled":true,"fires_at":1795996800,"id":5,"label":"tea","mars":null,"note":null,"pass":null,"ramp_seconds":30,"repeat":"once","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"12:10","volume":80,"zone":null}"#,
        "Mars, every sol":
            #"{"date":null,"enabled":true,"fires_at":null,"id":6,"label":"","mars":{"lon_east_deg":77.45,"site":"jezero","solar":false},"note":null,"pass":null,"ramp_seconds":30,"repeat":"daily","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"08:00","volume":80,"zone":null}"#,
        "Mars, once":
            #"{"date":null,"enabled":true,"fires_at":null,"id":7,"label":"","mars":{"lon_east_deg":226.2,"site":null,"solar":true},"note":null,"pass":null,"ramp_seconds":30,"repeat":"once","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"13:00","volume":80,"zone":null}"#,
        "pass":
            #"{"date":null,"enabled":true,"fires_at":null,"id":8,"label":"","mars":null,"note":null,"pass":{"lead_seconds":600,"min_elevation_deg":20,"satellite":25544,"visible_only":true},"ramp_seconds":30,"repeat":"daily","ring_limit_seconds":600,"snooze_minutes":9,"sound":"classic","then_mix":null,"time":"00:00","volume":80,"zone":null}"#,
    ]

    /// As before, with the dawn (schema v9), skipping holidays (v11) and the dawn's mix (v12) beside the other keys.
    @Test func eachKindIsWrittenAsBefore() throws {
        for (name, alarm) in Self.cases {
            let line = String(decoding: try JSONCoding.line(alarm), as: UTF8.self)
            #expect(line.contains(#","dawn_seconds":0,"enabled":"#), "\(name)")
            #expect(line.contains(#","skip_holidays":false,"snooze_minutes":"#), "\(name)")
            #expect(line.contains(#","dawn_mix":null,"dawn_seconds":"#), "\(name)")
            let before = line.replacing(#""dawn_seconds":0,"#, with: "").replacing(#""skip_holidays":false,"#, with: "")
                .replacing(#""dawn_mix":null,"#, with: "")
            #expect(before == Self.expected[name], "\(name)")
        }
    }

    /// An export from before dawns (no `dawn_seconds`) reads as an alarm with none.
    @Test func anAlarmWithoutADawnReadsAsNone() throws {
        let alarm = try JSONCoding.decode(Alarm.self, from: Array(Self.expected["wall clock"]!.utf8))
        #expect(alarm.dawnSeconds == 0 && alarm.label == "Work")
    }

    @Test func eachKindReadsBackTheSame() throws {
        for (name, alarm) in Self.cases {
            let line = try JSONCoding.line(alarm)
            #expect(try JSONCoding.decode(Alarm.self, from: line) == alarm, "\(name)")
        }
    }
}
