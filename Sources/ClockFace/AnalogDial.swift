/// Where things go on an analog face fitted into a canvas: the centre, the radius and the lengths that follow
/// from it, all in dots. Dots are square in both `DotStyle`s (a braille cell is 2 dots across and 4 down, a half
/// block 1 and 2, and a terminal cell is about twice as tall as wide), so a circle of radius r dots is round on
/// screen and spans 2r / dotsAcross columns and 2r / dotsDown rows: twice as many columns as rows.
struct AnalogDial {
    /// On a circle fewer rows tall than this the twelve numbers run into each other and into the ticks, so the
    /// face is not drawn.
    static let minimumRows = 11

    let centerX: Int
    let centerY: Int
    let radius: Int
    let style: DotStyle

    /// The largest dial that fits, centred both ways; nil when it would be less than `minimumRows` tall.
    init?(columns: Int, rows: Int, style: DotStyle) {
        // An even number of dots has no middle dot; taking the one right of and below the middle keeps a hand at
        // 12 or 3 on a single row or column of dots, at the price of the circle sitting half a dot off.
        let (width, height) = (columns * style.dotsAcross, rows * style.dotsDown)
        (centerX, centerY, self.style) = (width / 2, height / 2, style)
        radius = min(centerX, width - 1 - centerX, centerY, height - 1 - centerY)
        guard 2 * radius + 1 >= Self.minimumRows * style.dotsDown else { return nil }
    }

    /// Ticks run inwards from the circle: a tenth of the radius for the five-minute ones, half that for the rest.
    var longTick: Int { max(2, radius / 10) }
    var shortTick: Int { max(1, longTick / 2) }

    /// One dot inside the long ticks: the numbers keep inside it, and the second hand reaches it.
    var innerRadius: Int { radius - longTick - 1 }

    /// The dot `distance` dots from the centre, `turns` of a turn clockwise from 12. The offset is rounded, not
    /// the position, so that opposite points stay mirror images.
    func point(turns: Double, distance: Double) -> (x: Int, y: Int) {
        let unit = DialDirection.unit(turns: turns)
        return (centerX + Int((unit.x * distance).rounded()), centerY + Int((unit.y * distance).rounded()))
    }

    /// The point of the dot plane where `label`'s middle goes so that it sits on its angle just inside the ticks,
    /// its nearer edge touching `innerRadius` whichever way the angle points.
    func labelMiddle(_ label: String, turns: Double) -> (x: Double, y: Double) {
        let unit = DialDirection.unit(turns: turns)
        let halfWidth = Double(label.unicodeScalars.count * style.dotsAcross) / 2
        let halfHeight = Double(style.dotsDown) / 2
        let distance = Double(innerRadius) - abs(unit.x) * halfWidth - abs(unit.y) * halfHeight
        return (middle.x + unit.x * distance, middle.y + unit.y * distance)
    }

    /// `count` ticks running inwards from the circle, every `longEvery`-th a long one (a clock's 60 and 5, a
    /// compass's 16 and 2).
    func drawTicks(count: Int, longEvery: Int, on canvas: inout DotCanvas) {
        for index in 0..<count {
            let turns = Double(index) / Double(count)
            let length = index % longEvery == 0 ? longTick : shortTick
            let outer = point(turns: turns, distance: Double(radius))
            let inner = point(turns: turns, distance: Double(radius - length))
            canvas.line(fromX: outer.x, y: outer.y, toX: inner.x, y: inner.y)
        }
    }

    /// The centre dot's middle in the dot plane, where dot x covers x up to x + 1.
    var middle: (x: Double, y: Double) { (Double(centerX) + 0.5, Double(centerY) + 0.5) }
}
