import Testing

@testable import ClockFace
@testable import NoiseCore

@Suite("Dot canvas")
struct DotCanvasTests {
    @Test
    func brailleDotsFollowTheUnicodeNumbering() {
        var canvas = DotCanvas(columns: 3, rows: 1, style: .braille)
        canvas.set(x: 0, y: 0)
        canvas.set(x: 3, y: 3)
        #expect(canvas.lines() == ["\u{2801}\u{2880} "])
        for (x, y) in [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3)] {
            canvas.set(x: x, y: y)
        }
        #expect(canvas.lines() == ["\u{287F}\u{2880} "])
    }

    @Test
    func blocksAreHalvesOfACell() {
        var canvas = DotCanvas(columns: 4, rows: 1, style: .blocks)
        canvas.set(x: 0, y: 0)
        canvas.set(x: 1, y: 1)
        canvas.set(x: 2, y: 0)
        canvas.set(x: 2, y: 1)
        #expect(canvas.lines() == ["▀▄█ "])
    }

    @Test(arguments: DotStyle.allCases)
    func drawingOffTheCanvasIsClipped(_ style: DotStyle) {
        var canvas = DotCanvas(columns: 2, rows: 2, style: style)
        canvas.line(fromX: -10, y: -10, toX: 50, y: 50)
        canvas.circle(centerX: 0, centerY: 0, radius: 40)
        canvas.write("clock", column: -2, row: 1)
        canvas.write("x", column: 0, row: 9)
        let lines = canvas.lines()
        #expect(lines.count == 2 && lines.allSatisfy { $0.unicodeScalars.count == 2 })
        #expect(lines[1] == "oc")
    }

    @Test
    func aLineIncludesBothEnds() {
        var canvas = DotCanvas(columns: 4, rows: 1, style: .blocks)
        canvas.line(fromX: 3, y: 1, toX: 0, y: 0)
        #expect(canvas.lines() == ["▀▀▄▄"])
    }

    @Test
    func textReplacesTheDotsOfItsCells() {
        var canvas = DotCanvas(columns: 3, rows: 1, style: .braille)
        canvas.line(fromX: 0, y: 0, toX: 5, y: 0)
        canvas.write("6", centeredOn: (3, 0))
        #expect(canvas.lines() == ["\u{2809}6\u{2809}"])
    }

    @Test
    func directionsAreExactAtTheQuarters() {
        #expect(DialDirection.unit(turns: 0) == (0, -1))
        #expect(DialDirection.unit(turns: 0.25) == (1, 0))
        #expect(DialDirection.unit(turns: 0.5) == (0, 1))
        #expect(DialDirection.unit(turns: 1.75) == (-1, 0))
        let one = DialDirection.unit(turns: 1.0 / 12)
        #expect(abs(one.x - 0.5) < 1e-14 && abs(one.y + 0.75.squareRoot()) < 1e-14)
        let tenPast = DialDirection.unit(turns: 10.0 / 60 + 0.5)
        #expect(abs(tenPast.x + 0.75.squareRoot()) < 1e-14 && abs(tenPast.y - 0.5) < 1e-14)
    }
}
