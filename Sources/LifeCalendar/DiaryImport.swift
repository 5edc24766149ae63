import NoiseCore
import NoiseTime

/// The rules an import is held to as a whole, before any of it is stored: every entry one `gratitude write` would
/// take (a text that is not empty, not too long, with no NUL; a day not after today) and no day twice. A file that
/// breaks one imports nothing, so an import is all of the file or none of it.
public enum DiaryImport {
    /// The first entry that cannot be imported, by its place in the list (from 1), its day and the reason; nil
    /// when every one can.
    public static func problem(_ entries: [GratitudeEntry], today: LocalDate) -> String? {
        var days: [LocalDate: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let at = "entry \(index + 1) (\(entry.date))"
            if let problem = GratitudeEntry.problem(text: entry.text) { return "\(at): \(problem)" }
            if let problem = futureProblem(entry.date, today: today) { return "\(at): \(problem)" }
            guard entry.savedAt.isFinite, (0...Limits.latestInstant).contains(entry.savedAt) else {
                return "\(at): 'saved_at' must be Unix seconds from 0 to \(Limits.latestInstant.formatted)"
            }
            if let first = days.updateValue(index + 1, forKey: entry.date) {
                return "\(at): the day is in the file twice (entry \(first) too); one entry a day"
            }
        }
        return nil
    }

    /// Why an entry cannot be written for `day`, or nil: the diary is of days lived, so never a later one.
    public static func futureProblem(_ day: LocalDate, today: LocalDate) -> String? {
        day <= today ? nil : "\(day) is after today (\(today)); write for today or a day before"
    }
}
