import Foundation
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseTime

/// The file the tests share with docs/alarms.md: one entry for each form and mistake the app's versions left.
private func fixture() throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/ios-alarms.json")
    return Array(try Data(contentsOf: url))
}

private func parse(_ json: String, zone: ZoneRules = .utc) -> LegacyAlarmImport.Report {
    LegacyAlarmImport.parse(Array(json.utf8), zone: zone)
}

/// The one alarm a single-entry file yields, or nil with the reason it was skipped recorded by the test.
private func alarm(_ entry: String, zone: ZoneRules = .utc) -> AlarmChanges? {
    parse("[\(entry)]", zone: zone).alarms.first
}

private func reason(_ entry: String) -> String? {
    parse("[\(entry)]").skipped.first?.reason
}

@Suite("Importing the iPhone app's alarms")
struct LegacyAlarmImportTests {
    @Test func theFixtureImportsWhatItCanAndSaysWhy() throws {
        let report = LegacyAlarmImport.parse(try fixture())
        #expect(report.sources == [0, 1, 2, 3, 5, 6])
        #expect(report.alarms.count == report.sources.count)
        #expect(report.skipped.map(\.index) == [4, 7, 8])
        #expect(report.skipped[0].reason == "time '25:00' is not a time of day (hours are 0 to 23)")
        #expect(report.skipped[1].reason == "not an object but a string")
        #expect(
            report.skipped[2].reason.hasPrefix("snoozeMinutes must be a whole number of minutes from 1 to 60, not 90"))
        #expect(
            report.notes == [
                "entry 5: sound 'Radar' is not one of ours; it rings with classic",
                "vibration is not imported (noised only rings): entries 0, 6",
            ])
    }

    @Test func aModernEntryKeepsEverySetting() throws {
        let report = LegacyAlarmImport.parse(try fixture())
        #expect(
            report.alarms[0]
                == AlarmChanges(
                    time: TimeOfDay(hour: 6, minute: 45), enabled: true, label: "Work", repeat: .weekdays,
                    sound: "digital",
                    volume: 70, snoozeMinutes: 10))
    }

    @Test func anOldEntryTakesTheDefaults() throws {
        let report = LegacyAlarmImport.parse(try fixture())
        #expect(
            report.alarms[1]
                == AlarmChanges(
                    time: TimeOfDay(hour: 8, minute: 30), enabled: false, label: "Dentist", repeat: .once,
                    sound: "classic",
                    volume: 80, snoozeMinutes: 9))
    }

    @Test func theOtherFormsOfTheFixture() throws {
        let alarms = LegacyAlarmImport.parse(try fixture()).alarms
        // The object time form, Monday, Wednesday, Friday in Apple's numbering.
        #expect(
            alarms[2]
                == AlarmChanges(
                    time: TimeOfDay(hour: 7, minute: 5), enabled: true, label: "Gym",
                    repeat: RepeatRule([.monday, .wednesday, .friday]),
                    sound: "wakeup", volume: 100, snoozeMinutes: 5))
        // The date form: the wall time written with the phone's offset.
        #expect(alarms[3].time == TimeOfDay(hour: 5, minute: 15))
        #expect(alarms[3].sound == "beep")
        #expect(alarms[3].repeat == .once)
        // Unknown sound: imported with the default. Every day in Apple's numbering is every day in ours.
        #expect(alarms[4].sound == "classic")
        #expect(alarms[4].repeat == .daily)
        #expect(alarms[4].volume == 25)
        // [1, 7] is Sunday and Saturday.
        #expect(alarms[5].repeat == .weekends)
        #expect(alarms[5].sound == "chime")
        #expect(alarms[5].volume == 33.3)
    }

    /// What `alarm import` sends as the args of `alarm_add`.
    @Test func encodesAsTheArgumentsOfAlarmAdd() throws {
        let first = LegacyAlarmImport.parse(try fixture()).alarms[0]
        let line = String(decoding: try JSONCoding.line(first), as: UTF8.self)
        #expect(
            line
                == #"{"enabled":true,"label":"Work","repeat":"weekdays","snooze_minutes":10,"sound":"digital","time":"06:45","volume":70}"#
        )
    }

    @Test(arguments: [
        ("Classic", "classic"), ("Digital Alarm", "digital"), ("digital alarm", "digital"), ("Digital", "digital"),
        ("BEEP", "beep"), ("Siren", "siren"), ("Chime", "chime"), ("Wake Up", "wakeup"), ("wake-up", "wakeup"),
        ("Radar", "classic"), ("", "classic"),
    ])
    func mapsSoundNames(_ name: String, _ id: String) {
        #expect(alarm(#"{"time": "07:00", "soundName": "\#(name)"}"#)?.sound == id)
    }

    @Test(arguments: [
        ([1], [Weekday.sunday]), ([2], [.monday]), ([7], [.saturday]), ([1, 1, 2], [.sunday, .monday]), ([], []),
    ])
    func convertsApplesWeekdays(_ apple: [Int], _ ours: [Weekday]) {
        let list = apple.map(String.init).joined(separator: ",")
        #expect(alarm(#"{"time": "07:00", "repeatWeekdays": [\#(list)]}"#)?.repeat == RepeatRule(ours))
    }

    @Test func aFileThatIsNotAnArrayIsRefusedAsAWhole() {
        for (text, expected) in [
            (
                #"{"alarms": []}"#,
                "the file is an object but not an alarm export: its 'format' is missing, not 'noiseclock-alarms' (or give the iPhone app's array of alarms)"
            ),
            ("7", "the file holds a number, not the array of alarms the app saves nor an alarm export"),
            ("[1, 2", "the file is not valid JSON"),
            ("", "the file is empty"),
            ("\n ", "the file is empty"),
            ("bplist00", "the file is not valid JSON"),
        ] {
            let report = parse(text)
            #expect(report.alarms.isEmpty)
            #expect(report.skipped == [LegacyAlarmImport.Skipped(index: nil, reason: expected)], "\(text)")
        }
        #expect(parse("[]") == LegacyAlarmImport.Report())
    }

    @Test func aDateInUTCIsReadOnTheClockOfTheZone() throws {
        let berlin = try zone("Europe/Berlin")
        // 05:30Z on a summer day is 07:30 in Berlin (CEST).
        let report = parse(#"[{"date": "2019-05-01T05:30:00Z"}]"#, zone: berlin)
        #expect(report.alarms.first?.time == TimeOfDay(hour: 7, minute: 30))
        #expect(
            report.notes == [
                "entry 0: date '2019-05-01T05:30:00Z' is in UTC; the alarm rings at its time in Europe/Berlin, 07:30"
            ])
        // In UTC nothing changes, and nothing needs saying.
        let utc = parse(#"[{"date": "2019-05-01T05:30:00Z"}]"#)
        #expect(utc.alarms.first?.time == TimeOfDay(hour: 5, minute: 30))
        #expect(utc.notes.isEmpty)
        // Any other offset is the phone's own: its wall time stays, whatever zone imports it.
        #expect(alarm(#"{"date": "2019-01-01T06:00:00-08:00"}"#, zone: berlin)?.time == TimeOfDay(hour: 6, minute: 0))
        #expect(alarm(#"{"date": "2019-01-01T06:00:00"}"#, zone: berlin)?.time == TimeOfDay(hour: 6, minute: 0))
    }

    @Test func timeWinsOverDateAndTheMinuteMayBeLeftOut() {
        #expect(
            alarm(#"{"time": "07:00", "date": "2019-05-01T09:30:00+02:00"}"#)?.time == TimeOfDay(hour: 7, minute: 0))
        #expect(alarm(#"{"time": null, "date": "2019-05-01T09:30:00+02:00"}"#)?.time == TimeOfDay(hour: 9, minute: 30))
        #expect(alarm(#"{"time": {"hour": 6}}"#)?.time == TimeOfDay(hour: 6, minute: 0))
        #expect(alarm(#"{"time": {"hour": 23, "minute": 59}}"#)?.time == TimeOfDay(hour: 23, minute: 59))
    }

    @Test(arguments: [
        (#"{"label": "no time"}"#, "it has no time (neither 'time' nor 'date')"),
        (#"{"time": 700}"#, #"time must be "HH:mm" or an object like {"hour": 7, "minute": 30}, not a number"#),
        (
            #"{"time": {"hour": 24, "minute": 0}}"#,
            #"time must be an object like {"hour": 7, "minute": 30} with hour 0 to 23 and minute 0 to 59"#
        ),
        (
            #"{"time": {"hour": 7, "minute": 60}}"#,
            #"time must be an object like {"hour": 7, "minute": 30} with hour 0 to 23 and minute 0 to 59"#
        ),
        (
            #"{"time": {"minute": 30}}"#,
            #"time must be an object like {"hour": 7, "minute": 30} with hour 0 to 23 and minute 0 to 59"#
        ),
        (
            #"{"time": {"hour": 7.5}}"#,
            #"time must be an object like {"hour": 7, "minute": 30} with hour 0 to 23 and minute 0 to 59"#
        ),
        (#"{"time": "7:60"}"#, "time '7:60' is not a time of day (minutes are 0 to 59)"),
        (#"{"date": "yesterday"}"#, "date 'yesterday' is not an ISO-8601 date and time like 2019-05-01T07:30:00+02:00"),
        (#"{"date": 578000000}"#, "date must be an ISO-8601 string, not a number"),
        (#"{"time": "07:00", "enabled": "yes"}"#, "enabled must be true or false, not 'yes'"),
        (#"{"time": "07:00", "label": 5}"#, "label must be a string, not 5"),
        (
            #"{"time": "07:00", "repeatWeekdays": [0]}"#,
            "repeatWeekdays must be a list of days from 1 (Sunday) to 7 (Saturday); it holds 0"
        ),
        (
            #"{"time": "07:00", "repeatWeekdays": [8]}"#,
            "repeatWeekdays must be a list of days from 1 (Sunday) to 7 (Saturday); it holds 8"
        ),
        (
            #"{"time": "07:00", "repeatWeekdays": ["mon"]}"#,
            "repeatWeekdays must be a list of days from 1 (Sunday) to 7 (Saturday); it holds 'mon'"
        ),
        (
            #"{"time": "07:00", "repeatWeekdays": "weekdays"}"#,
            "repeatWeekdays must be a list of days from 1 (Sunday) to 7 (Saturday), not a string"
        ),
        (#"{"time": "07:00", "soundName": 3}"#, "soundName must be a string, not 3"),
        (#"{"time": "07:00", "volume": 1.5}"#, "volume must be a number from 0.0 to 1.0, not 1.5"),
        (#"{"time": "07:00", "volume": -0.1}"#, "volume must be a number from 0.0 to 1.0, not -0.1"),
        (
            #"{"time": "07:00", "snoozeMinutes": 0}"#,
            "snoozeMinutes must be a whole number of minutes from 1 to 60, not 0"
        ),
        (
            #"{"time": "07:00", "snoozeMinutes": 61}"#,
            "snoozeMinutes must be a whole number of minutes from 1 to 60, not 61"
        ),
        (
            #"{"time": "07:00", "snoozeMinutes": 9.5}"#,
            "snoozeMinutes must be a whole number of minutes from 1 to 60, not 9.5"
        ),
        (#"{"time": "07:00", "label": "a\nb"}"#, "label must not contain control characters"),
        ("null", "not an object but null"),
        ("[]", "not an object but an array"),
    ])
    func skipsWithAReason(_ entry: String, _ expected: String) {
        #expect(reason(entry) == expected)
    }

    @Test func aLabelTooLongIsSkippedNotCut() {
        let label = String(repeating: "x", count: AlarmDefaults.maxLabelLength + 1)
        #expect(reason(#"{"time": "07:00", "label": "\#(label)"}"#) == "label is longer than 80 characters")
        #expect(
            alarm(#"{"time": "07:00", "label": "\#(label.dropLast())"}"#)?.label?.count == AlarmDefaults.maxLabelLength)
    }

    @Test func nullFieldsAndUnknownKeysMeanTheDefaults() {
        let changes = alarm(
            #"{"time": "07:00", "enabled": null, "label": null, "repeatWeekdays": null, "soundName": null, "#
                + #""volume": null, "snoozeMinutes": null, "vibration": null, "uuid": "5A1F", "bedtime": true}"#)
        #expect(
            changes
                == AlarmChanges(
                    time: TimeOfDay(hour: 7, minute: 0), enabled: true, label: "", repeat: .once,
                    sound: AlarmDefaults.sound,
                    volume: AlarmDefaults.volume, snoozeMinutes: AlarmDefaults.snoozeMinutes))
    }

    @Test func vibrationIsReportedOnceAndOnlyWhenItWasOn() {
        #expect(
            parse(#"[{"time": "07:00", "vibration": true}]"#).notes == [
                "vibration is not imported (noised only rings): entry 0"
            ])
        #expect(parse(#"[{"time": "07:00", "vibration": false}, {"time": "08:00"}]"#).notes.isEmpty)
        // A skipped entry's vibration is not worth a note.
        #expect(parse(#"[{"time": "25:00", "vibration": true}]"#).notes.isEmpty)
    }

    @Test func volumesAreScaledWithoutFloatingPointDust() {
        for (level, expected) in [(0.7, 70.0), (0.1, 10), (0.29, 29), (0.57, 57), (0, 0), (1, 100), (0.0049, 0.5)] {
            #expect(alarm(#"{"time": "07:00", "volume": \#(level)}"#)?.volume == expected, "\(level)")
        }
    }
}
