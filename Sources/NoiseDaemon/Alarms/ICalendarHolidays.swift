import CICal
import NoiseAlarms
import NoiseTime

/// Reads the days off of an iCalendar file's text with libical (docs/alarms.md, "Holidays"): each event's
/// occurrences over a window (its `RRULE`, `RDATE` and `EXDATE` expanded by libical), all-day, zoned or floating, with
/// its `SUMMARY`. An event libical could not read whole (an `X-LIC-ERROR` in it) is left out and named with its line,
/// never read in part: a misread `EXDATE` would mark a working day off. A bad file never silences an alarm.
struct ICalendarHolidays {
    /// What the text gave: the days off, the events read, and what was wrong, each with its line.
    struct Reading: Equatable {
        var holidays: Holidays
        var events: Int
        var problems: [String]
    }

    /// How far recurring days off are expanded; noised reads the file again when it changes and at each start.
    static let yearsAhead: Int64 = 3
    /// A day off's name as `alarm list` shows it, at most (a label's length).
    static let maxNameLength = AlarmDefaults.maxLabelLength
    /// The most occurrences kept: a daily event over the window is about 1,100.
    static let maxOccurrences = 20_000

    /// The days off in `text` from a day before `now` to `yearsAhead` years after it.
    /// libical's functions, loaded when the first file is read (`CICal`).
    private let ical: NoiseICal

    static func read(_ text: String, now: Int64) -> Reading {
        guard let ical = noise_ical()?.pointee else {
            let reason = String(cString: noise_ical_error())
            return Reading(
                holidays: .none, events: 0,
                problems: ["libical could not be loaded (\(reason)): install libical3 to read the file"])
        }
        return ICalendarHolidays(ical: ical).read(text, now: now)
    }

    private func read(_ text: String, now: Int64) -> Reading {
        let lines = UnfoldedLines(text)
        guard text.utf8.allSatisfy({ $0 != 0 }) else {
            return Reading(
                holidays: .none, events: 0, problems: ["the file has a NUL byte: it is not an iCalendar text"])
        }
        ical.icalerror_set_errors_are_fatal!(0)
        guard let root = ical.icalparser_parse_string!(text), ical.icalcomponent_isa!(root) == ICAL_VCALENDAR_COMPONENT
        else {
            return Reading(
                holidays: .none, events: 0,
                problems: ["line 1: no BEGIN:VCALENDAR, so not an iCalendar file (a calendar app's .ics export is one)"]
            )
        }
        defer { ical.icalcomponent_free!(root) }
        var problems = errors(in: root, lines: lines, range: lines.all)
        var daysOff: [Holidays.DayOff] = []
        var events = 0
        let window = (start: now - 86_400, end: now + Self.yearsAhead * 366 * 86_400)
        var index = 0
        var event = ical.icalcomponent_get_first_component!(root, ICAL_VEVENT_COMPONENT)
        while let current = event {
            defer {
                index += 1
                event = ical.icalcomponent_get_next_component!(root, ICAL_VEVENT_COMPONENT)
            }
            let range = lines.event(index)
            let eventProblems =
                errors(in: current, lines: lines, range: range) + misreadings(of: current, lines, range)
            guard eventProblems.isEmpty else {
                let name = ical.icalcomponent_get_summary!(current).map { " '\(String(cString: $0))'" } ?? ""
                problems += eventProblems.map { "\($0); the event\(name) is left out" }
                continue
            }
            events += 1
            daysOff += occurrences(of: current, window: window, limit: Self.maxOccurrences - daysOff.count)
        }
        if daysOff.count >= Self.maxOccurrences {
            problems.append(
                "more than \(Self.maxOccurrences) days off in \(Self.yearsAhead) years: the rest are left out")
        }
        return Reading(holidays: Holidays(daysOff), events: events, problems: problems)
    }

    /// libical's complaints about a component's own lines (`X-LIC-ERROR`), each with the line it is about.
    private func errors(in component: OpaquePointer, lines: UnfoldedLines, range: ClosedRange<Int>) -> [String] {
        var found: [String] = []
        var property = ical.icalcomponent_get_first_property!(component, ICAL_XLICERROR_PROPERTY)
        while let current = property {
            let text = ical.icalproperty_get_xlicerror!(current).map { String(cString: $0) } ?? "an error"
            // libical writes "what is wrong: the text it is about"; its advice to itself is not the reader's.
            let message = text.replacing(". Removing entire property", with: "")
            let quoted = message.split(separator: ":", maxSplits: 1).dropFirst().first.map { $0.drop { $0 == " " } }
            found.append("line \(lines.find(String(quoted ?? ""), in: range)): \(message)")
            property = ical.icalcomponent_get_next_property!(component, ICAL_XLICERROR_PROPERTY)
        }
        return found
    }

    /// What libical reads without complaint but would misread as a day off: no start, a zone it does not know, a
    /// rule that repeats more often than daily.
    private func misreadings(of event: OpaquePointer, _ lines: UnfoldedLines, _ range: ClosedRange<Int>) -> [String] {
        guard let start = ical.icalcomponent_get_first_property!(event, ICAL_DTSTART_PROPERTY) else {
            return ["line \(range.lowerBound): an event without DTSTART"]
        }
        for (name, time) in [
            ("DTSTART", ical.icalcomponent_get_dtstart!(event)), ("DTEND", ical.icalcomponent_get_dtend!(event)),
        ]
        where ical.icaltime_is_null_time!(time) == 0 {
            // libical takes 2026-13-45 as it is written.
            if let problem = problem(of: time) {
                return ["line \(lines.find(name, in: range)): \(name) \(problem)"]
            }
        }
        if let parameter = ical.icalproperty_get_first_parameter!(start, ICAL_TZID_PARAMETER),
            let zone = ical.icalparameter_get_tzid!(parameter).map({ String(cString: $0) }),
            ical.icalcomponent_get_dtstart!(event).zone == nil
        {
            return ["line \(lines.find("DTSTART", in: range)): unknown time zone '\(zone.prefix(60))' (TZID)"]
        }
        var rule = ical.icalcomponent_get_first_property!(event, ICAL_RRULE_PROPERTY)
        while let current = rule {
            if ical.icalproperty_get_rrule!(current).freq.rawValue < ICAL_DAILY_RECURRENCE.rawValue {
                return ["line \(lines.find("RRULE", in: range)): an RRULE more often than daily is no day off"]
            }
            rule = ical.icalcomponent_get_next_property!(event, ICAL_RRULE_PROPERTY)
        }
        return []
    }

    /// Why a date or date-time as written is none (a 13th month, a 25th hour), or nil.
    private func problem(of time: icaltimetype) -> String? {
        do { _ = try LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)) } catch {
            return "is no date: \(error.input) (\(error.reason))"
        }
        guard
            time.is_date != 0
                || (0..<24).contains(time.hour) && (0..<60).contains(time.minute)
                    && (0...60).contains(time.second)
        else { return "is no time of day: \(time.hour):\(time.minute):\(time.second)" }
        return nil
    }

    /// An event's occurrences that overlap the window, as libical expands them, at most `limit`.
    private func occurrences(
        of event: OpaquePointer, window: (start: Int64, end: Int64), limit: Int
    ) -> [Holidays.DayOff] {
        let start = ical.icalcomponent_get_dtstart!(event)
        let end = ical.icalcomponent_get_dtend!(event)
        let name =
            ical.icalcomponent_get_summary!(event).map { String(String(cString: $0).prefix(Self.maxNameLength)) }
            ?? "a day off"
        let shape: Shape
        if start.is_date != 0 {
            // DTEND is the day after the last: a one-day event has none, or the next day.
            let days = ical.icaltime_is_null_time!(end) != 0 ? 1 : max(1, dayNumber(end) - dayNumber(start))
            shape = .dates(days: days)
        } else {
            let zoned = start.zone != nil
            let length = ical.icaltime_is_null_time!(end) != 0 ? 0 : max(0, seconds(end) - seconds(start))
            shape = zoned ? .instants(length: length) : .wallTimes(length: length)
        }
        let collector = Collector(shape: shape, name: name, limit: max(limit, 0))
        let utc = ical.icaltimezone_get_utc_timezone!()
        withExtendedLifetime(collector) {
            ical.icalcomponent_foreach_recurrence!(
                event, ical.icaltime_from_timet_with_zone!(time_t(window.start), 0, utc),
                ical.icaltime_from_timet_with_zone!(time_t(window.end), 0, utc),
                { _, span, data in
                    guard let span, let data else { return }
                    Unmanaged<Collector>.fromOpaque(data).takeUnretainedValue().add(Int64(span.pointee.start))
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.found
    }

    /// The day number of a date (or a date-time's date) as written.
    private func dayNumber(_ time: icaltimetype) -> Int64 {
        CivilDate.days(year: Int(time.year), month: Int(time.month), day: Int(time.day))
    }

    /// A date-time as seconds: its instant when zoned, its wall time counted as UTC when floating (libical's own
    /// reading of a floating time, so the two agree).
    private func seconds(_ time: icaltimetype) -> Int64 {
        Int64(ical.icaltime_as_timet_with_zone!(time, time.zone ?? ical.icaltimezone_get_utc_timezone!()))
    }

    /// How each occurrence of an event is a day off.
    private enum Shape {
        case dates(days: Int64)
        case instants(length: Int64)
        case wallTimes(length: Int64)
    }

    /// Gathers the occurrences libical calls back with (a C callback: a class passed as its context pointer).
    private final class Collector {
        let shape: Shape
        let name: String
        let limit: Int
        var found: [Holidays.DayOff] = []

        init(shape: Shape, name: String, limit: Int) {
            self.shape = shape
            self.name = name
            self.limit = limit
        }

        /// An occurrence starting at `start`: an instant, or for dates and floating times the wall time as UTC.
        func add(_ start: Int64) {
            guard found.count < limit else { return }
            let when: Holidays.When =
                switch shape {
                case .dates(let days): .dates(first: CivilDate.floorDivide(start, 86_400), count: days)
                case .instants(let length): .instants(start: start, end: start + length)
                case .wallTimes(let length): .wallTimes(start: start, end: start + length)
                }
            found.append(Holidays.DayOff(when, name: name))
        }
    }
}

/// The file's lines with iCalendar's folding undone (a line that begins with a space or a tab continues the one
/// before), each with the number of the line it begins on: what a problem names.
struct UnfoldedLines {
    private(set) var lines: [(number: Int, text: Substring)] = []

    init(_ text: String) {
        // CRLF is one Character in Swift: split on any line break, as libical reads them.
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += line.dropFirst()
            } else {
                lines.append((offset + 1, line))
            }
        }
    }

    var all: ClosedRange<Int> { 1...max(1, lines.last?.number ?? 1) }

    /// The lines of the `index`th event (from 0), from its `BEGIN:VEVENT` to its `END:VEVENT` or the file's end.
    func event(_ index: Int) -> ClosedRange<Int> {
        let begins = lines.filter { $0.text.uppercased() == "BEGIN:VEVENT" }
        guard index < begins.count else { return all }
        let begin = begins[index].number
        let end = lines.first { $0.number > begin && $0.text.uppercased() == "END:VEVENT" }?.number ?? all.upperBound
        return begin...end
    }

    /// The first line in `range` that contains `needle` (case-insensitive), else the range's first line.
    func find(_ needle: String, in range: ClosedRange<Int>) -> Int {
        guard !needle.isEmpty else { return range.lowerBound }
        let wanted = needle.uppercased()
        return lines.first { range.contains($0.number) && $0.text.uppercased().contains(wanted) }?.number
            ?? range.lowerBound
    }
}
