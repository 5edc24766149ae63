import NoiseCore
import Testing

@testable import ClockFace
@testable import LifeCalendar
@testable import NoiseTime

/// `noisectl life grid --svg`: the page's size and the cells (Tests/integration/test_life_view.py parses it as XML).
@Suite("Life poster")
struct LifePosterTests {
    static func life(_ birth: String, _ today: String, years: Int = 80) throws -> LifePoster.Life {
        let (born, day) = (try LocalDate.parse(birth), try LocalDate.parse(today))
        return LifePoster.Life(
            birth: born, years: years, today: day,
            figures: try LifeSpan(birth: born, years: years).figures(today: day))
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.split(separator: "\n").filter { $0.contains(needle) }.count
    }

    @Test func anA4PageWithACellAWeekLivedOnesFilledAndThisWeekMarked() throws {
        let svg = LifePoster.svg(try Self.life("1990-01-01", "2024-06-15"), paper: .a4)
        #expect(svg.contains("width=\"210.00mm\" height=\"297.00mm\" viewBox=\"0 0 210.00 297.00\""))
        let weeks = try #require(svg.split(separator: "<g id=\"weeks\">").last?.split(separator: "</g>").first)
        #expect(Self.count("<rect class=\"lived\"", in: String(weeks)) == 1_797)
        #expect(Self.count("<rect class=\"now\"", in: String(weeks)) == 1)
        #expect(Self.count("<rect ", in: String(weeks)) == 4_160)
        #expect(svg.contains(">Born 1990-01-01 · expectancy 80 years · as of 2024-06-15</text>"))
        #expect(svg.contains(">70</text>") && svg.contains(">75</text>") && !svg.contains(">80</text>"))
    }

    @Test func theGridStaysOnThePageForEveryExpectancyAndBothPapers() throws {
        for paper in LifePoster.Paper.allCases {
            for years in [1, 80, 100, 150] {
                let page = PosterPage(paper: paper, years: years)
                let last = page.cellOrigin(week: 51, year: years - 1)
                #expect(page.gridLeft >= page.margin && last.x + page.cell <= page.width - page.margin)
                #expect(last.y + page.cell <= page.height - page.margin - 5 * page.unit, "\(paper) \(years)")
            }
        }
        let a3 = LifePoster.svg(try Self.life("1950-06-30", "2024-06-15", years: 150), paper: .a3)
        #expect(
            a3.contains("viewBox=\"0 0 297.00 420.00\"") && a3.contains(">140</text>") && !a3.contains(">145</text>"))
    }

    @Test func outlivedEveryCellIsLivedAndNoneIsThisWeek() throws {
        let svg = LifePoster.svg(try Self.life("1930-01-01", "2024-06-15"))
        #expect(Self.count("<rect class=\"lived\"", in: svg) == 4_160 + 1, "the grid's and the key's")
        #expect(Self.count("<rect class=\"now\"", in: svg) == 1, "the key's only")
    }

    @Test func textIsEscaped() {
        #expect(MarkupText.escaped("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
    }
}
