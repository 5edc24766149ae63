import ArgumentParser
import NoiseClient
import NoiseCore
import NoiseProtocol

extension AlarmCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the alarms in the order they sound (details: alarm show ID).")

        @OptionGroup var options: ClientOptions

        func run() throws {
            // A page at a time, printed as it comes: memory does not grow with the number of alarms.
            try options.withDaemon { connection throws(ClientFailure) in
                if options.json { return try Self.printJSON(connection) }
                // A store that refuses changes (damaged, read-only) is said first: the list may lack alarms.
                let problem = try connection.call(Commands.Status()).alarms?.storeProblem
                if let problem { Output.line("Store problem: \(problem)\n") }
                let now = LocalTime.nowSeconds()
                var widths: [Int] = []
                var listed = 0
                try connection.forEachAlarmPage { alarms in
                    let rows = alarms.map { info in
                        [
                            String(info.alarm.id), AlarmText.shortTime(info),
                            info.alarm.isTimer ? "timer" : AlarmText.repeatText(info.alarm.rule),
                            VisibleText.terminal(
                                info.alarm.label
                                    + (info.alarm.note.map { (info.alarm.label.isEmpty ? "" : " ") + "(\($0))" } ?? "")),
                            info.alarm.sound, info.alarm.enabled ? "yes" : "no",
                            AlarmText.next(info, now: now, withPass: false),
                        ]
                    }
                    let header = listed == 0 ? [["ID", "TIME", "REPEAT", "LABEL", "SOUND", "ON", "NEXT"]] : []
                    if !rows.isEmpty { Output.table(header + rows, widths: &widths).forEach(Output.line) }
                    listed += rows.count
                }
                if listed == 0 {
                    Output.line(
                        problem == nil
                            ? "No alarms. Add one: noisectl alarm add 07:00 --repeat weekdays"
                            : "No alarms could be read.")
                }
            }
        }

        /// `alarm_list`'s object, `{"alarms": [...]}`, with every page's alarms in its one array, an alarm a line.
        private static func printJSON(_ connection: DaemonConnection) throws(ClientFailure) {
            Output.line(#"{"alarms":["#)
            var first = true
            try connection.forEachAlarmPage { alarms in
                for info in alarms {
                    guard let bytes = try? JSONCoding.line(info) else { continue }
                    Output.line((first ? "" : ",") + String(decoding: bytes, as: UTF8.self))
                    first = false
                }
            }
            Output.line("]}")
        }
    }
}
