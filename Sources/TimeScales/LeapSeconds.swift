import NoiseTime

/// TAI − UTC through time: the leap seconds since 1972, from IERS's `leap-seconds.list` (Debian's tzdata installs
/// it as `/usr/share/zoneinfo/leap-seconds.list`) or the table built in. Pure: the file's text is given.
public struct LeapSeconds: Sendable, Equatable {
    /// From `unix` on, TAI − UTC is `offset` seconds.
    public struct Step: Sendable, Equatable {
        public let unix: Int64
        public let offset: Int
    }

    public let steps: [Step]
    /// When the list stops vouching for its last offset (its `#@` line), Unix seconds; nil if it does not say.
    public let expires: Int64?
    /// Where it came from: a path, or "built-in".
    public let source: String

    /// NTP counts seconds from 1900-01-01; Unix from 1970-01-01.
    static let ntpToUnix: Int64 = 2_208_988_800

    public init(steps: [Step], expires: Int64?, source: String) {
        self.steps = steps.sorted { $0.unix < $1.unix }
        self.expires = expires
        self.source = source
    }

    /// What TAI − UTC was at `unix`, and why the answer is only an approximation, if it is: before 1972 (UTC
    /// had fractional offsets then; the 1972 one is used) or after the list's expiry (its last offset is held).
    public func taiMinusUTC(atUnix unix: Double) -> (seconds: Int, note: String?) {
        guard let first = steps.first else { return (0, "no leap-second table") }
        if unix < Double(first.unix) {
            return (
                first.offset,
                "before 1972 UTC had no whole-second offset from TAI; the 1972 offset (\(first.offset) s) is used"
            )
        }
        let offset = steps.last { Double($0.unix) <= unix }!.offset
        if let unknown = firstUnknownLeapSecond, unix >= Double(unknown) {
            return (
                offset,
                "the leap-second list (\(source)) expired on \(Self.day(expires ?? unknown)), and a leap second "
                    + "may have come since \(Self.day(unknown - 1)); its last offset (\(offset) s) is held"
            )
        }
        return (offset, nil)
    }

    /// The first instant a leap second the list does not know could precede: IERS inserts them only at the end of
    /// June or December (Bulletin C), so after the list expires, its last offset is still sure until the first such
    /// end has passed. Nil when the list does not say when it expires.
    public var firstUnknownLeapSecond: Int64? {
        guard let expires else { return nil }
        let date = CivilDate.date(days: CivilDate.floorDivide(expires, 86_400))
        // The 1st of July or of January after the expiry's day: the leap second would end the day before.
        let (year, month) = date.month < 7 ? (date.year, 7) : (date.year + 1, 1)
        return CivilDate.days(year: year, month: month, day: 1) * 86_400
    }

    /// Whether the list has expired by `unix` (it may still be right: no leap second has been announced since 2017).
    public func isExpired(atUnix unix: Double) -> Bool {
        expires.map { unix >= Double($0) } ?? false
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case badLine(Int, String)
        case empty

        public var description: String {
            switch self {
            case .badLine(let number, let line): "line \(number) is not 'NTP-seconds offset': \(line.prefix(60))"
            case .empty: "no leap seconds listed"
            }
        }
    }

    /// Reads IERS's format: `NTP-seconds TAI−UTC # date` a line, comments `#`, the expiry on a `#@ NTP-seconds` line.
    public static func parse(_ text: String, source: String) throws(ParseError) -> LeapSeconds {
        var steps: [Step] = []
        var expires: Int64?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces
            if line.hasPrefix("#@") {
                expires = Int64(line.dropFirst(2).trimmingSpaces).map { $0 - ntpToUnix }
                continue
            }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "#", maxSplits: 1)[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2, let ntp = Int64(fields[0]), let offset = Int(fields[1]) else {
                throw .badLine(index + 1, String(line))
            }
            steps.append(Step(unix: ntp - ntpToUnix, offset: offset))
        }
        guard !steps.isEmpty else { throw .empty }
        return LeapSeconds(steps: steps, expires: expires, source: source)
    }

    /// The table as IERS published it with the expiry of Debian 12's tzdata list (2026-06-28), for a system
    /// without the file.
    public static let builtIn: LeapSeconds = {
        // (year, month, TAI − UTC from the first of that month)
        let table: [(Int, Int, Int)] = [
            (1972, 1, 10), (1972, 7, 11), (1973, 1, 12), (1974, 1, 13), (1975, 1, 14), (1976, 1, 15), (1977, 1, 16),
            (1978, 1, 17), (1979, 1, 18), (1980, 1, 19), (1981, 7, 20), (1982, 7, 21), (1983, 7, 22), (1985, 7, 23),
            (1988, 1, 24), (1990, 1, 25), (1991, 1, 26), (1992, 7, 27), (1993, 7, 28), (1994, 7, 29), (1996, 1, 30),
            (1997, 7, 31), (1999, 1, 32), (2006, 1, 33), (2009, 1, 34), (2012, 7, 35), (2015, 7, 36), (2017, 1, 37),
        ]
        let steps = table.map { Step(unix: CivilDate.days(year: $0.0, month: $0.1, day: 1) * 86_400, offset: $0.2) }
        return LeapSeconds(
            steps: steps, expires: CivilDate.days(year: 2026, month: 6, day: 28) * 86_400, source: "built-in")
    }()
}

extension LeapSeconds {
    /// "2026-06-28", the UTC day of a Unix instant.
    static func day(_ unix: Int64) -> String {
        let (year, month, day) = CivilDate.date(days: CivilDate.floorDivide(unix, 86_400))
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
