import LifeCalendar
import NoiseCore
import NoiseTime

/// The checks the life calendar's commands share: a habit's name, a date, the diary's entries.
enum LifeArguments {
    static func habitName(_ reader: ArgumentReader) throws(ProtocolError) -> String {
        let name = try reader.requiredString("name")
        if let problem = Habit.problem(name: name) {
            throw ProtocolError(
                .invalidArgument,
                "\(reader.command): habit name \"\(name.prefix(40))\" \(problem); a name "
                    + "has 1 to \(LifeLimits.maxHabitNameLength) characters")
        }
        return name
    }

    static func date(
        _ reader: ArgumentReader, _ key: String, required: Bool = false
    ) throws(ProtocolError) -> LocalDate? {
        guard let text = required ? try reader.requiredString(key) : try reader.string(key) else { return nil }
        do { return try LocalDate.parse(text) } catch {
            throw ProtocolError(.invalidArgument, "\(reader.command): '\(key)' \(error)")
        }
    }

    /// `[{"date": "YYYY-MM-DD", "text": …, "saved_at": seconds}]`, each checked; one bad entry refuses them all.
    static func entries(_ reader: ArgumentReader) throws(ProtocolError) -> [GratitudeEntry] {
        guard case .array(let items)? = reader.args["entries"] else {
            throw ProtocolError(
                .invalidArgument, "gratitude_import needs 'entries', a list of {\"date\", \"text\", \"saved_at\"}")
        }
        var entries: [GratitudeEntry] = []
        var days = Set<LocalDate>()
        for (index, item) in items.enumerated() {
            let at = "gratitude_import: entry \(index + 1)"
            guard case .object(let fields) = item else {
                throw ProtocolError(.invalidArgument, "\(at) is not an object")
            }
            let entry = try ArgumentReader(command: at, args: fields, accepted: ["date", "text", "saved_at"])
            let day = try LifeArguments.date(entry, "date", required: true)!
            let text = try entry.requiredString("text")
            if let problem = GratitudeEntry.problem(text: text) {
                throw ProtocolError(.invalidArgument, "\(at): \(problem)")
            }
            let saved = try entry.number("saved_at", in: 0...Limits.latestInstant, unit: "Unix seconds") ?? 0
            guard days.insert(day).inserted else {
                throw ProtocolError(.invalidArgument, "\(at): \(day) is in the list twice; one entry a day")
            }
            entries.append(GratitudeEntry(date: day, text: text, savedAt: saved))
        }
        return entries
    }
}
