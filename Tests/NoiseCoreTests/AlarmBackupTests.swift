import Foundation
import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseProtocol

/// `alarm export`'s file and `alarm import` of it: every field back as it was, a newer or malformed file refused whole.
@Suite("Alarm export and import")
struct AlarmBackupTests {
    /// An alarm of each kind with every field away from its default.
    static let alarms = [
        Alarm(
            id: 3, time: TimeOfDay(hour: 6, minute: 45, second: 30), enabled: false, label: "Work", repeat: .weekdays,
            sound: "chime", volume: 62.5, rampSeconds: 90, snoozeMinutes: 7, ringLimitSeconds: 300, note: "keys"),
        Alarm(
            id: 8,
            rule: .marsClock(
                TimeOfDay(hour: 7, minute: 0), MarsAlarmClock(lonEastDeg: -184.702, solar: true),
                everySol: true), note: nil),
        Alarm(
            id: 9,
            rule: .marsClock(
                TimeOfDay(hour: 9, minute: 30), try! MarsAlarmClock.at(site: "jezero", solar: false),
                everySol: false)),
        Alarm(
            id: 12,
            rule: .satellitePass(PassAlarm(satellite: 25544, visibleOnly: true, minElevationDeg: 25, leadSeconds: 120)),
            label: "ISS"),
    ]

    static func file(_ entries: [String]) -> [UInt8] {
        Array(#"{"format":"noiseclock-alarms","version":1,"alarms":["#.utf8)
            + Array(entries.joined(separator: ",").utf8) + Array("]}".utf8)
    }

    @Test func everyFieldComesBackAndTheEntryIsTheSame() throws {
        let entries: [UInt8] = Array(Self.alarms.map(AlarmBackup.entry).joined(separator: Array(",\n".utf8)))
        let bytes = AlarmBackup.head + entries + AlarmBackup.tail
        let report = LegacyAlarmImport.parse(bytes)
        #expect(report.skipped.isEmpty && report.whole && report.sources == [0, 1, 2, 3])
        for (changes, alarm) in zip(report.alarms, Self.alarms) {
            var expected = alarm
            expected.id = 0
            #expect(try changes.newAlarm(id: 0) == expected)
            #expect(try changes.newAlarm(id: 0).map(AlarmBackup.entry) == AlarmBackup.entry(alarm))
        }
        #expect(!String(decoding: AlarmBackup.entry(Self.alarms[0]), as: UTF8.self).contains("\"id\""))
    }

    /// What `alarm import` sends is what `alarm_add` reads back: the Mars clock by site or longitude, the pass settings.
    @Test func theSettingsGoOverTheWireWhole() throws {
        for alarm in Self.alarms {
            let changes = AlarmChanges(restoring: alarm)
            let args = String(decoding: try JSONCoding.line(changes), as: UTF8.self)
            let request = try RequestDecoder.decode(Array(#"{"cmd":"alarm_add","args":\#(args)}"#.utf8)).get()
            #expect(request.command == Commands.AlarmAdd(changes), "\(args)")
        }
    }

    @Test func aTimerIsNotKept() {
        #expect(
            !AlarmBackup.keeps(Alarm(id: 1, rule: .instant(1_800_000_000, localTime: TimeOfDay(hour: 7, minute: 0)))))
        #expect(AlarmBackup.keeps(Self.alarms[0]))
    }

    @Test(arguments: [
        (
            #"{"format":"noiseclock-alarms","version":2,"alarms":[]}"#,
            "the export is version 2; this noisectl reads version 1: update noisectl to import it"
        ),
        (
            #"{"format":"other","version":1,"alarms":[]}"#,
            "the file is an object but not an alarm export: its 'format' is 'other', not 'noiseclock-alarms' (or give the iPhone app's array of alarms)"
        ),
        (
            #"{"format":"noiseclock-alarms","alarms":[]}"#,
            "the export's 'version' must be a whole number from 1, not missing"
        ),
        (
            #"{"format":"noiseclock-alarms","version":1.5,"alarms":[]}"#,
            "the export's 'version' must be a whole number from 1, not 1.5"
        ),
        (#"{"format":"noiseclock-alarms","version":1}"#, "the export's 'alarms' must be a list of alarms, not missing"),
        (
            #"{"format":"noiseclock-alarms","version":1,"alarms":[],"more":1}"#,
            "the export has a field 'more' that version 1 does not have"
        ),
    ])
    func aWrongFileIsRefusedWhole(_ text: String, _ reason: String) {
        let report = LegacyAlarmImport.parse(Array(text.utf8))
        #expect(report.alarms.isEmpty)
        #expect(report.skipped == [LegacyAlarmImport.Skipped(index: nil, reason: reason)])
    }

    @Test func oneBadEntryRefusesTheFileWhole() {
        let good = String(decoding: AlarmBackup.entry(Self.alarms[0]), as: UTF8.self)
        for (entry, reason) in [
            ("7", "entry 1: not an alarm object but a number"),
            (good.replacingOccurrences(of: "\"volume\":62.5", with: "\"volume\":\"loud\""), "entry 1: 'volume': "),
            (good.replacingOccurrences(of: "\"label\":\"Work\",", with: ""), "entry 1: 'label': missing"),
            (
                good.replacingOccurrences(of: "\"volume\":62.5", with: "\"volume\":120"),
                "entry 1: volume must be 0 to 100, got 120"
            ),
            (
                good.replacingOccurrences(of: "\"label\"", with: "\"colour\":1,\"label\""),
                "entry 1: 'colour' is not a field of an alarm"
            ),
        ] {
            let report = LegacyAlarmImport.parse(Self.file([good, entry]))
            #expect(report.alarms.isEmpty, "\(entry)")
            #expect(
                report.skipped.count == 1 && report.skipped[0].index == nil
                    && report.skipped[0].reason.hasPrefix(reason),
                "\(report.skipped)")
        }
    }

    /// The file's own refusal has no entry: its index is written as null, not as a made-up position.
    @Test func aRefusalOfTheWholeFileHasANullIndex() throws {
        let whole = LegacyAlarmImport.Skipped(index: nil, reason: "the file is empty")
        let entry = LegacyAlarmImport.Skipped(index: 4, reason: "no time")
        #expect(
            String(decoding: try JSONCoding.line(whole), as: UTF8.self)
                == #"{"index":null,"reason":"the file is empty"}"#)
        #expect(String(decoding: try JSONCoding.line(entry), as: UTF8.self) == #"{"index":4,"reason":"no time"}"#)
    }
}
