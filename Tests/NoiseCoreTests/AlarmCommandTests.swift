import Testing

@testable import NoiseAlarms
@testable import NoiseCore
@testable import NoiseProtocol
@testable import NoiseTime

@Suite("Alarm commands")
struct AlarmCommandTests {
    func decode(_ text: String) -> Result<Request, RequestDecoder.Failure> {
        RequestDecoder.decode(Array(text.utf8))
    }

    @Test func addCarriesEverySetting() throws {
        let request = try decode(
            #"{"id":1,"cmd":"alarm_add","args":{"time":"7:30pm","repeat":"mon-fri","label":"Work","sound":"chime","volume":60,"ramp_seconds":90,"snooze_minutes":5,"ring_limit_seconds":300,"note":"keys","enabled":false}}"#
        ).get()
        #expect(
            request.command
                == Commands.AlarmAdd(
                    AlarmChanges(
                        time: TimeOfDay(hour: 19, minute: 30), enabled: false, label: "Work", repeat: .weekdays,
                        sound: "chime", volume: 60,
                        rampSeconds: 90, snoozeMinutes: 5, ringLimitSeconds: 300, note: "keys")))
    }

    @Test func everyAlarmCommandDecodes() throws {
        #expect(
            try decode(#"{"cmd":"alarm_edit","args":{"id":3,"time":"06:45"}}"#).get().command
                == Commands.AlarmEdit(id: 3, AlarmChanges(time: TimeOfDay(hour: 6, minute: 45))))
        #expect(try decode(#"{"cmd":"alarm_enable","args":{"id":3}}"#).get().command == Commands.AlarmEnable(id: 3))
        #expect(try decode(#"{"cmd":"alarm_disable","args":{"id":3}}"#).get().command == Commands.AlarmDisable(id: 3))
        #expect(try decode(#"{"cmd":"alarm_skip","args":{"id":3}}"#).get().command == Commands.AlarmSkip(id: 3))
        #expect(
            try decode(#"{"cmd":"alarm_skip","args":{"id":3,"undo":true}}"#).get().command
                == Commands.AlarmSkip(id: 3, undo: true))
        #expect(try decode(#"{"cmd":"alarm_skip","args":{"next":true}}"#).get().command == Commands.AlarmSkip(.next))
        #expect(try decode(#"{"cmd":"alarm_test","args":{"id":3}}"#).get().command == Commands.AlarmTest(id: 3))
        #expect(
            try decode(#"{"cmd":"alarm_pause","args":{"id":3,"until":"2027-01-04"}}"#).get().command
                == Commands.AlarmPause(id: 3, .until(try LocalDate.parse("2027-01-04"))))
        #expect(
            try decode(#"{"cmd":"alarm_pause","args":{"id":3,"undo":true}}"#).get().command
                == Commands.AlarmPause(id: 3, .undo))
        #expect(try decode(#"{"cmd":"alarm_remove","args":{"id":3}}"#).get().command == Commands.AlarmRemove(id: 3))
        #expect(
            try decode(#"{"cmd":"alarm_remove","args":{"ids":[3,4,3]}}"#).get().command
                == Commands.AlarmRemove(ids: [3, 4]))
        #expect(
            try decode(#"{"cmd":"alarm_list"}"#).get().command
                == Commands.AlarmList(offset: 0, limit: Limits.maxListPage))
        #expect(
            try decode(#"{"cmd":"snooze","args":{"minutes":5}}"#).get().command == Commands.Snooze(minutes: 5, id: nil))
        #expect(try decode(#"{"cmd":"snooze"}"#).get().command == Commands.Snooze(minutes: nil, id: nil))
        #expect(try decode(#"{"cmd":"snooze","args":{"id":4}}"#).get().command == Commands.Snooze(minutes: nil, id: 4))
        #expect(try decode(#"{"cmd":"dismiss"}"#).get().command == Commands.Dismiss(id: nil))
        #expect(try decode(#"{"cmd":"dismiss","args":{"id":9}}"#).get().command == Commands.Dismiss(id: 9))
        #expect(
            try decode(#"{"cmd":"preview","args":{"sound":"beep","for":2}}"#).get().command
                == Commands.Preview(sound: "beep", for: 2, volume: nil))
    }

    @Test(arguments: [
        (#"{"cmd":"alarm_add","args":{}}"#, "needs 'time'"),
        (#"{"cmd":"alarm_edit","args":{"id":3}}"#, "needs something to change besides 'id'; accepted: time,"),
        (#"{"cmd":"dismiss","args":{"id":0}}"#, "an alarm id"),
        (#"{"cmd":"alarm_add","args":{"time":"25:00"}}"#, "hours are 0 to 23"),
        (#"{"cmd":"alarm_add","args":{"time":7}}"#, "'time' must be a string"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","repeat":"funday"}}"#, "'funday' is not a day"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","snooze_minutes":0}}"#, "from 1 to 60 minutes, got 0"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","snooze_minutes":1.5}}"#, "whole number"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","volume":"loud"}}"#, "'volume' must be a number from 0 to 100"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","ramp_seconds":601}}"#, "'ramp_seconds'"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","ring_limit_seconds":5}}"#, "'ring_limit_seconds'"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","label":"a\u0007b"}}"#, "control characters"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","vibrate":true}}"#, "no argument 'vibrate'"),
        (#"{"cmd":"alarm_edit","args":{"time":"07:00"}}"#, "needs 'id'"),
        (#"{"cmd":"alarm_show","args":{"id":-1}}"#, "an alarm id"),
        (#"{"cmd":"alarm_show","args":{"id":"3"}}"#, "an alarm id"),
        (#"{"cmd":"snooze","args":{"minutes":61}}"#, "from 1 to 60"),
        (#"{"cmd":"preview","args":{}}"#, "needs 'sound'"),
        (#"{"cmd":"alarm_add","args":{"time":"07:00","enabled":"yes"}}"#, "true or false"),
        (#"{"cmd":"alarm_skip","args":{}}"#, "alarm_skip needs 'id', an alarm id"),
        (#"{"cmd":"alarm_skip","args":{"id":0}}"#, "an alarm id"),
        (#"{"cmd":"alarm_skip","args":{"id":3,"undo":"yes"}}"#, "'undo' must be true or false"),
        (#"{"cmd":"alarm_skip","args":{"id":3,"until":"2026-12-08"}}"#, "no argument 'until'"),
        (#"{"cmd":"alarm_skip","args":{"id":3,"next":true}}"#, "give 'id' or 'next': true, not both"),
        (#"{"cmd":"alarm_skip","args":{"next":true,"undo":true}}"#, "'undo' takes one alarm's skip back"),
        (#"{"cmd":"alarm_skip","args":{"next":false}}"#, "or 'next': true for the repeating alarm that rings next"),
        (#"{"cmd":"alarm_skip","args":{"next":"yes"}}"#, "'next' must be true or false"),
        (#"{"cmd":"alarm_pause","args":{"id":3}}"#, "alarm_pause needs 'until', a date (YYYY-MM-DD), or 'undo': true"),
        (#"{"cmd":"alarm_pause","args":{"id":3,"until":"4 Jan"}}"#, "'until' '4 Jan' is not a date"),
        (#"{"cmd":"alarm_pause","args":{"id":3,"until":"2027-02-30"}}"#, "February 2027 has days 01 to 28"),
        (#"{"cmd":"alarm_pause","args":{"id":3,"until":"2027-01-04","undo":true}}"#, "give one"),
        (#"{"cmd":"alarm_pause","args":{"until":"2027-01-04"}}"#, "alarm_pause needs 'id'"),
        (#"{"cmd":"alarm_test","args":{}}"#, "alarm_test needs 'id', an alarm id"),
        (#"{"cmd":"alarm_test","args":{"id":-1}}"#, "an alarm id"),
        (#"{"cmd":"alarm_test","args":{"id":3,"seconds":5}}"#, "no argument 'seconds'"),
    ])
    func badArgumentsSayWhatIsAccepted(_ text: String, _ expected: String) {
        guard case .failure(let failure) = decode(text) else { Issue.record("accepted \(text)"); return }
        #expect(failure.error.code == .invalidArgument)
        #expect(failure.error.message.contains(expected), "\(failure.error.message)")
    }

    @Test func changesApplyOnlyWhatTheyName() throws {
        let alarm = Alarm(id: 4, time: TimeOfDay(hour: 7, minute: 0), label: "Work", note: "keys")
        let edited = try AlarmChanges(time: TimeOfDay(hour: 8, minute: 0), note: "").applied(to: alarm)
        #expect(edited.time == TimeOfDay(hour: 8, minute: 0))
        #expect(edited.label == "Work")
        #expect(edited.note == nil, "an empty note removes the note")
        #expect(try AlarmChanges(label: "x").newAlarm(id: 1) == nil, "a new alarm needs a time")
    }

    @Test func alarmsEncodeTheirTimeAndRepeatAsText() throws {
        let alarm = Alarm(id: 2, time: TimeOfDay(hour: 6, minute: 5, second: 30), repeat: .weekends)
        let text = String(decoding: try JSONCoding.line(alarm), as: UTF8.self)
        #expect(text.contains(#""time":"06:05:30""#))
        #expect(text.contains(#""repeat":"weekends""#))
        #expect(try JSONCoding.decode(Alarm.self, from: Array(text.utf8)) == alarm)
    }
}
