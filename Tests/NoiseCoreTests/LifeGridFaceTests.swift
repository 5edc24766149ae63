import Testing

@testable import ClockFace
@testable import LifeCalendar
@testable import NoiseTime

/// `noisectl life`'s view: golden frames at several sizes, and what the grid must show whatever the size.
@Suite("Life grid face")
struct LifeGridFaceTests {
    static func reading(
        _ birth: String = "1990-01-01", today: String = "2024-06-15", years: Int = 80,
        bonus: Int? = 25, entry: GratitudeEntry? = nil
    ) throws -> LifeGridFace.Reading {
        let (born, day) = (try LocalDate.parse(birth), try LocalDate.parse(today))
        let figures = try LifeSpan(birth: born, years: years).figures(today: day)
        return LifeGridFace.Reading(
            today: day, birth: born, years: years, figures: figures, bonusMinutes: bonus,
            lastEntry: entry)
    }

    static let entry = GratitudeEntry(
        date: try! LocalDate.parse("2024-06-14"),
        text: "The long walk by the river with Anna, and the rain that held off\nsecond line",
        savedAt: 0)

    /// The set dots of every braille cell in the frame: at pitch 1 a week is one dot, so this is the weeks drawn
    /// filled (the panel's big digits are block characters, not braille).
    static func brailleDots(_ frame: ClockFrame) -> Int {
        frame.text.joined().unicodeScalars.reduce(0) { count, scalar in
            (0x2801...0x28FF).contains(scalar.value) ? count + (scalar.value - 0x2800).nonzeroBitCount : count
        }
    }

    /// The alert-styled cells: (row, column, text).
    static func alerts(_ frame: ClockFrame) -> [(row: Int, column: Int, text: String)] {
        frame.lines.enumerated().flatMap { row, spans in
            var column = 0
            return spans.compactMap { span -> (Int, Int, String)? in
                defer { column += DisplayWidth.of(span.text) }
                return span.style == .alert ? (row, column, span.text) : nil
            }
        }
    }

    @Test(arguments: [(80, 24), (160, 50), (40, 30), (100, 30)])
    func theGoldenGrid(_ columns: Int, _ rows: Int) throws {
        let frame = LifeGridFace.render(
            try Self.reading(entry: Self.entry), size: TerminalSize(columns: columns, rows: rows))
        GoldenFrame.check(frame.text, "life-\(columns)x\(rows)")
        #expect(frame.text.count == rows && frame.text.allSatisfy { DisplayWidth.of($0) == columns })
    }

    @Test func at80x24TheWholeLifeFitsOneDotAWeekWithTheDeathClockBeside() throws {
        let frame = LifeGridFace.render(try Self.reading(entry: Self.entry), size: TerminalSize(columns: 80, rows: 24))
        // 1,797 weeks lived and this week's: 1,798 dots.
        #expect(Self.brailleDots(frame) == 1_798)
        let text = frame.text.joined(separator: "\n")
        for words in [
            "days remaining", "1,797 of 4,160 weeks lived", "43.2 % lived", "expected end 2070-01-01",
            "Today's bonus +25 min", "Grateful, 2024-06-14:", "The long walk",
        ] {
            #expect(text.contains(words), "\(words)")
        }
        #expect(!text.contains("second line"))
        // The ruler: 0, 10, … 70, one label each, down the left, in order.
        let labels = frame.text.compactMap { line in Int(line.prefix(while: { $0 != "│" }).trimmingCharacters()) }
        #expect(labels == [0, 10, 20, 30, 40, 50, 60, 70])
        // The big digits of 16636: five glyphs of block characters.
        #expect(frame.text.filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }.count >= 3)
    }

    @Test func thisWeeksCellAloneIsInTheAlertColourWhereItsWeekFalls() throws {
        let size = TerminalSize(columns: 80, rows: 24)
        let frame = LifeGridFace.render(try Self.reading(), size: size)
        let alerts = Self.alerts(frame)
        try #require(alerts.count == 1)
        // Week 1,797 is week 29 of year 34: at one dot a week, braille cell 14 across (2 dots a cell) and 8 down
        // (4 a cell), inside the frame's corner, which is the top-left "┌".
        let top = try #require(frame.text.firstIndex { $0.contains("┌") })
        let left = Array(frame.text[top].unicodeScalars).firstIndex(of: "┌")!
        #expect(alerts[0].row == top + 1 + 8 && alerts[0].column == left + 1 + 14)
        #expect(alerts[0].text.unicodeScalars.allSatisfy { (0x2801...0x28FF).contains($0.value) })
    }

    @Test func aLargerTerminalGetsALargerPitchAndEveryLivedWeekStillShows() throws {
        let frame = LifeGridFace.render(try Self.reading(), size: TerminalSize(columns: 160, rows: 50))
        // Pitch 2: one dot a week with a dot of gap, so still 1,798 dots, over 52 columns.
        #expect(Self.brailleDots(frame) == 1_798)
        let top = try #require(frame.text.firstIndex { $0.contains("┌") })
        #expect(frame.text[top].filter { $0 == "─" }.count == 52)
    }

    @Test func outlivedEveryCellIsFilledAndTheDaysPastAreCounted() throws {
        let frame = LifeGridFace.render(
            try Self.reading("1930-01-01", today: "2024-06-15", bonus: nil),
            size: TerminalSize(columns: 80, rows: 24))
        GoldenFrame.check(frame.text, "life-outlived-80x24")
        #expect(Self.brailleDots(frame) == 4_160 && Self.alerts(frame).isEmpty)
        let text = frame.text.joined(separator: "\n")
        // 2010-01-01 to 2024-06-15.
        #expect(text.contains("5,279 days past the expected end") && text.contains("days remaining"))
        #expect(!text.contains("bonus"), "offline: no bonus line")
    }

    @Test func withoutABirthDateItSaysHowToSetOne() throws {
        let today = try LocalDate.parse("2024-06-15")
        let reading = LifeGridFace.Reading(
            today: today, birth: nil, years: 80, figures: nil, bonusMinutes: -10,
            lastEntry: Self.entry)
        let frame = LifeGridFace.render(reading, size: TerminalSize(columns: 80, rows: 24))
        GoldenFrame.check(frame.text, "life-nobirth-80x24")
        let text = frame.text.joined(separator: "\n")
        #expect(
            text.contains("No birth date set.") && text.contains("noisectl life set --birth YYYY-MM-DD [--years N]"))
        #expect(text.contains("Today's bonus -10 min") && Self.brailleDots(frame) == 0)
    }

    @Test func aLongLifeInAShortTerminalShowsTheWindowOfYearsAroundThisWeek() throws {
        let frame = LifeGridFace.render(
            try Self.reading("1950-01-01", years: 150), size: TerminalSize(columns: 80, rows: 24))
        let labels = frame.text.compactMap { line in Int(line.prefix(while: { $0 != "│" }).trimmingCharacters()) }
        // 22 rows of cells hold 88 years; this week (year 74) is in them, and so is its highlight.
        #expect(labels.count >= 8 && labels.first! > 0 && labels.last! < 150 && labels.contains(70))
        #expect(Self.alerts(frame).count == 1)
    }

    @Test func theBlocksStyleDrawsTheSameWeeks() throws {
        let frame = LifeGridFace.render(try Self.reading(), size: TerminalSize(columns: 120, rows: 50), style: .blocks)
        let halves = frame.text.joined().reduce(0) { $0 + ($1 == "█" ? 2 : $1 == "▀" || $1 == "▄" ? 1 : 0) }
        // One half block a week below the grid's frame; the big digits add their own blocks beside it.
        #expect(halves >= 1_798 && Self.alerts(frame).count == 1)
    }

    @Test func anySizeGivesWholeLinesAndNoTrap() throws {
        let readings = [
            try Self.reading(entry: Self.entry), try Self.reading("1930-01-01"),
            try Self.reading("2024-06-15", years: 1), try Self.reading("1900-01-01", years: 150),
        ]
        for reading in readings {
            for (columns, rows) in [
                (1, 1), (2, 1), (3, 2), (10, 1), (10, 4), (20, 6), (33, 9), (200, 3), (7, 60),
                (300, 120),
            ] {
                let frame = LifeGridFace.render(reading, size: TerminalSize(columns: columns, rows: rows))
                #expect(frame.text.count == rows && frame.text.allSatisfy { DisplayWidth.of($0) == columns })
            }
        }
    }

    @Test func theWordsAreSharedWithTheClocksOverlay() throws {
        let figures = try #require(try Self.reading().figures)
        #expect(LifeText.overlay(figures: figures, bonusMinutes: 25) == "16,636 days remaining · bonus +25 min")
        #expect(LifeText.overlay(figures: figures, bonusMinutes: nil) == "16,636 days remaining")
        #expect(LifeText.overlay(figures: nil, bonusMinutes: 0).contains("noisectl life set --birth"))
        #expect(
            LifeText.grouped(1_234_567) == "1,234,567" && LifeText.grouped(-1_000) == "-1,000"
                && LifeText.grouped(999) == "999")
        #expect(LifeText.days(1) == "1 day" && LifeText.firstLine("\n  hello  \nworld") == "hello")
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
