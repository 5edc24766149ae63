import NoiseCore

@testable import NoiseAlarms

/// What the scripted user does when alarms start ringing: nothing (they ring out), or snooze or dismiss after
/// some seconds. A snooze or a dismiss answers every alarm ringing then, as `noisectl` does.
enum Response: Sendable, Equatable {
    case ignore
    case snooze(after: Int64, minutes: Int?)
    case dismiss(after: Int64)
}

/// One alarm of the soak, and how the user answers it: by the local day of the window (0...29) and the step of
/// the ring (0 for the trigger, 1 for the first snooze's ring...).
struct SoakAlarm: Sendable {
    var label: String
    var time: TimeOfDay
    /// Empty: once.
    var days: [Weekday]
    var snoozeMinutes: Int
    var ringLimitSeconds: Int64
    var answer: @Sendable (_ day: Int, _ step: Int) -> Response

    var changes: AlarmChanges {
        AlarmChanges(
            time: time, label: label, repeat: RepeatRule(days), snoozeMinutes: snoozeMinutes,
            ringLimitSeconds: Double(ringLimitSeconds))
    }
}

/// A change the soak makes at a local time: the alarms as the user edits them, and daemon restarts.
enum ScriptStep: Sendable {
    case add(SoakAlarm)
    case setEnabled(label: String, Bool)
    case edit(label: String, time: TimeOfDay, snoozeMinutes: Int)
    case remove(label: String)
    /// The daemon stops at the step's time and starts again `downSeconds` later (0: at once).
    case restart(downSeconds: Int64)
}

struct TimedStep: Sendable {
    /// Local day of the window, 0...29, and local wall time.
    var day: Int
    var time: TimeOfDay
    var step: ScriptStep
}

/// The month of alarms: several alarms with weekday, daily, weekend and once rules, two of them at night in the
/// hours a DST change repeats or skips, one just before midnight whose snooze rings on the next day; a user who
/// snoozes some rings once or twice, dismisses others and lets some ring out; a week's pause of one alarm, an
/// edit, a removal, a once alarm enabled again; and five restarts (quiet, while a snoozed alarm rings again,
/// while a trigger rings, down for two hours over three triggers, down for five minutes over one).
enum SoakScenario {
    static func hms(_ hour: Int, _ minute: Int, _ second: Int = 0) -> TimeOfDay {
        TimeOfDay(hour: hour, minute: minute, second: second)
    }

    static let weekdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]

    static let alarms: [SoakAlarm] = [
        SoakAlarm(label: "work", time: hms(6, 30), days: weekdays, snoozeMinutes: 9, ringLimitSeconds: 600) {
            day, step in
            switch (day % 3, step) {
            case (0, 0): .snooze(after: 20, minutes: nil)
            case (0, 1): .snooze(after: 40, minutes: nil)
            case (0, _): .dismiss(after: 15)
            case (1, _): .dismiss(after: 45)
            case (_, 0): .snooze(after: 30, minutes: 3)
            default: .dismiss(after: 10)
            }
        },
        SoakAlarm(
            label: "daily", time: hms(7, 15), days: Weekday.allCases, snoozeMinutes: 5,
            ringLimitSeconds: 300
        ) { day, step in
            switch (day % 4, step) {
            case (0, _): .ignore
            case (1, 0): .snooze(after: 25, minutes: nil)
            case (1, _): .ignore
            case (2, _): .dismiss(after: 20)
            case (_, 0), (_, 1): .snooze(after: 10, minutes: nil)
            default: .dismiss(after: 10)
            }
        },
        SoakAlarm(
            label: "gym", time: hms(7, 15), days: [.monday, .wednesday, .friday], snoozeMinutes: 10,
            ringLimitSeconds: 600
        ) { _, step in
            step == 0 ? .snooze(after: 35, minutes: nil) : .dismiss(after: 7)
        },
        SoakAlarm(
            label: "weekend", time: hms(9, 0), days: [.saturday, .sunday], snoozeMinutes: 15,
            ringLimitSeconds: 900
        ) { _, step in
            step == 0 ? .snooze(after: 60, minutes: nil) : .dismiss(after: 30)
        },
        // 01:30 happens twice when New York falls back; 02:30 twice when Berlin falls back, and not at all when
        // either springs forward (it rings at 03:30 then).
        SoakAlarm(
            label: "night-a", time: hms(1, 30), days: Weekday.allCases, snoozeMinutes: 9,
            ringLimitSeconds: 600
        ) { day, step in
            day % 2 == 0 && step == 0 ? .snooze(after: 15, minutes: nil) : .dismiss(after: 10)
        },
        SoakAlarm(
            label: "night-b", time: hms(2, 30), days: [.monday, .wednesday, .friday, .saturday, .sunday],
            snoozeMinutes: 9, ringLimitSeconds: 600
        ) { _, _ in .dismiss(after: 15) },
        SoakAlarm(label: "noon", time: hms(12, 0), days: [], snoozeMinutes: 9, ringLimitSeconds: 600) { _, step in
            step == 0 ? .snooze(after: 20, minutes: nil) : .dismiss(after: 20)
        },
        SoakAlarm(
            label: "late", time: hms(23, 59, 30), days: Weekday.allCases, snoozeMinutes: 5,
            ringLimitSeconds: 120
        ) { _, step in
            step == 0 ? .snooze(after: 10, minutes: nil) : .dismiss(after: 10)
        },
    ]

    static let train = SoakAlarm(
        label: "train", time: hms(5, 50), days: [], snoozeMinutes: 9,
        ringLimitSeconds: 600
    ) { _, step in
        step < 2 ? .snooze(after: 5, minutes: nil) : .dismiss(after: 5)
    }

    static let steps: [TimedStep] = [
        TimedStep(day: 2, time: hms(10, 0), step: .setEnabled(label: "daily", false)),
        TimedStep(day: 5, time: hms(10, 0), step: .setEnabled(label: "daily", true)),
        TimedStep(day: 9, time: hms(13, 0), step: .edit(label: "work", time: hms(6, 45), snoozeMinutes: 7)),
        TimedStep(day: 11, time: hms(20, 0), step: .add(train)),
        TimedStep(day: 13, time: hms(3, 0), step: .restart(downSeconds: 0)),
        // The late alarm rang at 23:59:30, was snoozed at 23:59:40 and rings again from 00:04:40.
        TimedStep(day: 16, time: hms(0, 4, 45), step: .restart(downSeconds: 0)),
        // night-a rings from 01:30:00 (and on even days the user snoozes it at 01:30:15).
        TimedStep(day: 18, time: hms(1, 30, 5), step: .restart(downSeconds: 0)),
        TimedStep(day: 19, time: hms(9, 30), step: .setEnabled(label: "noon", true)),
        TimedStep(day: 21, time: hms(6, 0), step: .restart(downSeconds: 2 * 3600)),
        TimedStep(day: 24, time: hms(7, 14), step: .restart(downSeconds: 5 * 60)),
        TimedStep(day: 26, time: hms(12, 0), step: .remove(label: "weekend")),
        TimedStep(day: 27, time: hms(18, 0), step: .setEnabled(label: "night-a", false)),
        TimedStep(day: 28, time: hms(18, 0), step: .setEnabled(label: "night-a", true)),
    ]
}
