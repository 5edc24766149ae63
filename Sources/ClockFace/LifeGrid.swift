/// The life grid drawn in dots: one cell a week, 52 across (a year a row), `pitch` dots from one cell to the next.
/// A lived week (and this one) is a filled square, `pitch - 1` dots wide with a dot of gap (a single dot at
/// pitch 1 and 2); from pitch 3 on a week to come shows its top-left dot, so the empty cells show too. When the
/// whole life does not fit, a window of `visibleYears` rows from `firstYear` is drawn, the one holding this week.
struct LifeGrid: Equatable {
    static let weeksPerYear = 52
    /// The largest pitch tried: at 4 a year's row is already 104 columns of braille.
    static let maxPitch = 4

    let style: DotStyle
    let pitch: Int
    let years: Int
    let firstYear: Int
    let visibleYears: Int

    /// Columns of the year ruler left of the frame: the widest label and a space.
    var rulerColumns: Int { String(max(0, (years - 1) / 10 * 10)).count + 1 }
    /// The dots' cells, inside the frame.
    var canvasColumns: Int { (Self.weeksPerYear * pitch + style.dotsAcross - 1) / style.dotsAcross }
    var canvasRows: Int { (visibleYears * pitch + style.dotsDown - 1) / style.dotsDown }
    /// The whole grid: ruler, frame and dots.
    var columns: Int { rulerColumns + 2 + canvasColumns }
    var rows: Int { canvasRows + 2 }

    /// The largest grid that fits `columns` × `rows` cells: the whole life at the largest pitch that fits, else
    /// at pitch 1 the window of years around `currentYear` that fits; nil when not even one row of cells fits.
    static func fitting(years: Int, currentYear: Int, columns: Int, rows: Int, style: DotStyle) -> LifeGrid? {
        for pitch in stride(from: maxPitch, through: 1, by: -1) {
            let whole = LifeGrid(style: style, pitch: pitch, years: years, firstYear: 0, visibleYears: years)
            if whole.columns <= columns && whole.rows <= rows { return whole }
        }
        let visible = min(years, (rows - 2) * style.dotsDown)
        let window = LifeGrid(style: style, pitch: 1, years: years, firstYear: 0, visibleYears: visible)
        guard visible >= 1, window.columns <= columns else { return nil }
        // This week's year in the window, a little above its middle; the first row a whole cell row, so the rows
        // of years do not shift against the cells as the window moves.
        let centred = currentYear - visible / 3
        let aligned = centred / style.dotsDown * style.dotsDown
        let first = max(0, min(years - visible, aligned))
        return LifeGrid(style: style, pitch: 1, years: years, firstYear: first, visibleYears: visible)
    }

    /// The dots, and the cell holding this week (nil when it is not on the grid: outlived, or out of the window).
    func draw(weeksLived: Int) -> (canvas: DotCanvas, thisWeek: (column: Int, row: Int)?) {
        var canvas = DotCanvas(columns: canvasColumns, rows: canvasRows, style: style)
        let side = max(1, pitch - 1)
        for year in firstYear..<(firstYear + visibleYears) {
            for week in 0..<Self.weeksPerYear {
                let (x, y) = (week * pitch, (year - firstYear) * pitch)
                if year * Self.weeksPerYear + week <= weeksLived {
                    for dy in 0..<side { for dx in 0..<side { canvas.set(x: x + dx, y: y + dy) } }
                } else if pitch >= 3 {
                    canvas.set(x: x, y: y)
                }
            }
        }
        let year = weeksLived / Self.weeksPerYear
        guard weeksLived < years * Self.weeksPerYear, (firstYear..<(firstYear + visibleYears)).contains(year) else {
            return (canvas, nil)
        }
        let (x, y) = (weeksLived % Self.weeksPerYear * pitch, (year - firstYear) * pitch)
        return (canvas, (x / style.dotsAcross, y / style.dotsDown))
    }

    /// The year labelled on a row of cells: a multiple of 10 starting on it, if any.
    func rulerLabel(row: Int) -> String? {
        (firstYear..<(firstYear + visibleYears)).first { year in
            year % 10 == 0 && (year - firstYear) * pitch / style.dotsDown == row
        }.map(String.init)
    }
}
