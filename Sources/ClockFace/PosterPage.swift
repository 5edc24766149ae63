/// Where things go on `LifePoster`'s page, in millimetres: margins, the title block, the grid as large as the page
/// allows with square cells (52 across, a row a year), the key under it. Sizes grow with the paper (`unit` is 1 on
/// A4, √2 on A3), so an A3 poster is an A4 one enlarged.
struct PosterPage {
    let width: Double
    let height: Double
    let unit: Double
    let margin: Double
    let gridTop: Double
    let gridLeft: Double
    /// From one cell to the next.
    let pitch: Double
    /// A cell's side: the pitch less a gap, so the cells read as a grid.
    let cell: Double

    init(paper: LifePoster.Paper, years: Int) {
        (width, height) = paper.millimetres
        unit = width / 210
        margin = 12 * unit
        gridTop = margin + 25 * unit
        // Room for the year numbers on the left, and for the key under the grid.
        let labels = 8 * unit
        let across = width - 2 * margin - labels
        let down = height - margin - 10 * unit - gridTop
        pitch = min(across / 52, down / Double(max(1, years)))
        cell = pitch * 0.78
        gridLeft = margin + labels + (across - 52 * pitch) / 2
    }

    /// The year numbers' and week numbers' size: small enough for a row of a 150-year life.
    var labelSize: Double { min(2.4 * unit, max(1.2 * unit, pitch * 0.9)) }
    var stroke: Double { 0.15 * unit }

    func cellOrigin(week: Int, year: Int) -> (x: Double, y: Double) {
        (gridLeft + Double(week) * pitch, gridTop + Double(year) * pitch)
    }
}
