import LifeCalendar
import NoiseCore
import NoiseTime

/// The `life_*`, `habit_*` and `gratitude_*` commands' arguments.
enum LifeCommandParser {
    static func parse(name: String, args: [String: JSONValue]) throws(ProtocolError) -> LifeCommand? {
        switch name {
        case "life_show", "habit_list", "habit_undo":
            _ = try ArgumentReader(command: name, args: args, accepted: [])
            return ["life_show": .show, "habit_list": .habitList, "habit_undo": .habitUndo][name]
        case "life_set":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["birth", "years"])
            let birth = try date(reader, "birth", required: true)!
            let years = try reader.integer("years", in: Limits.lifeYears, unit: "years") ?? Limits.defaultLifeYears
            return .set(birth: birth, years: years)
        case "habit_add":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["name", "minutes"])
            let habit = try habitName(reader)
            guard let minutes = try reader.integer("minutes", in: Limits.habitMinutes, unit: "minutes") else {
                throw ProtocolError(.invalidArgument, "habit_add needs 'minutes', what one tap is worth (a whole number "
                    + "from \(Limits.habitMinutes.lowerBound) to \(Limits.habitMinutes.upperBound))")
            }
            return .habitAdd(Habit(name: habit, minutes: minutes))
        case "habit_remove":
            return .habitRemove(name: try habitName(try ArgumentReader(command: name, args: args, accepted: ["name"])))
        case "habit_tap":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["name", "sign"])
            let habit = try habitName(reader)
            let sign = try reader.requiredString("sign")
            guard let value = ["+": 1, "plus": 1, "-": -1, "−": -1, "minus": -1][sign] else {
                throw ProtocolError(.invalidArgument, "habit_tap: 'sign' must be \"plus\" (or \"+\") or \"minus\" (or \"-\"), "
                    + "got \"\(sign.prefix(40))\"")
            }
            return .habitTap(name: habit, sign: value)
        case "habit_today":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["date", "before", "limit"])
            let before = try reader.integer("before", in: 1...Int(Int32.max)).map(Int64.init)
            return .habitToday(day: try date(reader, "date"), before: before,
                               limit: try reader.integer("limit", in: 1...Limits.maxListPage) ?? Limits.habitDayLatestTaps)
        case "habit_stats":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["weeks"])
            return .habitStats(weeks: try reader.integer("weeks", in: Limits.habitStatsWeeks, unit: "weeks")
                ?? Limits.defaultHabitStatsWeeks)
        case "gratitude_write":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["text", "date", "mode"])
            let text = try reader.requiredString("text")
            if let problem = GratitudeEntry.problem(text: text) {
                throw ProtocolError(.invalidArgument, "gratitude_write: \(problem)")
            }
            let modeText = try reader.string("mode") ?? GratitudeWriteMode.new.rawValue
            guard let mode = GratitudeWriteMode(rawValue: modeText) else {
                throw ProtocolError(.invalidArgument, "gratitude_write: 'mode' must be "
                    + GratitudeWriteMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    + ", got \"\(modeText.prefix(40))\"")
            }
            return .gratitudeWrite(text: text, day: try date(reader, "date"), mode: mode)
        case "gratitude_show":
            return .gratitudeShow(day: try date(try ArgumentReader(command: name, args: args, accepted: ["date"]), "date"))
        case "gratitude_list", "gratitude_export":
            let reader = try ArgumentReader(command: name, args: args, accepted: name == "gratitude_list" ? ["since", "after", "limit"] : ["after", "limit"])
            let after = try date(reader, "after")
            let limit = try reader.integer("limit", in: 1...Limits.maxEntriesPage) ?? Limits.maxEntriesPage
            return name == "gratitude_export" ? .gratitudeExport(after: after, limit: limit)
                : .gratitudeList(since: try date(reader, "since"), after: after, limit: limit)
        case "gratitude_search":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["words"])
            let words = try reader.requiredString("words")
            guard words.contains(where: { $0.isLetter || $0.isNumber }) else {
                throw ProtocolError(.invalidArgument, "gratitude_search: 'words' needs at least one word, got \"\(words.prefix(40))\"")
            }
            return .gratitudeSearch(words: words)
        case "gratitude_import":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["entries", "stage", "last"])
            let stage = try reader.string("stage")
            if let stage, stage.isEmpty || stage.count > Limits.maxIdLength {
                throw ProtocolError(.invalidArgument, "gratitude_import: 'stage' names the import, 1 to \(Limits.maxIdLength) "
                    + "characters")
            }
            let last = try reader.bool("last") ?? false
            if last && stage == nil {
                throw ProtocolError(.invalidArgument, "gratitude_import: 'last' ends a staged import; give its 'stage' too")
            }
            return .gratitudeImport(try entries(reader), stage: stage, last: last)
        case "gratitude_remind":
            let reader = try ArgumentReader(command: name, args: args, accepted: ["time", "off"])
            let off = try reader.bool("off") ?? false
            guard let text = try reader.string("time") else { return .gratitudeRemind(off ? .off : .show) }
            guard !off else {
                throw ProtocolError(.invalidArgument, "gratitude_remind takes 'time' (to set it) or 'off': true, not both")
            }
            do { return .gratitudeRemind(.set(try TimeOfDay.parse(text))) } catch {
                throw ProtocolError(.invalidArgument, "gratitude_remind: 'time' \(error)")
            }
        default:
            return nil
        }
    }

    private static func habitName(_ reader: ArgumentReader) throws(ProtocolError) -> String {
        let name = try reader.requiredString("name")
        if let problem = Habit.problem(name: name) {
            throw ProtocolError(.invalidArgument, "\(reader.command): habit name \"\(name.prefix(40))\" \(problem); a name "
                + "has 1 to \(Limits.maxHabitNameLength) characters")
        }
        return name
    }

    private static func date(_ reader: ArgumentReader, _ key: String, required: Bool = false) throws(ProtocolError) -> LocalDate? {
        guard let text = required ? try reader.requiredString(key) : try reader.string(key) else { return nil }
        do { return try LocalDate.parse(text) } catch {
            throw ProtocolError(.invalidArgument, "\(reader.command): '\(key)' \(error)")
        }
    }

    /// `[{"date": "YYYY-MM-DD", "text": …, "saved_at": seconds}]`, each checked; one bad entry refuses them all.
    private static func entries(_ reader: ArgumentReader) throws(ProtocolError) -> [GratitudeEntry] {
        guard case .array(let items)? = reader.args["entries"] else {
            throw ProtocolError(.invalidArgument, "gratitude_import needs 'entries', a list of {\"date\", \"text\", \"saved_at\"}")
        }
        var entries: [GratitudeEntry] = []
        var days = Set<LocalDate>()
        for (index, item) in items.enumerated() {
            let at = "gratitude_import: entry \(index + 1)"
            guard case .object(let fields) = item else { throw ProtocolError(.invalidArgument, "\(at) is not an object") }
            let entry = try ArgumentReader(command: at, args: fields, accepted: ["date", "text", "saved_at"])
            let day = try date(entry, "date", required: true)!
            let text = try entry.requiredString("text")
            if let problem = GratitudeEntry.problem(text: text) { throw ProtocolError(.invalidArgument, "\(at): \(problem)") }
            let saved = try entry.number("saved_at", in: 0...Limits.latestInstant, unit: "Unix seconds") ?? 0
            guard days.insert(day).inserted else {
                throw ProtocolError(.invalidArgument, "\(at): \(day) is in the list twice; one entry a day")
            }
            entries.append(GratitudeEntry(date: day, text: text, savedAt: saved))
        }
        return entries
    }
}
