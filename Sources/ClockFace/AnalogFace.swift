/// The analog clock of `noisectl clock --analog`: a circle, 60 ticks (longer every five minutes), the numbers 1 to
/// 12, and hour, minute and second hands, drawn in dots. Pure: the time and the terminal size are given, so any
/// frame can be made and compared in a test.
public enum AnalogFace {
    /// Exactly `size.rows` lines of exactly `size.columns` Unicode scalars. 12 is at the top and the hands turn
    /// clockwise; the hour hand moves on with the minutes and seconds, the minute hand with the seconds.
    /// `complication` (a zone's offset, `Kolkata +5:30`) is written inside the face below the centre. A terminal
    /// too small for a readable face gets the time in digits on its middle line instead.
    public static func render(
        _ reading: ClockReading, size: TerminalSize, style: DotStyle = .braille,
        seconds: Bool = true, complication: String? = nil
    ) -> [String] {
        var canvas = DotCanvas(columns: size.columns, rows: size.rows, style: style)
        guard let dial = AnalogDial(columns: canvas.columns, rows: canvas.rows, style: style) else {
            let middleRow = Double((canvas.rows - 1) / 2 * style.dotsDown)
            canvas.write(
                ClockText.time(reading, twelveHour: false, seconds: seconds),
                centeredOn: (Double(canvas.width) / 2, middleRow))
            return canvas.lines()
        }
        canvas.circle(centerX: dial.centerX, centerY: dial.centerY, radius: dial.radius)
        dial.drawTicks(count: 60, longEvery: 5, on: &canvas)
        drawHands(reading, seconds: seconds, dial, on: &canvas)
        drawNumbers(dial, on: &canvas)
        if let complication {
            drawComplication(complication, dial, on: &canvas)
        }
        return canvas.lines()
    }

    private static func drawHands(
        _ reading: ClockReading, seconds: Bool, _ dial: AnalogDial,
        on canvas: inout DotCanvas
    ) {
        let second = Double(reading.second)
        let minute = Double(reading.minute) + second / 60
        let hour = Double(reading.hour % 12) + minute / 60
        let radius = Double(dial.radius)
        drawHand(turns: hour / 12, length: radius * 0.5, thick: true, dial, on: &canvas)
        drawHand(turns: minute / 60, length: radius * 0.8, thick: true, dial, on: &canvas)
        if seconds {
            drawHand(turns: second / 60, length: Double(dial.innerRadius), thick: false, dial, on: &canvas)
        }
    }

    /// A thick hand is two dots wide: its line again one dot across (or, near horizontal, one dot down).
    private static func drawHand(
        turns: Double, length: Double, thick: Bool, _ dial: AnalogDial,
        on canvas: inout DotCanvas
    ) {
        let tip = dial.point(turns: turns, distance: length)
        canvas.line(fromX: dial.centerX, y: dial.centerY, toX: tip.x, y: tip.y)
        guard thick else { return }
        let steep = abs(tip.y - dial.centerY) > abs(tip.x - dial.centerX)
        let (shiftX, shiftY) = steep ? (1, 0) : (0, 1)
        canvas.line(fromX: dial.centerX + shiftX, y: dial.centerY + shiftY, toX: tip.x + shiftX, y: tip.y + shiftY)
    }

    private static func drawNumbers(_ dial: AnalogDial, on canvas: inout DotCanvas) {
        for hour in 1...12 {
            let label = String(hour)
            canvas.write(label, centeredOn: dial.labelMiddle(label, turns: Double(hour) / 12))
        }
    }

    /// Like the widget's small dial: centred about a third of the way from the centre to the 6 (clear of the 4
    /// and the 8), and cut to the width of the face there, inside the numbers.
    private static func drawComplication(_ text: String, _ dial: AnalogDial, on canvas: inout DotCanvas) {
        let below = Double(dial.radius) * 0.3
        // The numbers take about one cell's height inside the ticks; keep clear of them by another.
        let inside = Double(dial.innerRadius - 2 * dial.style.dotsDown)
        let halfChord = (max(0, inside * inside - below * below)).squareRoot()
        let width = Int(2 * halfChord) / dial.style.dotsAcross
        canvas.write(ComplicationText.fitted(text, width: width), centeredOn: (dial.middle.x, dial.middle.y + below))
    }
}
