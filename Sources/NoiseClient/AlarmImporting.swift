import NoiseAlarms
import NoiseCore
import NoiseProtocol

/// Adding the alarms of an import (an `alarm export` file's, or the iPhone app's) over a connection, each by its
/// own `alarm_add`: what a client does with `LegacyAlarmImport`'s report, whichever client reads the file.
public enum AlarmImporting {
    /// An entry not added because the same alarm is there already.
    public struct AlreadyThere: Sendable, Encodable {
        public var index: Int
        public var id: Int64
    }

    /// What makes two alarms the same for an import: time, days, label and sound; for an export's alarms
    /// (`whole`), every field, as the export writes them.
    struct Sameness: Hashable {
        var time: TimeOfDay?
        var days: RepeatRule
        var label: String
        var sound: String
        var entry: [UInt8]?

        init(_ changes: AlarmChanges, whole: Bool) {
            // Settings that make no alarm are the daemon's to refuse; until then they compare as sent.
            let alarm = whole ? (try? changes.newAlarm(id: 0)) ?? nil : nil
            let fields = alarm.map { AlarmRuleFields($0.rule) }
            (time, days, label, sound) = (
                fields?.time ?? changes.time, fields?.repeat ?? changes.repeat ?? .once,
                alarm?.label ?? changes.label ?? "", alarm?.sound ?? changes.sound ?? AlarmDefaults.sound
            )
            entry = alarm.map(AlarmBackup.entry)
        }

        init(_ alarm: Alarm, whole: Bool) {
            let fields = AlarmRuleFields(alarm.rule)
            (time, days, label, sound) = (fields.time, fields.repeat, alarm.label, alarm.sound)
            entry = whole ? AlarmBackup.entry(alarm) : nil
        }
    }

    /// Sends one `alarm_add` per alarm not there yet (`existing`, and those added before it). A refusal skips that
    /// entry; a lost daemon (or one that has no `alarm_add`) stops the import and the entries not sent are
    /// skipped, so the report still shows what went in.
    public static func add(
        _ report: LegacyAlarmImport.Report, over connection: DaemonConnection, existing: [AlarmInfo],
        imported: inout [Int64], alreadyThere: inout [AlreadyThere], skipped: inout [LegacyAlarmImport.Skipped]
    ) {
        // The ids of the alarms there, by what makes them the same, lowest first.
        var present = Dictionary(grouping: existing.map(\.alarm)) { Sameness($0, whole: report.whole) }.mapValues {
            $0.map(\.id).sorted()
        }
        for (position, (changes, index)) in zip(report.alarms, report.sources).enumerated() {
            let sameness = Sameness(changes, whole: report.whole)
            if let id = present[sameness]?.first {
                // An export's copies are alarms each (`alarm duplicate` makes them): one there stands for one entry.
                if report.whole { present[sameness]?.removeFirst() }
                alreadyThere.append(AlreadyThere(index: index, id: id))
                continue
            }
            do throws(ClientFailure) {
                imported.append(try connection.call(Commands.AlarmAdd(changes)).alarm.id)
                // The app's file may hold an alarm twice; the second is the first again, not added.
                if !report.whole { present[sameness] = [imported[imported.count - 1]] }
            } catch let failure where failure.isUnreachable || failure.code == .unknownCommand {
                // The entry in flight may have been added before the connection broke; the rest were not sent.
                let inFlight = failure.isUnreachable ? "no answer (see 'noisectl alarm list')" : "refused"
                skipped.append(.init(index: index, reason: "\(inFlight): \(failure.message)"))
                let reason = "not sent: \(failure.message)"
                skipped += report.sources[(position + 1)...].map { .init(index: $0, reason: reason) }
                return
            } catch {
                skipped.append(.init(index: index, reason: "the daemon refused it: \(error.message)"))
            }
        }
    }
}
