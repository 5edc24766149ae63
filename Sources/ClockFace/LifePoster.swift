import LifeCalendar
import NoiseCore
import NoiseTime

/// `noisectl life grid --svg`: the life grid as a printable page. Portrait A4 or A3 in millimetres (the viewBox is
/// the page in mm, so a printer gets it at true size): a title and the figures, 52 week columns, a row a year with
/// its number every 5 years (every 10 past 100 years), lived weeks filled, this week in red, weeks to come outlined,
/// and a key. The cells are the `rect`s of the group `weeks`, one a week, with the class `lived`, `now` or
/// `future`, so a script can count them. Pure: the caller writes the file.
public enum LifePoster {
    public enum Paper: String, Sendable, CaseIterable {
        case a4, a3

        /// Width and height in millimetres, portrait (ISO 216).
        public var millimetres: (width: Double, height: Double) {
            switch self {
            case .a4: (210, 297)
            case .a3: (297, 420)
            }
        }
    }

    /// What the page shows: the life, today and its figures.
    public struct Life: Sendable, Equatable {
        public var birth: LocalDate
        public var years: Int
        public var today: LocalDate
        public var figures: LifeFigures

        public init(birth: LocalDate, years: Int, today: LocalDate, figures: LifeFigures) {
            self.birth = birth
            self.years = years
            self.today = today
            self.figures = figures
        }
    }

    public static func svg(_ life: Life, paper: Paper = .a4) -> String {
        let page = PosterPage(paper: paper, years: life.years)
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(mm(page.width))mm" height="\(mm(page.height))mm" \
            viewBox="0 0 \(mm(page.width)) \(mm(page.height))" font-family="sans-serif">
            <title>\(MarkupText.escaped(title(life)))</title>
            <style>.lived{fill:#222}.now{fill:#d62828}.future{fill:none;stroke:#999;stroke-width:\(mm(page.stroke))}\
            text{fill:#222}.small{fill:#555}</style>
            <rect width="100%" height="100%" fill="#fff"/>

            """
        svg += text("A life in weeks", x: page.margin, y: page.margin + 7 * page.unit, size: 7 * page.unit)
        svg += text(title(life), x: page.margin, y: page.margin + 13 * page.unit, size: 3.2 * page.unit)
        svg += text(
            LifeText.weeksLived(life.figures) + " (" + LifeText.percent(life.figures) + ") · "
                + LifeText.remaining(life.figures) + " · expected end \(life.figures.expectedEndDate)",
            x: page.margin, y: page.margin + 18 * page.unit, size: 3.2 * page.unit, small: true)
        svg += weekLabels(page) + yearLabels(page, years: life.years)
        svg += cells(page, years: life.years, weeksLived: life.figures.weeksLived)
        svg += key(page)
        return svg + "</svg>\n"
    }

    static func title(_ life: Life) -> String {
        "Born \(life.birth) · expectancy \(life.years) years · as of \(life.today)"
    }

    /// One `rect` a week, row by row: lived, this week, to come.
    static func cells(_ page: PosterPage, years: Int, weeksLived: Int) -> String {
        var group = "<g id=\"weeks\">\n"
        let side = mm(page.cell)
        for year in 0..<years {
            for week in 0..<52 {
                let index = year * 52 + week
                let kind = index < weeksLived ? "lived" : index == weeksLived ? "now" : "future"
                let (x, y) = page.cellOrigin(week: week, year: year)
                group +=
                    "<rect class=\"\(kind)\" x=\"\(mm(x))\" y=\"\(mm(y))\" width=\"\(side)\" height=\"\(side)\"/>\n"
            }
        }
        return group + "</g>\n"
    }

    /// Weeks 1, 10, 20, 30, 40 and 52 over their columns.
    static func weekLabels(_ page: PosterPage) -> String {
        [1, 10, 20, 30, 40, 52].map { week in
            let (x, _) = page.cellOrigin(week: week - 1, year: 0)
            return text(
                String(week), x: x + page.cell / 2, y: page.gridTop - page.unit, size: page.labelSize,
                anchor: "middle", small: true)
        }.joined()
    }

    /// The years' numbers left of their rows: every 5, or every 10 for a life longer than 100 years.
    static func yearLabels(_ page: PosterPage, years: Int) -> String {
        let every = years > 100 ? 10 : 5
        return stride(from: 0, to: years, by: every).map { year in
            let (x, y) = page.cellOrigin(week: 0, year: year)
            return text(
                String(year), x: x - page.unit, y: y + page.cell / 2 + page.labelSize * 0.35,
                size: page.labelSize, anchor: "end", small: true)
        }.joined()
    }

    /// What the three kinds of cell mean, under the grid.
    static func key(_ page: PosterPage) -> String {
        var group = "<g id=\"key\">\n"
        var x = page.margin
        let y = page.height - page.margin - page.labelSize
        for (kind, words) in [("lived", "weeks lived"), ("now", "this week"), ("future", "weeks to come")] {
            group +=
                "<rect class=\"\(kind)\" x=\"\(mm(x))\" y=\"\(mm(y - page.labelSize * 0.8))\" "
                + "width=\"\(mm(page.labelSize))\" height=\"\(mm(page.labelSize))\"/>\n"
            group += text(words, x: x + page.labelSize * 1.5, y: y, size: page.labelSize, small: true)
            x += 30 * page.unit
        }
        return group + "</g>\n"
    }

    static func text(
        _ words: String, x: Double, y: Double, size: Double, anchor: String = "start",
        small: Bool = false
    ) -> String {
        "<text x=\"\(mm(x))\" y=\"\(mm(y))\" font-size=\"\(mm(size))\""
            + (anchor == "start" ? "" : " text-anchor=\"\(anchor)\"")
            + (small ? " class=\"small\"" : "") + ">\(MarkupText.escaped(words))</text>\n"
    }

    /// Millimetres to a hundredth, which no printer resolves.
    static func mm(_ value: Double) -> String { value.fixed(2) }

}
