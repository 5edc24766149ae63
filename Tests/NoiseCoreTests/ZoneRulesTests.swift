import Foundation
import Testing

@testable import NoiseCore
@testable import NoiseTime

/// Real zones from Debian's tzdata, chosen for their oddities: 30-minute and 45-minute offsets, a skipped day,
/// +14, negative DST, southern-hemisphere DST, Ramadan-driven rules, and footers with hours past 24 or below 0.
private let oddZones = [
    "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Apia",
    "Pacific/Kiritimati", "America/Santiago", "Europe/Dublin", "Africa/Casablanca", "Asia/Tehran", "Etc/UTC",
    "America/St_Johns", "America/Nuuk", "Asia/Jerusalem", "Asia/Gaza", "Pacific/Chatham",
]

private func load(_ identifier: String) throws -> ZoneRules {
    let data = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + identifier))
    return try ZoneRules(tzif: [UInt8](data), identifier: identifier)
}

/// Unix seconds at a UTC civil time.
private func utc(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
)
    -> Int64
{
    CivilDate.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
}

/// The instants at which `rules` and Foundation (ICU, with its own copy of tzdata) disagree.
private func disagreements(_ rules: ZoneRules, at instants: [Int64]) throws -> [String] {
    let zone = try #require(TimeZone(identifier: rules.identifier))
    return instants.compactMap { instant in
        let theirs = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        let ours = rules.offset(at: instant)
        return ours == theirs ? nil : "\(rules.identifier) at \(instant): ours \(ours), Foundation \(theirs)"
    }
}

@Suite("Zone rules against Foundation")
struct ZoneRulesFoundationTests {
    @Test(arguments: oddZones)
    func agreesHourlyAroundEveryTransitionFrom1970To2040(_ identifier: String) throws {
        let rules = try load(identifier)
        let zone = try #require(TimeZone(identifier: identifier))
        let (start, end) = (utc(1970, 1, 1), utc(2041, 1, 1))
        var ours: [Int64] = []
        var moment = start
        while let next = rules.nextTransition(after: moment), next < end {
            ours.append(next)
            moment = next
        }
        var theirs: [Int64] = []
        var date = Date(timeIntervalSince1970: TimeInterval(start))
        while let next = zone.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < Double(end) {
            theirs.append(Int64(next.timeIntervalSince1970))
            date = next
        }
        // ICU also reports transitions that change only the DST flag or the name; those must leave the offset alone.
        let onlyTheirs = Set(theirs).subtracting(ours).filter { rules.offset(at: $0) != rules.offset(at: $0 - 1) }
        #expect(onlyTheirs.isEmpty, "transitions Foundation has and we lack: \(onlyTheirs.sorted().prefix(5))")
        let onlyOurs = Set(ours).subtracting(theirs)
        #expect(onlyOurs.isEmpty, "transitions we have and Foundation lacks: \(onlyOurs.sorted().prefix(5))")
        if identifier != "Etc/UTC" && identifier != "Pacific/Kiritimati" && identifier != "Asia/Kathmandu" {
            #expect(ours.count > 10)
        }
        let nearby: [Int64] = [-1, 1] + (-6...6).map { Int64($0) * 3600 }
        let instants: [Int64] = Set(ours + theirs).flatMap { moment in nearby.map { moment + $0 } }
        let wrong = try disagreements(rules, at: instants)
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, first: \(wrong.prefix(3))")
    }

    @Test(arguments: oddZones)
    func agreesAtRandomInstantsFrom1900To2200(_ identifier: String) throws {
        let rules = try load(identifier)
        var generator = SplitMix64(state: 20_250_101)
        let instants = (0..<3000).map { _ in Int64.random(in: utc(1900, 1, 1)..<utc(2200, 1, 1), using: &generator) }
        let wrong = try disagreements(rules, at: instants)
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, first: \(wrong.prefix(3))")
    }
}

@Suite("Zone rules: known facts")
struct ZoneRulesFactTests {
    @Test func newYorkSpringsForwardAtSevenUTC() throws {
        let rules = try load("America/New_York")
        #expect(rules.offset(at: utc(2024, 3, 10, 6, 59, 59)) == -18_000)
        #expect(rules.offset(at: utc(2024, 3, 10, 7)) == -14_400)
        #expect(rules.abbreviation(at: utc(2024, 3, 10, 6, 59, 59)) == "EST")
        #expect(rules.abbreviation(at: utc(2024, 3, 10, 7)) == "EDT")
        #expect(rules.nextTransition(after: utc(2024, 1, 1)) == utc(2024, 3, 10, 7))
        #expect(rules.nextTransition(after: utc(2024, 3, 10, 7)) == utc(2024, 11, 3, 6))
    }

    @Test func lordHoweMovesByHalfAnHour() throws {
        let rules = try load("Australia/Lord_Howe")
        #expect(rules.offset(at: utc(2024, 1, 15)) == 39_600)
        #expect(rules.offset(at: utc(2024, 7, 15)) == 37_800)
        #expect(rules.abbreviation(at: utc(2024, 7, 15)) == "+1030")
        #expect(rules.nextTransition(after: utc(2024, 1, 1)) == 1_712_415_600)
        #expect(rules.nextTransition(after: 1_712_415_600) == 1_728_142_200)
    }

    @Test func kathmanduHasBeenFiveFortyFiveSince1986() throws {
        let rules = try load("Asia/Kathmandu")
        #expect(rules.offset(at: 504_901_799) == 19_800)
        #expect(rules.offset(at: 504_901_800) == 20_700)
        #expect(rules.offset(at: utc(2150, 6, 1)) == 20_700)
        #expect(rules.nextTransition(after: 504_901_800) == nil)
    }

    @Test func apiaSkipsTheThirtiethOfDecember2011() throws {
        let rules = try load("Pacific/Apia")
        #expect(rules.offset(at: utc(2011, 12, 29, 22)) == -36_000)
        #expect(rules.offset(at: 1_325_239_199) == -36_000)
        #expect(rules.offset(at: 1_325_239_200) == 50_400)
        #expect(rules.nextTransition(after: utc(2011, 12, 1)) == 1_325_239_200)
        let skipped = CivilDate.days(year: 2011, month: 12, day: 30)
        let localDays = stride(from: utc(2011, 12, 28), to: utc(2012, 1, 2), by: 600).map { instant in
            (instant + Int64(rules.offset(at: instant))) / 86_400
        }
        #expect(localDays.contains(skipped - 1) && localDays.contains(skipped + 1))
        #expect(!localDays.contains(skipped))
    }

    @Test func kiritimatiIsFourteenHoursAhead() throws {
        #expect(try load("Pacific/Kiritimati").offset(at: utc(2030, 1, 1)) == 50_400)
    }

    /// tzdata gives Ireland negative DST (winter is the "daylight" side of its POSIX rule): the offsets still come
    /// out right far past the table.
    @Test func dublinIsGMTInWinterAndISTInSummer() throws {
        let rules = try load("Europe/Dublin")
        #expect(rules.offset(at: utc(2150, 7, 1)) == 3600)
        #expect(rules.offset(at: utc(2150, 1, 1)) == 0)
        #expect(rules.abbreviation(at: utc(2150, 1, 1)) == "GMT")
        #expect(rules.abbreviation(at: utc(2150, 7, 1)) == "IST")
    }

    @Test func utcAndFixedZones() {
        #expect(ZoneRules.utc.offset(at: 0) == 0)
        #expect(ZoneRules.utc.abbreviation(at: 0) == "UTC")
        #expect(ZoneRules.utc.nextTransition(after: 0) == nil)
        let kathmandu = ZoneRules.fixed(offsetSeconds: 20_700, identifier: "fixed")
        #expect(kathmandu.offset(at: .max) == 20_700 && kathmandu.offset(at: .min) == 20_700)
        #expect(kathmandu.abbreviation(at: 0) == "+0545")
        #expect(ZoneRules.fixed(offsetSeconds: -34_200, identifier: "x").abbreviation(at: 0) == "-0930")
        #expect(ZoneRules.fixed(offsetSeconds: 46_800, identifier: "x").abbreviation(at: 0) == "+13")
    }
}

@Suite("Zone rules: the far future from the footer")
struct ZoneRulesFutureTests {
    @Test(
        arguments: [
            ("America/New_York", [5_686_009_200, 5_706_568_800]),
            ("America/Santiago", [5_688_414_000, 5_701_723_200]),
            ("Australia/Lord_Howe", [5_688_370_800, 5_704_097_400]),
            ("Europe/Dublin", [5_687_802_000, 5_705_946_000]),
        ] as [(String, [Int64])])
    func transitionsIn2150(_ identifier: String, _ expected: [Int64]) throws {
        let rules = try load(identifier)
        let first = rules.nextTransition(after: utc(2150, 1, 1))
        #expect(first == expected[0])
        #expect(first.flatMap { rules.nextTransition(after: $0) } == expected[1])
        #expect(rules.offset(at: expected[0] - 1) != rules.offset(at: expected[0]))
    }

    @Test func walkingTransitionsAcrossTheEndOfTheTableMatchesFoundation() throws {
        let rules = try load("America/New_York")
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        var ours = utc(2030, 1, 1)
        var theirs = Date(timeIntervalSince1970: TimeInterval(ours))
        for _ in 0..<60 {
            let next = try #require(rules.nextTransition(after: ours))
            theirs = try #require(zone.nextDaylightSavingTimeTransition(after: theirs))
            #expect(next == Int64(theirs.timeIntervalSince1970))
            let (before, after) = (rules.offset(at: next - 1), rules.offset(at: next))
            #expect(after - before == (after == -14_400 ? 3600 : -3600))
            ours = next
        }
        #expect(ours > utc(2059, 1, 1))
    }

    @Test func everyYearOfASouthernRuleHasTwoTransitionsUpTo2200() throws {
        let rules = try load("America/Santiago")
        for year in 2040...2200 {
            var instant = utc(year, 1, 1)
            var seen: [Int64] = []
            while let next = rules.nextTransition(after: instant), next < utc(year + 1, 1, 1) {
                seen.append(next)
                instant = next
            }
            #expect(seen.count == 2, "\(year): \(seen)")
        }
    }

    @Test func extremeInstantsDoNotTrap() throws {
        let rules = try load("Europe/Berlin")
        for instant in [Int64.min, .min + 1, -(1 << 59), 1 << 59, .max - 1, .max] {
            #expect([3600, 7200, 3208].contains(rules.offset(at: instant)), "\(instant)")
            _ = rules.nextTransition(after: instant)
        }
        #expect(rules.nextTransition(after: .max) == nil)
        let next = try #require(rules.nextTransition(after: 1 << 50))
        #expect(next > 1 << 50 && next - (1 << 50) < 366 * 86_400)
        #expect(rules.offset(at: next) != rules.offset(at: next - 1))
    }
}

@Suite("Zone rules: POSIX TZ strings")
struct POSIXRuleTests {
    @Test func usEasternMatchesTheNewYorkFile() throws {
        let posix = try ZoneRules(posix: "EST5EDT,M3.2.0,M11.1.0", identifier: "posix")
        let file = try load("America/New_York")
        var generator = SplitMix64(state: 7)
        for _ in 0..<2000 {
            let instant = Int64.random(in: utc(2007, 1, 1)..<utc(2200, 1, 1), using: &generator)
            #expect(posix.offset(at: instant) == file.offset(at: instant), "\(instant)")
            #expect(posix.abbreviation(at: instant) == file.abbreviation(at: instant), "\(instant)")
        }
    }

    @Test(
        arguments: [
            // Lord Howe: half-hour DST in the southern summer.
            ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", utc(2024, 1, 1), utc(2024, 4, 6, 15), 37_800),
            // Central Europe: back at 03:00 local.
            ("CET-1CEST,M3.5.0,M10.5.0/3", utc(2024, 3, 1), utc(2024, 3, 31, 1), 7200),
            ("CET-1CEST,M3.5.0,M10.5.0/3", utc(2024, 4, 1), utc(2024, 10, 27, 1), 3600),
            // Jerusalem: 26:00 on the Thursday is 02:00 on the Friday.
            ("IST-2IDT,M3.4.4/26,M10.5.0", utc(2024, 1, 1), utc(2024, 3, 29), 10_800),
            // Gaza: 50:00 on a Thursday.
            ("EET-2EEST,M3.4.4/50,M10.4.4/50", utc(2190, 1, 1), utc(2190, 3, 27), 10_800),
            // Nuuk: -1:00 on the Sunday is 23:00 on the Saturday.
            ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", utc(2024, 1, 1), utc(2024, 3, 31, 1), -3600),
            // Santiago: DST spans the new year; 24:00 on the Saturday.
            ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", utc(2149, 12, 1), utc(2150, 4, 5, 3), -14_400),
            // St John's: a 3:30 offset with a default 02:00 local switch.
            ("NST3:30NDT,M3.2.0,M11.1.0", utc(2024, 1, 1), utc(2024, 3, 10, 5, 30), -9000),
            // Jn never counts February 29, so J60 is March 1 even in a leap year.
            ("XXX0YYY,J60/0,J300/0", utc(2024, 1, 1), utc(2024, 3, 1), 3600),
            // n counts it, so 59 is February 29 in a leap year and March 1 otherwise.
            ("XXX0YYY,59/0,300/0", utc(2024, 1, 1), utc(2024, 2, 29), 3600),
            ("XXX0YYY,59/0,300/0", utc(2023, 1, 1), utc(2023, 3, 1), 3600),
            // Without a rule, the US one.
            ("EST5EDT", utc(2024, 1, 1), utc(2024, 3, 10, 7), -14_400),
        ] as [(String, Int64, Int64, Int)])
    func nextTransition(_ text: String, _ after: Int64, _ expected: Int64, _ offsetThen: Int) throws {
        let rules = try ZoneRules(posix: text, identifier: text)
        #expect(rules.nextTransition(after: after) == expected)
        #expect(rules.offset(at: expected) == offsetThen)
        #expect(rules.offset(at: expected - 1) != offsetThen)
    }

    @Test(arguments: [
        ("<+0545>-5:45", 20_700, "+0545"), ("<+13>-13", 46_800, "+13"), ("UTC0", 0, "UTC"),
        ("<-0930>9:30", -34_200, "-0930"), ("JST-9", 32_400, "JST"),
    ])
    func fixedRules(_ text: String, _ offset: Int, _ abbreviation: String) throws {
        let rules = try ZoneRules(posix: text, identifier: text)
        for instant in [Int64.min, -1, 0, utc(2150, 7, 1), .max] {
            #expect(rules.offset(at: instant) == offset)
            #expect(rules.abbreviation(at: instant) == abbreviation)
        }
        #expect(rules.nextTransition(after: 0) == nil)
    }

    /// RFC 8536 §3.3.1's example of daylight time all year: it ends at 25:00 on Dec 31 just as it restarts.
    @Test func allYearDaylightTimeNeverChanges() throws {
        let rules = try ZoneRules(posix: "EST5EDT4,0/0,J365/25", identifier: "x")
        for instant in stride(from: utc(2023, 12, 30), to: utc(2025, 1, 3), by: 3600 * 7) {
            #expect(rules.offset(at: instant) == -14_400, "\(instant)")
        }
        #expect(rules.nextTransition(after: 0) == nil)
    }

    @Test(arguments: [
        "", "EST", "5EST", "ES5", "EST5EDT,M3.2.0", "EST5EDT,M13.2.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,M3.2.7,M11.1.0", "<+05-5", "EST25", "EST5EDT,J0,J365", "EST5EDT,M3.2.0/168,M11.1.0", "EST5 EDT",
        "EST5EDT,M3.2.0,M11.1.0x", "EST5EDT,,", "<>5", "EST5:60", "EST5EDT,366,1",
    ])
    func refuses(_ text: String) {
        #expect(throws: ZoneRules.Failure.self) { try ZoneRules(posix: text, identifier: "x") }
    }
}
