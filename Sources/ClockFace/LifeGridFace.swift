import LifeCalendar
import NoiseTime

/// `noisectl life`: the death clock and the life grid. The grid (`LifeGrid`) has a cell a week, 52 a row, a row a
/// year, lived weeks filled, this week's cell in the alert colour (bold white on red: it stays visible in a still
/// frame, where a blink would be missed), weeks to come empty, and the years ruled every 10 on its left. Beside it
/// (under it on a narrow terminal) the days remaining in big digits, the weeks and percent lived, today's habit
/// bonus and the last gratitude entry. Pure, so golden tests draw it for fixed figures.
public enum LifeGridFace {
    /// What the view shows: today and the life (nil birth: none set yet), the bonus (nil: not known, as offline)
    /// and the last diary entry, and a note in small print (the daemon went away).
    public struct Reading: Sendable, Equatable {
        public var today: LocalDate
        public var birth: LocalDate?
        public var years: Int
        public var figures: LifeFigures?
        public var bonusMinutes: Int?
        public var lastEntry: GratitudeEntry?
        public var note: String?

        public init(
            today: LocalDate, birth: LocalDate?, years: Int, figures: LifeFigures?, bonusMinutes: Int? = nil,
            lastEntry: GratitudeEntry? = nil, note: String? = nil
        ) {
            self.today = today
            self.birth = birth
            self.years = years
            self.figures = figures
            self.bonusMinutes = bonusMinutes
            self.lastEntry = lastEntry
            self.note = note
        }
    }

    /// Columns the panel beside the grid needs at least: `16,636 days remaining`.
    static let panelColumns = 22
    static let gap = 2

    public static func render(_ reading: Reading, size: TerminalSize, style: DotStyle = .braille) -> ClockFrame {
        guard let figures = reading.figures else { return renderWithoutBirth(reading, size: size) }
        let currentYear = figures.weeksLived / LifeGrid.weeksPerYear
        let years = figures.totalWeeks / LifeGrid.weeksPerYear
        let besideRoom = size.columns - gap - panelColumns
        if let grid = LifeGrid.fitting(
            years: years, currentYear: currentYear, columns: besideRoom, rows: size.rows,
            style: style)
        {
            return beside(grid, figures: figures, reading: reading, size: size)
        }
        return stacked(figures: figures, reading: reading, size: size, style: style)
    }

    /// The grid on the left, the panel right of it, the pair centred.
    static func beside(_ grid: LifeGrid, figures: LifeFigures, reading: Reading, size: TerminalSize) -> ClockFrame {
        let panelRoom = size.columns - grid.columns - gap
        let panel = LifePanel.lines(figures: figures, reading: reading, width: panelRoom, rows: size.rows)
        let panelWidth = min(panelRoom, panel.map { DisplayWidth.of($0.text) }.max() ?? 0)
        let left = (size.columns - grid.columns - gap - panelWidth) / 2
        let top = (size.rows - max(grid.rows, panel.count)) / 2
        var frame = ClockFrame(size: size)
        put(grid, weeksLived: figures.weeksLived, on: &frame, row: top, column: left)
        for (index, span) in panel.enumerated() {
            frame.put([span], row: top + index, column: left + grid.columns + gap)
        }
        return frame
    }

    /// A terminal too narrow for the panel beside the grid: the panel's short form on top, the grid under it
    /// with the rows left (a window of years), or only the words when no grid fits.
    static func stacked(figures: LifeFigures, reading: Reading, size: TerminalSize, style: DotStyle) -> ClockFrame {
        var words = LifePanel.compact(figures: figures, reading: reading)
        let grid = LifeGrid.fitting(
            years: figures.totalWeeks / LifeGrid.weeksPerYear,
            currentYear: figures.weeksLived / LifeGrid.weeksPerYear, columns: size.columns,
            rows: size.rows - words.count - 1, style: style)
        if grid == nil { words = Array(words.prefix(size.rows)) }
        var frame = ClockFrame(size: size)
        let height = words.count + (grid.map { $0.rows + 1 } ?? 0)
        let top = max(0, (size.rows - height) / 2)
        for (index, span) in words.enumerated() { frame.center(span, row: top + index) }
        if let grid {
            put(
                grid, weeksLived: figures.weeksLived, on: &frame, row: top + words.count + 1,
                column: (size.columns - grid.columns) / 2)
        }
        return frame
    }

    /// No birth date yet: say so and how to set one, with the bonus and the diary if the daemon gave them.
    static func renderWithoutBirth(_ reading: Reading, size: TerminalSize) -> ClockFrame {
        var lines: [ClockFrame.Span] = [
            .init("No birth date set.", .digits), .init("Set it with"),
            .init(LifeText.setBirthHint), .init(""),
        ]
        lines += LifePanel.daily(reading, width: size.columns).filter { !$0.text.isEmpty }
        if let note = reading.note { lines.append(.init(note, .dim)) }
        var frame = ClockFrame(size: size)
        let shown = lines.prefix(size.rows)
        let top = (size.rows - shown.count) / 2
        for (index, span) in shown.enumerated() { frame.center(span, row: top + index) }
        return frame
    }

    /// The grid's lines at `row`, `column`: the ruler, the frame round the dots, this week's cell in `.alert`.
    static func put(_ grid: LifeGrid, weeksLived: Int, on frame: inout ClockFrame, row: Int, column: Int) {
        let (canvas, thisWeek) = grid.draw(weeksLived: weeksLived)
        let ruler = String(repeating: " ", count: grid.rulerColumns)
        let rule = String(repeating: "─", count: grid.canvasColumns)
        frame.put([.init(ruler + "┌" + rule + "┐", .dim)], row: row, column: column)
        for (index, line) in canvas.lines().enumerated() {
            let label = grid.rulerLabel(row: index).map {
                String(repeating: " ", count: grid.rulerColumns - 1 - $0.count) + $0 + " "
            }
            var spans: [ClockFrame.Span] = [.init(label ?? ruler, .dim), .init("│", .dim)]
            let scalars = Array(line.unicodeScalars)
            if let thisWeek, thisWeek.row == index {
                spans += [
                    .init(text(scalars[..<thisWeek.column]), .digits),
                    .init(text(scalars[thisWeek.column...thisWeek.column]), .alert),
                    .init(text(scalars[(thisWeek.column + 1)...]), .digits),
                ]
            } else {
                spans.append(.init(line, .digits))
            }
            spans.append(.init("│", .dim))
            frame.put(spans, row: row + 1 + index, column: column)
        }
        frame.put([.init(ruler + "└" + rule + "┘", .dim)], row: row + 1 + canvas.rows, column: column)
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }
}
