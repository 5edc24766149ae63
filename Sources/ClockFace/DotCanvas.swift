/// A grid of character cells drawn on as dots (`DotStyle` says how many per cell), with text that can be laid
/// over cells. Coordinates are in dots, (0, 0) at the top left, y growing down. Drawing outside the canvas is
/// clipped rather than trapped, so a shape may run off the edge of a small terminal without harm.
struct DotCanvas: Sendable {
    let columns: Int
    let rows: Int
    let style: DotStyle
    private var bits: [UInt8]
    /// Text laid over cells; a cell with text shows it instead of its dots.
    private var text: [Unicode.Scalar?]

    init(columns: Int, rows: Int, style: DotStyle) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.style = style
        bits = Array(repeating: 0, count: self.columns * self.rows)
        text = Array(repeating: nil, count: self.columns * self.rows)
    }

    /// The canvas's size in dots.
    var width: Int { columns * style.dotsAcross }
    var height: Int { rows * style.dotsDown }

    mutating func set(x: Int, y: Int) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        let (across, down) = (style.dotsAcross, style.dotsDown)
        bits[(y / down) * columns + x / across] |= style.bit(across: x % across, down: y % down)
    }

    /// Bresenham's line, both ends included.
    mutating func line(fromX x0: Int, y y0: Int, toX x1: Int, y y1: Int) {
        for dot in Self.lineDots(fromX: x0, y: y0, toX: x1, y: y1) { set(x: dot.x, y: dot.y) }
    }

    /// The dots of Bresenham's line in order from the first end, both ends included: what `line` sets, for a
    /// caller that sets only some of them (the world map's dotted ground track).
    static func lineDots(fromX x0: Int, y y0: Int, toX x1: Int, y y1: Int) -> [(x: Int, y: Int)] {
        let (dx, dy) = (abs(x1 - x0), -abs(y1 - y0))
        let (stepX, stepY) = (x0 < x1 ? 1 : -1, y0 < y1 ? 1 : -1)
        var (x, y, error) = (x0, y0, dx + dy)
        var dots: [(x: Int, y: Int)] = []
        while true {
            dots.append((x, y))
            if x == x1 && y == y1 { return dots }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += stepX }
            if doubled <= dx { error += dx; y += stepY }
        }
    }

    /// The midpoint circle: every dot at `radius` (rounded) from the centre, each octant mirrored from the first.
    mutating func circle(centerX: Int, centerY: Int, radius: Int) {
        var (x, y, error) = (radius, 0, 1 - radius)
        while x >= y {
            for (a, b) in [(x, y), (y, x)] {
                set(x: centerX + a, y: centerY + b)
                set(x: centerX - a, y: centerY + b)
                set(x: centerX + a, y: centerY - b)
                set(x: centerX - a, y: centerY - b)
            }
            y += 1
            if error < 0 {
                error += 2 * y + 1
            } else {
                x -= 1
                error += 2 * (y - x) + 1
            }
        }
    }

    /// Lays `string` over the cells from `column` rightwards, one Unicode scalar a cell (so a line never grows
    /// wider than the canvas), cut at the edges.
    mutating func write(_ string: String, column: Int, row: Int) {
        guard (0..<rows).contains(row) else { return }
        for (offset, scalar) in string.unicodeScalars.enumerated() where (0..<columns).contains(column + offset) {
            text[row * columns + column + offset] = scalar
        }
    }

    /// Lays `string` over the cells so that its middle falls on `point` of the dot plane (where dot x covers x up
    /// to x + 1), cut to the canvas's width first so that a long string keeps its start.
    mutating func write(_ string: String, centeredOn point: (x: Double, y: Double)) {
        let scalars = string.unicodeScalars.prefix(columns)
        let across = Double(style.dotsAcross)
        let column = Int(((point.x - Double(scalars.count) * across / 2) / across).rounded())
        write(
            String(String.UnicodeScalarView(scalars)), column: max(0, column),
            row: Int((point.y / Double(style.dotsDown)).rounded(.down)))
    }

    /// Exactly `rows` lines of exactly `columns` Unicode scalars each.
    func lines() -> [String] {
        (0..<rows).map { row in
            var line = String.UnicodeScalarView()
            for cell in row * columns..<(row + 1) * columns {
                line.append(text[cell] ?? style.glyph(bits[cell]))
            }
            return String(line)
        }
    }
}
