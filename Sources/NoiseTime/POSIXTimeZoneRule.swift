/// A POSIX TZ string (`EST5EDT,M3.2.0,M11.1.0`) with RFC 8536's extensions (quoted names like `<+0545>`, transition
/// times from -167 to 167 hours), evaluated for any year. It is what a TZif footer gives for instants after the
/// file's table, and what `$TZ` may hold instead of a zone name.
struct POSIXTimeZoneRule: Sendable, Equatable {
    var standard: LocalTimeType
    var daylight: Daylight?
    /// False when the rule names daylight time that never changes the offset (RFC 8536's all-year DST,
    /// `EST5EDT4,0/0,J365/25`), so `nextTransition` need not search four centuries to find nothing.
    private(set) var changesOffset = false

    struct Daylight: Sendable, Equatable {
        var type: LocalTimeType
        /// When daylight time starts, in standard local time.
        var start: Boundary
        /// When it ends, in daylight local time.
        var end: Boundary
    }

    /// A day of the year and a local time of that day (which may fall on another day: RFC 8536 §3.3.1).
    struct Boundary: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: 1...365, February 29 never counted.
            case julian(Int)
            /// `n`: 0...365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: week 1...5 (5 = the last), weekday 0 = Sunday.
            case monthWeek(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        var seconds: Int

        /// Days since 1970-01-01 of the local day this boundary names in `year`.
        func localDay(in year: Int) -> Int64 {
            switch day {
            case .julian(let n):
                let leapDay: Int64 = CivilDate.isLeap(year) && n >= 60 ? 1 : 0
                return CivilDate.days(year: year, month: 1, day: 1) + Int64(n - 1) + leapDay
            case .zeroBased(let n):
                return CivilDate.days(year: year, month: 1, day: 1) + Int64(n)
            case .monthWeek(let month, let week, let weekday):
                let first = CivilDate.days(year: year, month: month, day: 1)
                let next = CivilDate.days(year: year, month: month + 1, day: 1)
                let firstWeekday = CivilDate.weekday(days: first) % 7
                var day = first + Int64((weekday - firstWeekday + 7) % 7 + 7 * (week - 1))
                while day >= next { day -= 7 }
                return day
            }
        }
    }

    init(standard: LocalTimeType, daylight: Daylight?) {
        self.standard = standard
        self.daylight = daylight
        changesOffset = daylight.map { $0.type.offset != standard.offset } ?? false
        if changesOffset { changesOffset = nextChange(after: 0, years: 400) != nil }
    }

    /// The local time type in effect at `instant`.
    func localType(at instant: Int64) -> LocalTimeType {
        guard let daylight else { return standard }
        let reduced = Self.reduce(instant)
        let year = Self.year(of: reduced)
        var latest: (instant: Int64, isDaylight: Bool)?
        for candidate in year - 2...year + 1 {
            let (start, end) = transitions(in: candidate, daylight)
            // At a tie the start wins, so daylight time that ends and restarts at one instant simply continues.
            if start <= reduced, latest.map({ start >= $0.instant }) ?? true { latest = (start, true) }
            if end <= reduced, latest.map({ end > $0.instant }) ?? true { latest = (end, false) }
        }
        return latest?.isDaylight == true ? daylight.type : standard
    }

    /// The first instant after `instant` at which the offset changes, if the rule ever changes it.
    func nextTransition(after instant: Int64) -> Int64? {
        guard changesOffset else { return nil }
        let reduced = Self.reduce(instant)
        guard let next = nextChange(after: reduced, years: 401) else { return nil }
        let (result, overflow) = (next - reduced).addingReportingOverflow(instant)
        return overflow ? nil : result
    }

    /// Searches `years` years from the one holding `instant`; the calendar repeats every 400, so that is enough.
    private func nextChange(after instant: Int64, years: Int) -> Int64? {
        guard let daylight else { return nil }
        let year = Self.year(of: instant)
        var best: Int64?
        for candidate in year - 1...year + years {
            let (start, end) = transitions(in: candidate, daylight)
            for moment in [start, end] where moment > instant && best.map({ moment < $0 }) ?? true {
                if localType(at: moment).offset != localType(at: moment - 1).offset { best = moment }
            }
            // A year's changes lie within a week of it, so none two years on can come earlier.
            if let best, candidate > Self.year(of: best) + 1 { break }
        }
        return best
    }

    /// The UTC instants at which daylight time starts and ends in `year`.
    private func transitions(in year: Int, _ daylight: Daylight) -> (start: Int64, end: Int64) {
        let start = daylight.start.localDay(in: year) * 86_400 + Int64(daylight.start.seconds - standard.offset)
        let end = daylight.end.localDay(in: year) * 86_400 + Int64(daylight.end.seconds - daylight.type.offset)
        return (start, end)
    }

    private static func year(of instant: Int64) -> Int {
        CivilDate.date(days: instant >= 0 ? instant / 86_400 : (instant + 1) / 86_400 - 1).year
    }

    /// Seconds in 400 Gregorian years, a whole number of weeks: a POSIX rule repeats exactly with this period.
    static let cycle: Int64 = 146_097 * 86_400

    /// Brings an instant more than about 35,000 years from 1970 to within 400 years of 1970 (exact, by the period
    /// above), so the date arithmetic cannot overflow.
    private static func reduce(_ instant: Int64) -> Int64 {
        instant.magnitude > 1 << 40 ? instant % cycle : instant
    }
}

extension POSIXTimeZoneRule {
    /// Parses `std offset [dst [offset] [,start[/time],end[/time]]]`. Without a rule, daylight time follows the
    /// US rule (`M3.2.0,M11.1.0`), as tzcode and glibc assume when they have no `posixrules` file.
    init(parsing text: String) throws(ZoneRules.Failure) {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let rule = scanner.rule() else {
            throw ZoneRules.Failure(description: "'\(text.prefix(80))' is not a POSIX TZ string (\(scanner.problem))")
        }
        self = rule
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var problem = "expected a name like EST or <+0545>"

        mutating func rule() -> POSIXTimeZoneRule? {
            guard let standardName = designation(), let standardWest = clock(maxHours: 24)
            else { return nil }
            let standard = LocalTimeType(offset: -standardWest, abbreviation: standardName)
            if index == bytes.count { return POSIXTimeZoneRule(standard: standard, daylight: nil) }
            guard let daylightName = designation() else { return nil }
            var daylightOffset = standard.offset + 3600
            if index < bytes.count, bytes[index] != UInt8(ascii: ",") {
                guard let west = clock(maxHours: 24) else { return nil }
                daylightOffset = -west
            }
            var start = Boundary(day: .monthWeek(month: 3, week: 2, weekday: 0), seconds: 7200)
            var end = Boundary(day: .monthWeek(month: 11, week: 1, weekday: 0), seconds: 7200)
            if index < bytes.count {
                guard take(","), let first = boundary(), take(","), let second = boundary() else { return nil }
                (start, end) = (first, second)
            }
            guard index == bytes.count else { problem = "unexpected text at offset \(index)"; return nil }
            let type = LocalTimeType(offset: daylightOffset, abbreviation: daylightName)
            return POSIXTimeZoneRule(standard: standard, daylight: Daylight(type: type, start: start, end: end))
        }

        /// `EST` (three or more letters) or `<+0545>` (letters, digits, '+' and '-').
        mutating func designation() -> String? {
            problem = "expected a name like EST or <+0545> at offset \(index)"
            let quoted = take("<")
            let begin = index
            while index < bytes.count, isNameByte(bytes[index], quoted: quoted) { index += 1 }
            let name = String(decoding: bytes[begin..<index], as: UTF8.self)
            guard name.utf8.count >= (quoted ? 1 : 3), !quoted || take(">") else { return nil }
            return name
        }

        private func isNameByte(_ byte: UInt8, quoted: Bool) -> Bool {
            let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            return letter || (quoted && (digit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")))
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (02:00 when absent).
        mutating func boundary() -> Boundary? {
            problem = "expected a date like M3.2.0, J60 or 59 at offset \(index)"
            let day: Boundary.Day
            if take("J") {
                guard let n = number(1...365) else { return nil }
                day = .julian(n)
            } else if take("M") {
                guard let month = number(1...12), take("."), let week = number(1...5), take("."),
                    let weekday = number(0...6)
                else { return nil }
                day = .monthWeek(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(0...365) else { return nil }
                day = .zeroBased(n)
            }
            guard take("/") else { return Boundary(day: day, seconds: 7200) }
            guard let seconds = clock(maxHours: 167) else { return nil }
            return Boundary(day: day, seconds: seconds)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds.
        mutating func clock(maxHours: Int) -> Int? {
            problem = "expected a time like 5, -5:45 or 2:00:00 at offset \(index)"
            let negative = take("-")
            if !negative { _ = take("+") }
            guard let hours = number(0...maxHours) else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number(0...59) else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let secs = number(0...59) else { return nil }
                    seconds += secs
                }
            }
            return negative ? -seconds : seconds
        }

        /// One to three decimal digits within `range`.
        mutating func number(_ range: ClosedRange<Int>) -> Int? {
            var value = 0
            var digits = 0
            while index < bytes.count, digits < 3, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            return digits > 0 && range.contains(value) ? value : nil
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }
    }
}
