/// `noisectl iss compass`: a compass rose (north up) with a needle to the satellite's bearing, an elevation gauge
/// beside it (0° at the bottom, 90° at the top, the satellite's mark while it is up), and the words under them
/// ("look WSW, 34° up, rising"). Pure, so golden tests draw it at a fixed sighting.
public enum CompassFace {
    /// What the face shows: the bearing and elevation (degrees), and the lines of text under it.
    public struct Reading: Sendable, Equatable {
        public var azimuth: Double
        public var elevation: Double
        public var lines: [String]

        public init(azimuth: Double, elevation: Double, lines: [String]) {
            self.azimuth = azimuth
            self.elevation = elevation
            self.lines = lines
        }
    }

    static let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    /// Columns kept right of the rose for the gauge and its labels.
    static let gaugeColumns = 8

    public static func render(_ reading: Reading, size: TerminalSize, style: DotStyle = .braille) -> ClockFrame {
        let textRows = min(reading.lines.count, max(0, size.rows - 1))
        let roseRows = size.rows - textRows
        var canvas = DotCanvas(columns: max(0, size.columns - gaugeColumns), rows: roseRows, style: style)
        if let dial = AnalogDial(columns: canvas.columns, rows: canvas.rows, style: style) {
            drawRose(dial, on: &canvas)
            let tip = dial.point(turns: reading.azimuth / 360, distance: Double(dial.innerRadius) * 0.85)
            canvas.line(fromX: dial.centerX, y: dial.centerY, toX: tip.x, y: tip.y)
            canvas.line(fromX: dial.centerX + 1, y: dial.centerY, toX: tip.x + 1, y: tip.y)
        }
        var frame = ClockFrame(size: size)
        for (row, line) in canvas.lines().enumerated() {
            frame.put([ClockFrame.Span(line, .digits)], row: row, column: 0)
        }
        drawGauge(reading.elevation, rows: roseRows, column: canvas.columns, on: &frame)
        for (index, line) in reading.lines.prefix(textRows).enumerated() {
            frame.center(ClockFrame.Span(line, index == 0 ? .plain : .dim), row: roseRows + index)
        }
        return frame
    }

    /// The circle, a tick at every 22.5°, and the eight points' letters inside it.
    static func drawRose(_ dial: AnalogDial, on canvas: inout DotCanvas) {
        canvas.circle(centerX: dial.centerX, centerY: dial.centerY, radius: dial.radius)
        dial.drawTicks(count: 16, longEvery: 2, on: &canvas)
        for (index, point) in points.enumerated() {
            let turns = Double(index) / 8
            canvas.write(point, centeredOn: dial.labelMiddle(point, turns: turns))
        }
    }

    /// A column of `│` from 90° (top) to 0° (bottom) with a `◆` at the elevation when it is above the horizon.
    static func drawGauge(_ elevation: Double, rows: Int, column: Int, on frame: inout ClockFrame) {
        guard rows >= 3 else { return }
        let top = 0, bottom = rows - 1
        let mark = elevation >= 0 ? bottom - Int((min(90, elevation) / 90 * Double(bottom - top)).rounded()) : nil
        for row in top...bottom {
            let label = row == top ? " 90°" : row == bottom ? "  0°" : ""
            let symbol = row == mark ? "◆" : "│"
            frame.put(
                [ClockFrame.Span(" " + symbol, row == mark ? .alert : .dim), ClockFrame.Span(label, .dim)],
                row: row, column: column)
        }
    }
}
